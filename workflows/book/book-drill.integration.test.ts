import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeneratorProject, readBookProgress } from '../../libs/db/index.ts';
import { FakeAiServer } from '../../testing/ai-fakes.ts';
import { FaultDrill, waitFor, type DrillService } from '../../testing/fault-drill.ts';
import { bookWorkflow } from './workflow.ts';

// The fault drill for a book: the worker, PostgreSQL, the Temporal server and MinIO are each kill -9'd in turn while
// one book is written over a slow loopback provider, and started again; the book completes with nothing done twice.
let fake: FakeAiServer;
let drill: FaultDrill;

beforeAll(async () => {
  fake = await new FakeAiServer().start();
  fake.delay(700);
  drill = await FaultDrill.start({ workerEnv: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url } });
}, 120_000);
afterAll(async () => {
  await drill?.destroy();
  await fake?.stop();
});

const sql = async <T>(query: string, params: unknown[] = []) => (await drill.deps.orm.em.fork().getConnection().execute(query, params)) as T[];
/** The book's progress row, or null while PostgreSQL is down or the row is not there yet. */
const progress = (projectId: string) => readBookProgress(drill.deps.orm.em.fork(), projectId).catch(() => null);
const inFlight = () => fake.received.some((r) => r.answeredAt === undefined);
/** Which step a request is for: its prompt's opening ("Write chapter 3 of 8, …"); the rest may differ between attempts. */
const stepOf = (body: Record<string, unknown>) => String((body.messages as { content: string }[])[0]?.content).slice(0, 60);
/** The provider_steps purpose of a step's prompt. */
const purposeOf = (step: string) => {
  const chapter = /^Write chapter (\d+) of/.exec(step)?.[1];
  if (chapter) return `chapter ${chapter}`;
  return step.startsWith('Plan ') ? 'outline' : step.includes('introduction') ? 'introduction' : step.includes('summary') ? 'summary' : step;
};
const written = async (projectId: string) => Object.values((await progress(projectId))?.chapters ?? {}).filter((s) => s === 'generated').length;

describe('a book through the fault drill', () => {
  it('completes after the worker, PostgreSQL, Temporal and MinIO are each killed mid-book, with one version and one paid call per step', async () => {
    const em = drill.deps.orm.em.fork();
    const project = em.create(GeneratorProject, {
      id: randomUUID(), name: 'drill', title: 'Resilient Teams', author: 'Ada Writer', topic: 'How teams keep working when people and systems fail',
      writingStyle: 'practical', totalTargetWords: 24_000, language: 'English', provider: 'anthropic', mode: 'auto', createdAt: new Date(), updatedAt: new Date(),
    });
    await em.flush();
    const handle = await drill.client.workflow.start(bookWorkflow, {
      workflowId: `book-${project.id}`,
      taskQueue: drill.config.TEMPORAL_TASK_QUEUE,
      args: [{ projectId: project.id, mode: 'auto', chapterConcurrency: 2, chaptersToGenerate: null, heartbeatTimeout: '2 seconds', includeCover: true }],
    });

    // Calls the killed worker had made and not recorded: only their answers can be lost, so only they may be asked again.
    const lost = new Set<string>();
    const kills: { service: DrillService; when: () => Promise<boolean> }[] = [
      { service: 'worker', when: async () => (await written(project.id)) >= 1 },
      // With a provider call in flight: its paid answer must be recorded once PostgreSQL is back, not bought again.
      { service: 'postgres', when: async () => inFlight() && (await written(project.id)) >= 3 },
      { service: 'temporal', when: async () => inFlight() && (await written(project.id)) >= 5 },
      { service: 'minio', when: async () => (await progress(project.id))?.stage === 'building' },
    ];
    for (const { service, when } of kills) {
      await waitFor(`the moment to kill ${service}`, when, 120_000);
      await drill.kill9(service);
      if (service === 'worker') {
        const unrecorded = await sql<{ purpose: string }>(`select purpose from provider_steps where project_id = ? and status <> 'done'`, [project.id]);
        for (const r of fake.received) if (unrecorded.some((step) => step.purpose === purposeOf(stepOf(r.body)))) lost.add(stepOf(r.body));
      }
      await drill.restart(service);
    }

    const result = await handle.result();
    expect(result.stage, readFileSync(drill.logFile('worker'), 'utf8').slice(-4000)).toBe('complete');
    expect(result.chapterCount).toBe(8);

    // One generated version per chapter, each written by one step.
    const versions = await sql<{ chapter: number; n: string }>('select chapter, count(*) as n from chapter_versions where project_id = ? group by chapter order by chapter', [project.id]);
    expect(versions.map((v) => [v.chapter, Number(v.n)])).toEqual(Array.from({ length: 8 }, (_, i) => [i + 1, 1]));

    // Every paid step done once: one step row, one call-log row, the project's counters and cost to match.
    const steps = await sql<{ purpose: string; status: string; cost_usd: string }>('select purpose, status, cost_usd from provider_steps where project_id = ?', [project.id]);
    const calls = await sql<{ cost_usd: string }>('select cost_usd from ai_provider_calls where project_id = ?', [project.id]);
    const [totals] = await sql<{ provider_calls: number; cost_usd: string }>('select provider_calls, cost_usd from generator_projects where id = ?', [project.id]);
    expect(steps.length).toBeGreaterThanOrEqual(8);
    expect(steps.every((s) => s.status === 'done')).toBe(true);
    expect(calls).toHaveLength(steps.length);
    expect(Number(totals?.provider_calls)).toBe(steps.length);
    const sum = (rows: { cost_usd: string }[]) => rows.reduce((total, row) => total + Number(row.cost_usd), 0);
    expect(Number(totals?.cost_usd)).toBeCloseTo(sum(steps), 5);
    expect(sum(calls)).toBeCloseTo(sum(steps), 5);

    // The provider was asked once per step; a request in flight when the worker died is the only one asked again.
    const asked = new Map<string, number>();
    for (const r of fake.received) asked.set(stepOf(r.body), (asked.get(stepOf(r.body)) ?? 0) + 1);
    expect([...asked.keys()].map(purposeOf).sort()).toEqual(steps.map((step) => step.purpose).sort());
    const repeated = [...asked].filter(([step, n]) => n > 1 && !lost.has(step));
    expect(repeated.map(([step, n]) => `${step} (${n} times)`)).toEqual([]);
    for (const step of lost) expect(asked.get(step), step).toBeLessThanOrEqual(2);

    // The worker rode out every outage without crashing.
    expect(drill.crashes).toEqual({ worker: 0, postgres: 0, minio: 0, temporal: 0 });

    // The files the build wrote are in the restarted MinIO.
    const [files] = await sql<{ pdf_key: string | null; epub_key: string | null; cover_pdf_key: string | null }>('select pdf_key, epub_key, cover_pdf_key from generator_projects where id = ?', [project.id]);
    for (const key of [files?.pdf_key, files?.epub_key, files?.cover_pdf_key]) {
      expect(key).toBeTruthy();
      expect(await drill.deps.storage.stat(key ?? '')).not.toBeNull();
    }
  }, 300_000);
});
