import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Client, type Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTemporal } from '../../libs/config/temporal-connect.ts';
import { GeneratedChapter, GeneratorProject } from '../../libs/db/index.ts';
import { FakeAiServer } from '../../testing/ai-fakes.ts';
import { openDeps, testConfig } from '../../testing/index.ts';
import { repoRoot } from '../../scripts/stack/profile.ts';
import { bookWorkflow } from './workflow.ts';
import { progressQuery } from './messages.ts';

const taskQueue = `resume-${randomUUID().slice(0, 8)}`;
const config = testConfig({ TEMPORAL_TASK_QUEUE: taskQueue });
let fake: FakeAiServer;
let deps: Awaited<ReturnType<typeof openDeps>>;
let connection: Connection;
let client: Client;

/** The real worker process (apps/worker/src/main.ts), its provider pointed at the loopback fake. */
function startWorkerProcess(): ChildProcess {
  return spawn(process.execPath, [join(repoRoot, 'apps/worker/src/main.ts')], {
    env: { ...process.env, TEMPORAL_TASK_QUEUE: taskQueue, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
}

beforeAll(async () => {
  fake = await new FakeAiServer().start();
  fake.delay(400);
  deps = await openDeps(config);
  connection = await connectTemporal(config);
  client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
});
afterAll(async () => {
  await connection?.close();
  await deps?.close();
  await fake?.stop();
});

const chapterCalls = (n: number) => fake.received.filter((r) => JSON.stringify(r.body).includes(`Write chapter ${n} of`)).length;

describe('a worker killed in the middle of the chapters', () => {
  it('is replaced and the same book completes without rewriting the chapters already written', async () => {
    const em = deps.orm.em.fork();
    const project = em.create(GeneratorProject, {
      id: randomUUID(), name: 'resume', title: 'Resilient Teams', author: 'Ada Writer', topic: 'How teams keep working when people and systems fail',
      writingStyle: 'practical', totalTargetWords: 24_000, language: 'English', provider: 'anthropic', mode: 'auto', createdAt: new Date(), updatedAt: new Date(),
    });
    await em.flush();

    let worker = startWorkerProcess();
    const handle = await client.workflow.start(bookWorkflow, {
      workflowId: `book-${project.id}`,
      taskQueue,
      args: [{ projectId: project.id, mode: 'auto', chapterConcurrency: 2, chaptersToGenerate: null, heartbeatTimeout: '3 seconds' }],
    });

    // Wait until some chapters are written and others are not.
    let written = 0;
    for (let i = 0; i < 200 && written < 2; i++) {
      await new Promise((r) => setTimeout(r, 150));
      written = Object.values((await handle.query(progressQuery).catch(() => ({ chapters: {} }))).chapters).filter((s) => s === 'generated').length;
    }
    expect(written).toBeGreaterThanOrEqual(2);
    const doneBefore = (await deps.orm.em.fork().find(GeneratedChapter, { project: project.id })).map((c) => c.number);
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker.once('exit', resolve));

    worker = startWorkerProcess();
    try {
      const result = await handle.result();
      expect(result.stage).toBe('complete');
      expect(result.chapterCount).toBe(8);
      const chapters = await deps.orm.em.fork().find(GeneratedChapter, { project: project.id });
      expect(chapters).toHaveLength(8);
      // Chapters finished before the kill were written once; only those in flight could be asked for again.
      for (const n of doneBefore) expect(chapterCalls(n), `chapter ${n}`).toBe(1);
      for (let n = 1; n <= 8; n++) expect(chapterCalls(n), `chapter ${n}`).toBeLessThanOrEqual(2);
    } finally {
      worker.kill('SIGTERM');
      await new Promise((resolve) => worker.once('exit', resolve));
    }
  });
});
