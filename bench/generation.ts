// bench/generation: the book engine on the real stack (the test profile's PostgreSQL, Temporal and MinIO).
//  1. seconds for a 12-chapter `mock` book, end to end through the workflow;
//  2. the chapter stage against a loopback provider that takes 2 s per call: every chapter at once (the provider's
//     cap) against one at a time (the older system wrote chapters one after another, with a second between them);
//  3. a whole 8-chapter book against a loopback provider that takes 4 s per call, stage by stage, as a ratio to its
//     limit: three provider latencies (outline → introduction beside the chapters → summary) plus rendering;
//  4. books per minute with 20 `mock` books generating at once, how many failed (must be 0), and where the time went.
// On a busy machine a Temporal read that times out is made again (temporal-reads.ts), not the end of the run.
// Run: npm run bench:generation
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { createProviders } from '../libs/ai/index.ts';
import { loadConfig } from '../libs/config/index.ts';
import { GeneratorProject } from '../libs/db/index.ts';
import { PROVIDERS, type ProviderId } from '../libs/domain/index.ts';
import { FakeAiServer } from '../testing/ai-fakes.ts';
import { openDeps, startWorker } from '../testing/index.ts';
import { loadProfile } from '../scripts/stack/profile.ts';
import { ensureMinio, ensurePostgres, ensureTemporal } from '../scripts/stack/services.ts';
import { setUpServices } from '../scripts/stack/setup.ts';
import { Supervisor } from '../scripts/stack/supervisor.ts';
import type { BookProgress } from '../workflows/book/messages.ts';
import { bookWorkflow } from '../workflows/book/workflow.ts';
import { executeRetrying, retryingTimeouts } from './temporal-reads.ts';

const profile = loadProfile('test');
const supervisor = new Supervisor();
const config = loadConfig({ ...profile.env, TEMPORAL_TASK_QUEUE: `bench-${randomUUID().slice(0, 8)}`, LOG_LEVEL: 'warn' });
const fake = await new FakeAiServer().start();

