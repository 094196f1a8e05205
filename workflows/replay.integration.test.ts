import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowBundle } from '../apps/worker/src/worker.ts';
import { GeneratorProject } from '../libs/db/index.ts';
import { startEngine, testConfig, type Engine } from '../testing/index.ts';
import { ensureGoProgram } from '../scripts/stack/tools.ts';
import { bookWorkflow } from './book/workflow.ts';
import { finalizeUpdate, generateChaptersUpdate, generateIntroductionUpdate, generateOutlineUpdate, generateSummaryUpdate, regenerateChapterUpdate } from './book/messages.ts';

/**
 * Recorded histories of earlier runs are replayed against today's workflow code: a change that would break
 * running books (non-determinism) fails here. `PRESSROOM_RECORD_HISTORIES=1 npm test -- workflows/replay`
 * records fresh ones from the runs below. `-v1` files were recorded before the PDF stage existed and `-v2` before
 * the EPUB joined it: books started then still replay (`patched('build-interior-pdf')`, `patched('build-epub')`).
 */
const historiesDir = join(import.meta.dirname, 'histories');
const config = testConfig({ TEMPORAL_TASK_QUEUE: `replay-${randomUUID().slice(0, 8)}` });
let engine: Engine;
let deps: Engine['deps'];
let client: Client;

beforeAll(async () => {
  engine = await startEngine(config);
  ({ deps, client } = engine);
});
afterAll(async () => {
  await engine?.stop();
});

async function project(): Promise<string> {
  const em = deps.orm.em.fork();
  const row = em.create(GeneratorProject, {
    id: randomUUID(), name: 'replay', title: 'Replayable Books', author: 'Ada Writer', topic: 'How deterministic workflows keep long jobs safe across deployments',
    writingStyle: 'practical', totalTargetWords: 10_000, language: 'English', provider: 'mock', mode: 'auto', createdAt: new Date(), updatedAt: new Date(),
  });
  await em.flush();
  return row.id;
}

const replay = async (history: unknown, name: string) =>
  Worker.runReplayHistory({ workflowBundle: await workflowBundle(), replayName: name }, history);

describe('workflow replay', () => {
  it('replays an auto-mode book and a step-mode book run just now', async () => {
    const autoId = await project();
    const auto = await client.workflow.start(bookWorkflow, { workflowId: `book-${autoId}`, taskQueue: config.TEMPORAL_TASK_QUEUE, args: [{ projectId: autoId, mode: 'auto', chapterConcurrency: 2, chaptersToGenerate: null }] });
    await auto.result();

    const stepId = await project();
    const step = await client.workflow.start(bookWorkflow, { workflowId: `book-${stepId}`, taskQueue: config.TEMPORAL_TASK_QUEUE, args: [{ projectId: stepId, mode: 'step', chapterConcurrency: 2, chaptersToGenerate: null }] });
    await step.executeUpdate(generateOutlineUpdate);
    await step.executeUpdate(generateIntroductionUpdate);
    await step.executeUpdate(generateChaptersUpdate, { args: [null] });
    await step.executeUpdate(regenerateChapterUpdate, { args: [2] });
    await step.executeUpdate(generateSummaryUpdate);
    await step.executeUpdate(finalizeUpdate);
    await step.result();

    for (const [name, handle] of [['book-auto', auto], ['book-step', step]] as const) {
      const history = await handle.fetchHistory();
      await expect(replay(history, name)).resolves.toBeUndefined();
      if (process.env.PRESSROOM_RECORD_HISTORIES === '1') {
        // The Temporal CLI writes histories in the JSON form replay reads.
        const json = execFileSync(await ensureGoProgram('temporal', 'run the tests through npm test'), [
          'workflow', 'show', '--workflow-id', handle.workflowId, '--namespace', config.TEMPORAL_NAMESPACE, '--address', config.TEMPORAL_ADDRESS, '--output', 'json',
        ]);
        writeFileSync(join(historiesDir, `${name}.json`), json);
      }
    }
  });

  it('replays every recorded history against the current code', async () => {
    const files = readdirSync(historiesDir).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      await expect(replay(JSON.parse(readFileSync(join(historiesDir, file), 'utf8')), file), file).resolves.toBeUndefined();
    }
  });
});
