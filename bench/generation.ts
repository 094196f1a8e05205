// bench/generation: the book engine on a stack of its own (bench/load-stack.ts: PostgreSQL, Temporal, MinIO, the real
// worker and API processes, a loopback fake provider; no test lock needed).
//  1. seconds for a 12-chapter `mock` book, end to end through the workflow;
//  2. the chapter stage against a loopback provider that takes 2 s per call: every chapter at once (the provider's
//     cap) against one at a time (the older system wrote chapters one after another, with a second between them);
//  3. a whole 8-chapter book against a loopback provider that takes 4 s per call, stage by stage, as a ratio to its
//     limit: three provider latencies (outline → introduction beside the chapters → summary) plus rendering;
//  4. what users get: books a minute through the API, the load test's run (bench/load-run.ts) — real-size books
//     (12 chapters, about 105 pages, a cover) from as many accounts, pages polling their status — with its failures,
//     duplicates, read latencies and CPU per book.
// On a busy machine a Temporal read that times out is made again (temporal-reads.ts), not the end of the run.
// Run: npm run bench:generation [-- --books 20 --latency-ms 3000]
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { GeneratorProject } from '../libs/db/index.ts';
import { PROVIDERS, type ProviderId } from '../libs/domain/index.ts';
import type { BookProgress } from '../workflows/book/messages.ts';
import { bookWorkflow } from '../workflows/book/workflow.ts';
import { LOAD_DEFAULTS, MAX_BOOKS, printReport, runFailed, runLoad } from './load-run.ts';
import { startLoadStack } from './load-stack.ts';
import { executeRetrying } from './temporal-reads.ts';

const { values } = parseArgs({ options: { books: { type: 'string', default: '20' }, 'latency-ms': { type: 'string', default: '3000' } } });
const books = Number(values.books);
const latencyMs = Number(values['latency-ms']);
if (!Number.isInteger(books) || books < 1 || books > MAX_BOOKS || !(latencyMs >= 0)) {
  console.error(`--books takes a whole number from 1 to ${MAX_BOOKS}; --latency-ms a number of milliseconds`);
  process.exit(2);
}
const stack = await startLoadStack({ latencyMs: 0 });
const { drill, fake } = stack;
const config = drill.config;
const client = drill.client;
// Until the run says otherwise: a run that throws part way has failed.
let failed = true;

try {
  const book = async (provider: ProviderId, words: number, chapterConcurrency?: number): Promise<BookProgress> => {
    const em = drill.deps.orm.em.fork();
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

  // 4. What users get: real-size books through the API, pages polling.
  fake.delay(latencyMs);
  const report = await runLoad(stack, { ...LOAD_DEFAULTS, books });
  console.log(`4. ${books} real-size books through the API from ${books} accounts, the provider at ${latencyMs / 1000} s a call:`);
  printReport(report, execFileSync('uptime', { encoding: 'utf8' }).replace(/.*load average:\s*/, '').trim());
  failed = runFailed(report);
} catch (error) {
  console.error(error);
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
