// The load test's run (bench/load.ts, bench/generation.ts): N authors through the HTTP API as the one-shot page drives
// it, each starting one real-size book and following its status by polling; autocannon reads a light route and a
// status route at a fixed rate, idle and then under that load; PostgreSQL is asked what was written twice; /proc says
// what CPU each process spent.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { DEFAULT_CONTENT_DEPTH, DEFAULT_GENERATION_MODE, DEFAULT_WRITING_STYLE, wordsForPages } from '../libs/domain/index.ts';
import { grantBookCredit } from '../testing/purchases.ts';
import { sql } from '../testing/sql.ts';
import { booksPerMinute, DUPLICATE_ROWS_SQL, findDuplicates, latencies, type Duplicates, type Latencies, type WrittenRows } from '../scripts/load-figures.ts';
import type { WindowReads } from './load-reads.ts';
import { MEASURED, type LoadStack, type Measured } from './load-stack.ts';

const run = promisify(execFile);
const READER = fileURLToPath(new URL('./load-reads.ts', import.meta.url));

export interface LoadOptions {
  books: number;
  /** How often a page asks for its book's status. */
  pollMs: number;
  /** Requests a second autocannon sends to each of the two read routes. */
  rate: number;
  /** Seconds of idle reads: the baseline's p99 is the 6th slowest of 600 reads at the default rate, not the 2nd of 200. */
  idleSeconds: number;
  /**
   * Reads run in windows of this length, each a reader of its own, back to back: idle for idleSeconds, under load until
   * the last book is done. Alike in both, so that a reader's own warm-up weighs the same in each.
   */
  windowSeconds: number;
  /** The whole run's time cap: books not done by then are failures. */
  capMs: number;
  /** Pages of each book (the one-shot page's length field), 12 chapters. */
  pages: number;
}

export const LOAD_DEFAULTS: LoadOptions = { books: 20, pollMs: 1000, rate: 20, idleSeconds: 30, windowSeconds: 10, capMs: 30 * 60_000, pages: 105 };
export const MAX_BOOKS = 60;

interface Reads {
  latency: Latencies;
  non2xx: number;
  errors: number;
}

interface BookRun {
  projectId: string | null;
  status: string;
  startedAt: number;
  doneAt: number | null;
  polls: number;
  pollErrors: number;
  pages: number | null;
  error: string | null;
}