try {
  await ensurePostgres({ profile, supervisor });
  await Promise.all([ensureTemporal({ profile, supervisor }, { ui: false }), ensureMinio({ profile, supervisor })]);
  await setUpServices(config);
  const deps = await openDeps(config);
  deps.providers = createProviders({ ...config, ANTHROPIC_API_KEY: 'bench', ANTHROPIC_BASE_URL: fake.url });
  const worker = await startWorker(config, deps);
  const connection = await retryingTimeouts('connecting to Temporal', () => Connection.connect({ address: config.TEMPORAL_ADDRESS }));
  const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });

  const book = async (provider: ProviderId, words: number, chapterConcurrency?: number): Promise<BookProgress> => {
    const em = deps.orm.em.fork();
    const project = em.create(GeneratorProject, {
      id: randomUUID(), name: 'bench', title: 'Benchmarking Books', author: 'Bench Runner', topic: 'How long a whole book takes when the engine runs on the real stack',
      writingStyle: 'practical', totalTargetWords: words, language: 'English', provider, mode: 'auto', createdAt: new Date(), updatedAt: new Date(),
    });
    await em.flush();
    return executeRetrying(client, bookWorkflow, { workflowId: `book-${project.id}`, taskQueue: config.TEMPORAL_TASK_QUEUE, args: [{ projectId: project.id, mode: 'auto', provider, ...(chapterConcurrency ? { chapterConcurrency } : {}), chaptersToGenerate: null }] });
  };
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  const stageMs = (progress: BookProgress, stage: string) => {
    const at = (completed: boolean) => Date.parse(progress.history.find((h) => h.stage === stage && h.completed === completed)?.timestamp ?? '');
    return at(true) - at(false);
  };
  const chapterStageMs = (progress: BookProgress) => stageMs(progress, 'generating_chapters');
  /** From the first of the stages' starts to the last of their ends (stages may run side by side). */
  const spanMs = (progress: BookProgress, stages: readonly string[]) => {
    const times = (completed: boolean) => progress.history.filter((h) => stages.includes(h.stage) && h.completed === completed).map((h) => Date.parse(h.timestamp));
    return Math.max(...times(true)) - Math.min(...times(false));
  };
  // The cover starts once the interior is built, beside the other formats.
  const RENDERING = ['building', 'generating_cover'];
  const STAGES = ['generating_outline', 'generating_introduction', 'generating_chapters', 'generating_summary', 'finalizing', 'building', 'generating_cover'] as const;
  const stageLine = (progress: BookProgress) => STAGES.map((stage) => `${stage.replace('generating_', '')} ${seconds(stageMs(progress, stage))}`).join(', ');

  // 1. One 12-chapter mock book.
  await book('mock', 12_000, config.CHAPTER_CONCURRENCY); // warm-up: bundle, connections, JIT
  let started = performance.now();
  const twelve = await book('mock', 36_000, config.CHAPTER_CONCURRENCY);
  const twelveMs = performance.now() - started;
  console.log(`\n1. 12-chapter mock book end to end: ${seconds(twelveMs)} s (${twelve.chapterCount} chapters, ${twelve.wordsSoFar} words)`);

  // 2. Chapter stage with a provider that takes 2 s per call.
  fake.delay(2000);
  const parallel = await book('anthropic', 24_000, config.CHAPTER_CONCURRENCY);
  const sequential = await book('anthropic', 24_000, 1);
  fake.delay(0);
  const parallelMs = chapterStageMs(parallel);
  const sequentialMs = chapterStageMs(sequential);
  const olderMs = sequentialMs + 1000 * (sequential.chapterCount - 1);
  console.log(`2. chapter stage, ${parallel.chapterCount} chapters at 2 s per call:`);
  const lanes = Math.min(parallel.chapterCount, PROVIDERS.anthropic.maxConcurrency, config.CHAPTER_CONCURRENCY ?? Infinity);
  console.log(`   ${lanes} lanes ${seconds(parallelMs)} s   one at a time ${seconds(sequentialMs)} s   ratio ${(sequentialMs / parallelMs).toFixed(2)}x (target ≥ 6x)`);
  console.log(`   against the older system (one at a time, 1 s between chapters, ${seconds(olderMs)} s): ${(olderMs / parallelMs).toFixed(2)}x`);

  // 3. A whole book with a provider that takes 4 s per call.
  fake.delay(4000);
  started = performance.now();
  const whole = await book('anthropic', 24_000, config.CHAPTER_CONCURRENCY);
  const wholeMs = performance.now() - started;
  fake.delay(0);
  const renderingMs = spanMs(whole, RENDERING);
  const limitMs = 3 * 4000 + renderingMs;
  console.log(`3. whole ${whole.chapterCount}-chapter book at 4 s per call: ${seconds(wholeMs)} s (${stageLine(whole)})`);
  console.log(`   limit: 3 provider latencies + rendering ${seconds(renderingMs)} s = ${seconds(limitMs)} s; ratio ${(wholeMs / limitMs).toFixed(2)}x (target ≤ 1.2x)`);

  // 4. Twenty books at once.
  started = performance.now();
  const results = await Promise.allSettled(Array.from({ length: 20 }, () => book('mock', 12_000, config.CHAPTER_CONCURRENCY)));
  const elapsedMs = performance.now() - started;
  const done = results.flatMap((r) => (r.status === 'fulfilled' && r.value.stage === 'complete' ? [r.value] : []));
  console.log(`4. 20 mock books at once: ${((20 * 60_000) / elapsedMs).toFixed(1)} books/minute (${seconds(elapsedMs)} s), failures: ${20 - done.length}`);
  const mean = (stage: string) => done.reduce((sum, p) => sum + stageMs(p, stage), 0) / Math.max(1, done.length);
  console.log(`   mean seconds per book by stage: ${STAGES.map((stage) => `${stage.replace('generating_', '')} ${seconds(mean(stage))}`).join(', ')}`);
  const meanSpan = (stages: readonly string[]) => done.reduce((sum, p) => sum + spanMs(p, stages), 0) / Math.max(1, done.length);
  const renderShare = meanSpan(RENDERING) / meanSpan(STAGES);
  console.log(`   rendering (the formats and the cover, CPU in the one worker process) is ${(100 * renderShare).toFixed(0)} % of a book's time; the mock`);
  console.log(`   writing stages call no remote provider, so their time under load is waiting for that process, whose typesetting holds its main thread\n`);

  await worker.stop();
  await connection.close();
  await deps.close();
} finally {
  await fake.stop();
  await supervisor.stopAll();
}
