// bench/actions: how long the Elite team's and the author's actions, and the print-order actions, take to answer
// through the API on the real stack (the test profile's PostgreSQL, Temporal and MinIO, the Lulu simulator, the API
// and a worker in this process). Issue 31's target: every action answers within 2 s at p95.
// After: the API answers once the request's run has taken the action (its update's validator accepted it, the
// accepted stage). Baseline, measured in the same run on requests of their own: the same actions sent as the API sent
// them before, an update executed to completion (its activities and writes done), plus the API's read of the request.
// Print orders (placing one, refreshing it) have no workflow update: their figures are against the 2 s target only.
// The API is compiled into a folder of the bench's own and runs as its own process, as it does in production.
// Run: node bench/actions.bench.ts (it uses the test stack's services: run it under the test lock, as the tests are)
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@temporalio/client';
import { loadConfig } from '../libs/config/index.ts';
import { connectTemporal } from '../libs/config/temporal-connect.ts';
import { EliteRequest } from '../libs/db/index.ts';
import { DEFAULT_POD_PACKAGE_ID, eliteWorkflowId, IDEMPOTENCY_HEADER, printOrderWorkflowId, type EliteActor } from '../libs/domain/index.ts';
import { createPrintProvider } from '../libs/print/index.ts';
import { eliteRequestForm } from '../testing/elite-request-forms.ts';
import { freePort, openDeps, startWorker } from '../testing/index.ts';
import { TEST_ADDRESS } from '../testing/print-orders.ts';
import { PrintSimulator } from '../testing/print-simulator/simulator.ts';
import { insertSavedBook } from '../testing/saved-books.ts';
import { tsc } from '../scripts/stack/app.ts';
import { loadProfile, repoRoot } from '../scripts/stack/profile.ts';
import { ensureMailCatcher, ensureMinio, ensurePostgres, ensureStripeMock, ensureTemporal } from '../scripts/stack/services.ts';
import { setUpServices } from '../scripts/stack/setup.ts';
import { Supervisor } from '../scripts/stack/supervisor.ts';
import { actUpdate, elitePaidSignal, type EliteActionPayload } from '../workflows/elite/messages.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5);
/** The whole bench's limit: it runs under the test lock, so it never waits on anything for long. */
const BENCH_LIMIT_MS = Number(process.env.BENCH_LIMIT_MS ?? 600_000);
/** Any one wait (an answer, an update's result, a projection) fails the bench after this. */
const WAIT_MS = 30_000;
const within = <T>(what: string, promise: Promise<T>): Promise<T> =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing after ${WAIT_MS} ms`)), WAIT_MS).unref())]);
const progress = (text: string) => process.stderr.write(`bench/actions: ${text}\n`);
// A bench that fails, overruns or is stopped stops everything it started and exits: the worker, the API and the
// services it started would otherwise outlive it (and hold the test stack's ports).
function abort(why: string): void {
  progress(`${why}: stopping`);
  process.exitCode = 1;
  void stopAll()
    .then(() => sim.stop())
    .then(() => supervisor.stopAll())
    .finally(() => process.exit(1));
}
const overrun = setTimeout(() => abort(`over ${BENCH_LIMIT_MS} ms`), BENCH_LIMIT_MS);
overrun.unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => abort(signal));
const stops: (() => Promise<unknown> | unknown)[] = [];
async function stopAll(): Promise<void> {
  for (const stop of stops.reverse()) await Promise.resolve(stop()).catch((error: unknown) => progress(`stopping: ${String(error)}`));
}
/** What the print wizard sends for 10 copies of a saved book, standard mail to the test address. */
const orderBody = (bookId: string) => ({ book_project_id: bookId, pod_package_id: DEFAULT_POD_PACKAGE_ID, quantity: 10, shipping_address: TEST_ADDRESS, shipping_level: 'MAIL', contact_email: 'bench@example.com' });
const TARGET_MS = 2000;
const profile = loadProfile('test');
const supervisor = new Supervisor();
const sim = new PrintSimulator({ port: await freePort(), clientKey: 'bench', clientSecret: `secret-${randomUUID()}`, stepMs: 'manual' });
await sim.start();
const apiPort = await freePort();
const env = { ...profile.env, ...sim.env(), API_PORT: String(apiPort), TEMPORAL_TASK_QUEUE: `bench-${randomUUID().slice(0, 8)}`, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_MINUTE: '10000', FORMS_RATE_LIMIT_PER_HOUR: '100000', CHECKOUT_RATE_LIMIT_PER_HOUR: '100000', GENERATION_RATE_LIMIT_PER_HOUR: '100000', PRINT_RATE_LIMIT_PER_HOUR: '100000' };
const config = loadConfig(env);
const apiDist = join(repoRoot, '.data/bench/api-dist');
// Emitted even when a file elsewhere has a type error (the type-checks are npm test's); its entry must be there.
// BENCH_API_BUILT=1 runs the build already there (made just before, outside the test lock).
if (process.env.BENCH_API_BUILT !== '1') spawnSync(tsc, ['-p', 'apps/api/tsconfig.build.json', '--outDir', apiDist], { cwd: repoRoot, stdio: 'ignore' });
const apiMain = join(apiDist, 'apps/api/src/main.js');
if (!existsSync(apiMain)) throw new Error('the API did not compile (tsc -p apps/api/tsconfig.build.json)');

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
};
const line = (name: string, values: number[]) => `${name.padEnd(34)} n ${String(values.length).padStart(3)}   p50 ${quantile(values, 0.5).toFixed(0).padStart(5)} ms   p95 ${quantile(values, 0.95).toFixed(0).padStart(5)} ms   max ${Math.max(...values).toFixed(0).padStart(5)} ms`;

try {
  await ensurePostgres({ profile, supervisor });
  // Accepting a quote opens a Checkout Session (stripe-mock); every action's event is mailed (the catcher).
  await Promise.all([ensureTemporal({ profile, supervisor }, { ui: false }), ensureMinio({ profile, supervisor }), ensureStripeMock({ profile, supervisor }), ensureMailCatcher({ profile, supervisor })]);
  await setUpServices(config);
  const deps = await openDeps(config);
  deps.printProvider = createPrintProvider(config, { lulu: { retries: 0, timeoutMs: 2_000 } });
  stops.push(() => deps.close());
  const worker = await startWorker(config, deps);
  stops.push(() => worker.stop());
  const connection = await connectTemporal(config);
  stops.push(() => connection.close());
  const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  const api = spawn(process.execPath, [apiMain], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  stops.push(() => api.kill('SIGTERM'));
  progress('API started; waiting for it to answer');
  const base = `http://127.0.0.1:${apiPort}/api`;
  for (const deadline = Date.now() + 60_000; !(await fetch(`${base}/health`).then(() => true, () => false)); ) {
    if (api.exitCode !== null || Date.now() > deadline) throw new Error('the API did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const call = async (method: string, path: string, body?: unknown, token?: string, key = randomUUID()) => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, {
      signal: AbortSignal.timeout(WAIT_MS),
      method,
      headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: key, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return { ms: performance.now() - started, json };
  };
  const sql = (text: string, values: unknown[]) => deps.orm.em.fork().getConnection().execute(text, values);
  async function account(role: 'user' | 'elite_team') {
    const email = `bench-${randomUUID()}@example.com`;
    const { json } = await call('POST', '/auth/signup', { email, password: 'a sturdy passphrase' });
    const id = (json.user as { id: string }).id;
    await sql('update users set email_verified = true where id = ?', [id]);
    if (role !== 'user') await sql('update profiles set role = ? where id = ?', [role, id]);
    return { token: json.access_token as string, actor: { id, email, role: role === 'user' ? 'author' : 'team' } as EliteActor };
  }
  const author = await account('user');
  const team = await account('elite_team');

  /** One request's way from its quote to printing: each action as the team's or the author's route names it. */
  type Step = { who: 'team' | 'author'; path: string; body?: unknown; payload: EliteActionPayload };
  const QUOTE = { amount: 750, copies: 10, timeline: 'Three weeks', includes: ['Editing', 'Cover design'], message: 'Our quote.' };
  const steps: Step[] = [
    { who: 'team', path: 'assign', body: { assignee_id: team.actor.id }, payload: { action: 'assign', assignee: { id: team.actor.id, email: team.actor.email } } },
    { who: 'team', path: 'quote', body: QUOTE, payload: { action: 'send_quote', quote: { amountCents: 75_000, currency: 'usd', copies: 10, timeline: QUOTE.timeline, includes: QUOTE.includes, message: QUOTE.message } } },
    { who: 'author', path: 'accept', payload: { action: 'accept_quote' } },
    ...(['editing', 'cover_design'] as const).flatMap((step): Step[] => [
      { who: 'team', path: `steps/${step}/start`, body: {}, payload: { action: 'start_step', step } },
      { who: 'team', path: `steps/${step}/finish`, body: {}, payload: { action: 'finish_step', step } },
    ]),
    { who: 'team', path: 'proof', body: {}, payload: { action: 'send_proof' } },
    { who: 'author', path: 'proof/changes', body: { comment: 'Bigger title' }, payload: { action: 'request_changes', comment: 'Bigger title' } },
    { who: 'team', path: 'proof', body: {}, payload: { action: 'send_proof' } },
    { who: 'author', path: 'proof/approve', body: { shipping_address: TEST_ADDRESS }, payload: { action: 'approve_proof', shippingAddress: TEST_ADDRESS } },
    { who: 'team', path: 'printing', body: { pod_package_id: DEFAULT_POD_PACKAGE_ID, shipping_level: 'MAIL' }, payload: { action: 'start_printing', podPackageId: DEFAULT_POD_PACKAGE_ID, shippingLevel: 'MAIL' } },
  ];
  const waitFor = async (id: string, done: (row: EliteRequest) => boolean) => {
    for (let i = 0; i < 300; i++) {
      const row = await deps.orm.em.fork().findOneOrFail(EliteRequest, { id });
      if (done(row)) return row;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`request ${id} did not get there`);
  };
  /** Pays the accepted quote as the payment workflow would, and waits for production. */
  const pay = async (id: string) => {
    const row = await waitFor(id, (r) => r.stripeSessionId !== null && r.stripeSessionId !== undefined);
    await client.workflow.getHandle(eliteWorkflowId(id)).signal(elitePaidSignal, { sessionId: row.stripeSessionId as string });
    await waitFor(id, (r) => r.status === 'in_production');
  };

  const baseline: number[] = [];
  const after: number[] = [];
  const working: string[] = [];
  for (let n = 0; n < REQUESTS * 2; n++) {
    const viaApi = n % 2 === 1;
    const bookId = await insertSavedBook(deps, author.actor.id);
    const { json: request } = await call('POST', '/elite-requests', eliteRequestForm(bookId), author.token);
    const id = request.id as string;
    const handle = client.workflow.getHandle(eliteWorkflowId(id));
    for (const step of steps) {
      const token = step.who === 'team' ? team.token : author.token;
      const route = step.who === 'team' ? `/admin/elite-requests/${id}/${step.path}` : `/elite-requests/${id}/${step.path}`;
      if (viaApi) {
        const key = randomUUID();
        const { ms, json } = await call('POST', route, step.body, token, key);
        after.push(ms);
        if (json.working) working.push(step.payload.action);
        // As a person would, the next action comes once this one is done (not timed): the API's key is the update's id.
        await within(`${step.payload.action} done`, handle.getUpdateHandle(`${step.payload.action}:${key}`).result());
      } else {
        // What the API did before: the update run to completion, then the request read back for the answer.
        const started = performance.now();
        await within(step.payload.action, handle.executeUpdate(actUpdate, { args: [{ ...step.payload, actor: step.who === 'team' ? team.actor : author.actor }] }));
        await fetch(`${base}${step.who === 'team' ? `/admin/elite-requests/${id}` : `/elite-requests/${id}`}`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.text());
        baseline.push(performance.now() - started);
      }
      if (step.payload.action === 'accept_quote') await pay(id);
    }
    await handle.terminate('bench over').catch(() => undefined);
    progress(`request ${n + 1} of ${REQUESTS * 2} (${viaApi ? 'through the API' : 'baseline'}) done`);
  }

  // Print orders: placing one (a price from the provider, the order's files, its run started) and refreshing it.
  const place: number[] = [];
  const refresh: number[] = [];
  for (let n = 0; n < REQUESTS * 2; n++) {
    const bookId = await insertSavedBook(deps, author.actor.id);
    const placed = await call('POST', '/print/orders', orderBody(bookId), author.token);
    place.push(placed.ms);
    const orderId = placed.json.order_id as string;
    refresh.push((await call('POST', `/print/orders/${orderId}/refresh`, undefined, author.token)).ms);
    await client.workflow.getHandle(printOrderWorkflowId(orderId)).terminate('bench over').catch(() => undefined);
  }

  console.log(`\nActions through the API (${REQUESTS} requests each way, ${steps.length} actions a request; target p95 ≤ ${TARGET_MS} ms)`);
  console.log(`  ${line('Elite, baseline (update to completion)', baseline)}`);
  console.log(`  ${line('Elite, now (answered when accepted)', after)}`);
  console.log(`  p95 now / baseline ${(quantile(after, 0.95) / quantile(baseline, 0.95)).toFixed(2)}   p50 now / baseline ${(quantile(after, 0.5) / quantile(baseline, 0.5)).toFixed(2)}   p95 / target ${(quantile(after, 0.95) / TARGET_MS).toFixed(2)}`);
  console.log(`  answered "working" (still being carried out): ${working.length} of ${after.length}${working.length ? ` (${[...new Set(working)].join(', ')})` : ''}`);
  console.log(`  ${line('Print order, place', place)}   p95 / target ${(quantile(place, 0.95) / TARGET_MS).toFixed(2)}`);
  console.log(`  ${line('Print order, refresh', refresh)}   p95 / target ${(quantile(refresh, 0.95) / TARGET_MS).toFixed(2)}`);
} catch (error) {
  progress(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
  await sim.stop();
  await supervisor.stopAll();
  clearTimeout(overrun);
  process.exit();
}