export interface LoadReport {
  options: LoadOptions;
  idle: { light: Reads; status: Reads };
  load: { light: Reads; status: Reads };
  books: BookRun[];
  completed: number;
  failures: number;
  booksPerMinute: number;
  wallSeconds: number;
  duplicates: Duplicates;
  /** Provider requests the fake answered beyond the run's provider steps (a step bought twice shows here too). */
  extraProviderRequests: number;
  cpuSecondsPerBook: Record<Measured, number>;
  /** This process's: the fake provider and the pages' polling (the load, not the product; autocannon runs apart). */
  driverCpuSeconds: number;
  workerCrashes: number;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call<T>(stack: LoadStack, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${stack.apiUrl}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** An author as the sign-up page makes one; the confirmed address and the paid book credit are set up in the database. */
async function author(stack: LoadStack): Promise<string> {
  const signUp = await call<{ access_token: string; user: { id: string } }>(stack, 'POST', '/auth/signup', undefined, { email: `load-${randomUUID()}@example.com`, password: 'a sturdy load-test passphrase' });
  if (signUp.status !== 201 && signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
  const { id } = signUp.body.user;
  await sql(stack.databaseUrl, 'update users set email_verified = true where id = $1', [id]);
  await grantBookCredit(stack.databaseUrl, id);
  return signUp.body.access_token;
}

/** The one-shot page's request for a book of `pages` pages in 12 chapters, with a cover, on the paid provider. */
const brief = (pages: number) => ({
  title: `Working Notebooks ${randomUUID().slice(0, 6)}`,
  author: 'Load Tester',
  book_idea: 'How writers turn scattered notes into a finished, printable book, one routine at a time',
  ai_model: 'anthropic',
  source: 'one-shot',
  chapter_count: 12,
  generation_mode: DEFAULT_GENERATION_MODE.oneShot,
  content_depth: DEFAULT_CONTENT_DEPTH,
  chapters_to_generate: null,
  include_cover: true,
  writing_style: DEFAULT_WRITING_STYLE,
  total_target_words: wordsForPages(pages),
  language: 'English',
});

/** Starts a book and polls its status every pollMs until it is final or the cap passes, as the page does. */
const newRun = (): BookRun => ({ projectId: null, status: 'starting', startedAt: Date.now(), doneAt: null, polls: 0, pollErrors: 0, pages: null, error: null });

async function oneBook(stack: LoadStack, token: string, options: LoadOptions, deadline: number, run = newRun()): Promise<BookRun> {
  run.startedAt = Date.now();
  try {
    const started = await call<{ project_id?: string; message?: string }>(stack, 'POST', '/projects/generate-complete', token, brief(options.pages));
    if (started.status !== 201 || !started.body.project_id) throw new Error(`generate-complete answered ${started.status}: ${started.body.message ?? ''}`);
    run.projectId = started.body.project_id;
    run.status = 'running';
    // Pages are opened at moments of their own: the books start at once, their polls do not all fall on the same tick.
    await pause(Math.random() * options.pollMs);
    while (run.status === 'running') {
      if (Date.now() > deadline) throw new Error('not done within the time cap');
      await pause(options.pollMs);
      run.polls += 1;
      const answer = await call<{ status: string; error: string | null }>(stack, 'GET', `/projects/orchestration/${run.projectId}/status`, token).catch((error: unknown) => ({ status: 0, body: { status: 'running', error: String(error) } }));
      if (answer.status !== 200) {
        run.pollErrors += 1;
        continue;
      }
      run.status = answer.body.status;
      if (run.status !== 'running') run.doneAt = Date.now();
      if (run.status === 'failed') run.error = answer.body.error;
    }
    const previews = await call<{ page_count: number | null }>(stack, 'GET', `/projects/${run.projectId}/previews`, token);
    run.pages = previews.body.page_count ?? null;
  } catch (error) {
    run.error = (error as Error).message;
  }
  return run;
}

/** autocannon at a fixed rate on one route for `seconds`, from a process of its own (load-reads.ts); every response's time. */
async function reads(url: string, token: string, rate: number, seconds: number, samples: number[]): Promise<{ non2xx: number; errors: number }> {
  const { stdout } = await run(process.execPath, [READER, url, token, String(rate), String(seconds)], { maxBuffer: 64 * 1024 * 1024 });
  const window = JSON.parse(stdout) as WindowReads;
  samples.push(...window.samples);
  return { non2xx: window.non2xx, errors: window.errors };
}

interface ReadTargets {
  light: { token: string };
  status: () => { token: string; projectId: string };
}

async function readWindow(stack: LoadStack, targets: ReadTargets, options: LoadOptions, seconds: number, into: { light: number[]; status: number[]; counts: { light: [number, number]; status: [number, number] } }) {
  const target = targets.status();
  const [light, status] = await Promise.all([
    reads(`${stack.apiUrl}/api/profile`, targets.light.token, options.rate, seconds, into.light),
    reads(`${stack.apiUrl}/api/projects/orchestration/${target.projectId}/status`, target.token, options.rate, seconds, into.status),
  ]);
  into.counts.light[0] += light.non2xx;
  into.counts.light[1] += light.errors;
  into.counts.status[0] += status.non2xx;
  into.counts.status[1] += status.errors;
}

const newTally = () => ({ light: [] as number[], status: [] as number[], counts: { light: [0, 0] as [number, number], status: [0, 0] as [number, number] } });
const summarize = (tally: ReturnType<typeof newTally>) => ({
  light: { latency: latencies(tally.light), non2xx: tally.counts.light[0], errors: tally.counts.light[1] },
  status: { latency: latencies(tally.status), non2xx: tally.counts.status[0], errors: tally.counts.status[1] },
});

async function writtenRows(databaseUrl: string, projectIds: string[]): Promise<WrittenRows> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = async (query: string) => (await client.query(query, [projectIds])).rows;
    return { versions: await rows(DUPLICATE_ROWS_SQL.versions), steps: await rows(DUPLICATE_ROWS_SQL.steps), calls: await rows(DUPLICATE_ROWS_SQL.calls) } as WrittenRows;
  } finally {
    await client.end();
  }
}

/**
 * Waits until the stack's services together spend under 5 % of a core (a book reads as completed while its last files
 * may still be typeset), so the idle reads are idle; at most a minute. Answers how long it waited.
 */
async function quiet(stack: LoadStack): Promise<number> {
  const started = Date.now();
  const total = () => Object.values(stack.cpuMs()).reduce((a, b) => a + b, 0);
  for (let before = total(); Date.now() - started < 60_000; ) {
    await pause(1000);
    const now = total();
    if (now - before < 50) break;
    before = now;
  }
  return Date.now() - started;
}

export async function runLoad(stack: LoadStack, options: LoadOptions, log: (line: string) => void = console.log): Promise<LoadReport> {
  if (!Number.isInteger(options.books) || options.books < 1 || options.books > MAX_BOOKS) throw new Error(`books must be a whole number from 1 to ${MAX_BOOKS}`);
  const capAt = Date.now() + options.capMs;
  log(`load: ${options.books + 1} authors signing up`);
  const probe = await author(stack);
  const tokens = await Promise.all(Array.from({ length: options.books }, () => author(stack)));

  // Warm-up, and the idle status read's book: the probe's own book, done before anything is measured.
  log('load: a warm-up book (compiles, connections, render threads)');
  const warm = await oneBook(stack, probe, options, capAt);
  if (warm.status !== 'completed' || !warm.projectId) throw new Error(`the warm-up book did not complete: ${warm.status} ${warm.error ?? ''}`);
  const warmId = warm.projectId;

  const settled = await quiet(stack);
  log(`load: idle reads once the stack was quiet (${(settled / 1000).toFixed(1)} s after the warm-up book), ${options.idleSeconds} s at ${options.rate}/s on each route`);
  const idle = newTally();
  for (let left = options.idleSeconds; left > 0; left -= options.windowSeconds) {
    await readWindow(stack, { light: { token: probe }, status: () => ({ token: probe, projectId: warmId }) }, options, Math.min(left, options.windowSeconds), idle);
  }

  log(`load: ${options.books} books at once, each page polling every ${options.pollMs} ms`);
  const cpuBefore = stack.cpuMs();
  const driverBefore = process.cpuUsage();
  const requestsBefore = stack.fake.calls();
  const crashesBefore = stack.drill.crashes.worker;
  const started = Date.now();
  const runs = tokens.map(newRun);
  const books = Promise.all(tokens.map((token, i) => oneBook(stack, token, options, capAt, runs[i])));
  let allDone = false;
  void books.finally(() => (allDone = true));
  const loaded = newTally();
  // The status read under load follows a book that is still running, as its page would.
  const running = () => {
    const i = runs.findIndex((r) => r.projectId && r.status === 'running');
    return i < 0 ? null : { token: tokens[i] as string, projectId: runs[i]?.projectId as string };
  };
  while (!allDone && Date.now() < capAt) {
    const target = running();
    if (!target) {
      await pause(100);
      continue;
    }
    await readWindow(stack, { light: { token: probe }, status: () => target }, options, options.windowSeconds, loaded);
  }
  await books;
  const cpuAfter = stack.cpuMs();
  const driver = process.cpuUsage(driverBefore);
  const lastDone = Math.max(...runs.map((r) => r.doneAt ?? 0));
  const completed = runs.filter((r) => r.status === 'completed').length;
  const projectIds = runs.flatMap((r) => (r.projectId ? [r.projectId] : []));
  const rows = await writtenRows(stack.databaseUrl, projectIds);
  const failures = runs.length - completed + runs.reduce((n, r) => n + r.pollErrors, 0);
  return {
    options,
    idle: summarize(idle),
    load: summarize(loaded),
    books: runs,
    completed,
    failures,
    booksPerMinute: booksPerMinute(completed, started, lastDone),
    wallSeconds: ((lastDone || Date.now()) - started) / 1000,
    duplicates: findDuplicates(rows),
    extraProviderRequests: Math.max(0, stack.fake.calls() - requestsBefore - rows.steps.length),
    cpuSecondsPerBook: Object.fromEntries(MEASURED.map((m) => [m, (cpuAfter[m] - cpuBefore[m]) / 1000 / Math.max(1, completed)])) as Record<Measured, number>,
    driverCpuSeconds: (driver.user + driver.system) / 1e6,
    workerCrashes: stack.drill.crashes.worker - crashesBefore,
  };
}

const ms = (n: number) => (Number.isNaN(n) ? '   -' : n.toFixed(1).padStart(7));

export function printReport(report: LoadReport, load: string, print: (line: string) => void = console.log): void {
  const { options } = report;
  const pages = report.books.flatMap((b) => (b.pages ? [b.pages] : []));
  print(`\nLoad test: ${options.books} books of 12 chapters (${pages.length ? `${Math.min(...pages)}–${Math.max(...pages)}` : '?'} pages, with a cover) from ${options.books} accounts, pages polling every ${options.pollMs} ms`);
  print(`  reads: autocannon at ${options.rate}/s on each route; machine load (uptime) ${load}`);
  print(`  ${'route'.padEnd(30)} ${'when'.padEnd(5)} ${'n'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  non-2xx errors`);
  for (const [route, key] of [['light read  GET /api/profile', 'light'], ['status read GET …/status', 'status']] as const) {
    for (const when of ['idle', 'load'] as const) {
      const r = report[when][key];
      print(`  ${route.padEnd(30)} ${when.padEnd(5)} ${String(r.latency.count).padStart(6)} ${ms(r.latency.p50)} ${ms(r.latency.p95)} ${ms(r.latency.p99)}  ${String(r.non2xx).padStart(7)} ${String(r.errors).padStart(6)}`);
    }
    const ratio = report.load[key].latency.p99 / report.idle[key].latency.p99;
    print(`  ${''.padEnd(30)} p99 load/idle ${ratio.toFixed(2)}x`);
  }
  print(`  books: ${report.completed}/${options.books} completed in ${report.wallSeconds.toFixed(1)} s wall, ${report.booksPerMinute.toFixed(1)} books/minute (first start to last completion)`);
  print(`  failures ${report.failures} (books not completed, status polls answered with an error); worker crashes ${report.workerCrashes}`);
  print(`  duplicates: ${report.duplicates.versions} chapter versions, ${report.duplicates.providerCalls} provider calls; provider requests beyond steps ${report.extraProviderRequests}`);
  for (const where of report.duplicates.where) print(`    ${where}`);
  for (const book of report.books.filter((b) => b.status !== 'completed')) print(`    book ${book.projectId ?? '(not started)'}: ${book.status} ${book.error ?? ''}`);
  const cpu = report.cpuSecondsPerBook;
  const total = MEASURED.reduce((sum, m) => sum + cpu[m], 0);
  print(`  CPU-seconds per book: ${MEASURED.map((m) => `${m} ${cpu[m].toFixed(2)}`).join(', ')}; total ${total.toFixed(2)} (the API's includes serving the autocannon reads)`);
  print(`  the load's own CPU (fake provider, polling pages; this process): ${report.driverCpuSeconds.toFixed(1)} s in all`);
  print(`\nSUMMARY ${options.books} books: ${report.booksPerMinute.toFixed(1)} books/min, ${report.failures} failures, ${report.duplicates.versions + report.duplicates.providerCalls + report.extraProviderRequests} duplicates, ` +
    `status p99 ${report.load.status.latency.p99.toFixed(0)} ms under load (idle ${report.idle.status.latency.p99.toFixed(0)}), light p99 ${(report.load.light.latency.p99 / report.idle.light.latency.p99).toFixed(2)}x idle, CPU ${total.toFixed(2)} s/book`);
}

/** Whether the run is a failure: a book not completed, a poll that failed, a crash, or anything done twice. */
export const runFailed = (report: LoadReport) =>
  report.failures > 0 || report.workerCrashes > 0 || report.duplicates.versions > 0 || report.duplicates.providerCalls > 0 || report.extraProviderRequests > 0;
