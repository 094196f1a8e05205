// bench/load: the load test. For each count of --books (at most 60), that many authors sign up through the API, each
// starts one real-size book (12 chapters, about 105 pages, a cover) on a loopback fake provider that takes
// --latency-ms a call, and each page polls its book's status every second; autocannon reads a light route and a status
// route at a fixed rate, idle and under that load. Reports books a minute, failures, duplicates (PostgreSQL) and CPU
// per book of each process (/proc), then a one-line summary; exits 1 on a failure or a duplicate.
// Everything runs on a stack of its own (free loopback ports, a temp dir): no test lock needed.
// Run: npm run bench:load -- --books 20,50
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { LOAD_DEFAULTS, MAX_BOOKS, printReport, runFailed, runLoad } from './load-run.ts';
import { startLoadStack } from './load-stack.ts';

const { values } = parseArgs({
  options: {
    books: { type: 'string', default: '20' },
    'latency-ms': { type: 'string', default: '3000' },
    rate: { type: 'string', default: String(LOAD_DEFAULTS.rate) },
    'idle-s': { type: 'string', default: String(LOAD_DEFAULTS.idleSeconds) },
    'window-s': { type: 'string', default: String(LOAD_DEFAULTS.windowSeconds) },
    'cap-minutes': { type: 'string', default: String(LOAD_DEFAULTS.capMs / 60_000) },
    pages: { type: 'string', default: String(LOAD_DEFAULTS.pages) },
  },
});
const counts = (values.books ?? '').split(',').map(Number);
const number = (name: string, value: string | undefined, min: number, max: number) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`--${name} must be a number from ${min} to ${max}`);
  return n;
};
if (!counts.length || counts.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_BOOKS)) {
  console.error(`--books takes whole numbers from 1 to ${MAX_BOOKS}, separated by commas (e.g. --books 20,50)`);
  process.exit(2);
}
const latencyMs = number('latency-ms', values['latency-ms'], 0, 60_000);
const base = {
  pollMs: LOAD_DEFAULTS.pollMs,
  rate: number('rate', values.rate, 1, 500),
  idleSeconds: number('idle-s', values['idle-s'], 2, 300),
  windowSeconds: number('window-s', values['window-s'], 2, 120),
  capMs: number('cap-minutes', values['cap-minutes'], 1, 120) * 60_000,
  pages: number('pages', values.pages, 40, 400),
};

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).replace(/.*load average:\s*/, '').trim();
const stack = await startLoadStack({ latencyMs });
let failed = false;
const stop = () => void stack.stop().finally(() => process.exit(1));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
try {
  console.log(`load: stack up (API ${stack.apiUrl}, fake provider ${latencyMs} ms a call); machine load ${uptime()}`);
  for (const books of counts) {
    const report = await runLoad(stack, { ...base, books });
    printReport(report, uptime());
    failed ||= runFailed(report);
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
