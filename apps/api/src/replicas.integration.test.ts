import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../libs/config/index.ts';
import { ChapterVersion, EliteQuote, EliteRequestEvent, Payment } from '../../../libs/db/index.ts';
import { bookWorkflowId, DEFAULT_POD_PACKAGE_ID, eliteWorkflowId, printOrderWorkflowId } from '../../../libs/domain/index.ts';
import { apiEntry, workerEntry } from '../../../scripts/stack/app.ts';
import { FakeAiServer } from '../../../testing/ai-fakes.ts';
import { eliteRequestForm, endRunsOn } from '../../../testing/elite-request-forms.ts';
import { eventually, freePort, startEngine, testConfig, type Engine } from '../../../testing/index.ts';
import { orderBody, PAGES } from '../../../testing/print-api.ts';
import { printReadyFiles } from '../../../testing/print-files.ts';
import { orderReaching } from '../../../testing/print-orders.ts';
import { PrintSimulator } from '../../../testing/print-simulator/simulator.ts';
import { grantBookCredit } from '../../../testing/purchases.ts';
import { RoundRobinProxy } from '../../../testing/round-robin-proxy.ts';
import { insertSavedBook } from '../../../testing/saved-books.ts';
import { apiClient, serveApi, type Json } from '../../../testing/test-server.ts';

// Issue 32: what a small deployment runs — two API replicas and two workers on one task queue behind a round-robin
// proxy. One replica and one worker run in this process, the others are the real entry points in processes of their own.
const taskQueue = `replicas-${randomUUID().slice(0, 8)}`;
const fake = new FakeAiServer();
const simulator = new PrintSimulator({ port: await freePort(), clientKey: 'replicas-test', clientSecret: `secret-${randomUUID()}`, stepMs: 'manual' });
let env: Record<string, string>;
let config: Config;
let engine: Engine;
let local: { app: INestApplication; url: string };
let apiProcess: ChildProcess;
let workerProcess: ChildProcess;
let proxy: RoundRobinProxy;

/** Starts `entry` with the shared environment; resolves once `ready` holds, fails with its output if it exits first. */
async function startProcess(entry: string, extra: Record<string, string>, ready: (output: string) => Promise<boolean> | boolean): Promise<ChildProcess> {
  const child = spawn(process.execPath, [entry], { env: { ...process.env, ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (!(await Promise.resolve(ready(output)).catch(() => false))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${entry} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return child;
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

beforeAll(async () => {
  await fake.start();
  // Slow enough that chapters overlap and both workers' pollers take tasks.
  fake.delay(300);
  await simulator.start();
  env = {
    TEMPORAL_TASK_QUEUE: taskQueue,
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: fake.url,
    LULU_API_URL: simulator.url,
    LULU_CLIENT_KEY: simulator.clientKey,
    LULU_CLIENT_SECRET: simulator.clientSecret,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    GENERATION_RATE_LIMIT_PER_HOUR: '1000',
    FORMS_RATE_LIMIT_PER_HOUR: '1000',
    PRINT_RATE_LIMIT_PER_HOUR: '1000',
    CHECKOUT_RATE_LIMIT_PER_HOUR: '1000',
    // Behind the proxy, as in docker-compose.yml: the client's address comes from X-Forwarded-For.
    TRUST_PROXY: 'loopback',
    API_METRICS_ADDRESS: '',
    WORKER_METRICS_ADDRESS: '',
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
    LOG_LEVEL: 'warn',
  };
  config = testConfig(env as Partial<Record<keyof Config, string>>);
  engine = await startEngine(config);
  local = await serveApi(config);
  const port = await freePort();
  apiProcess = await startProcess(apiEntry, { API_PORT: String(port) }, async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status > 0);
  workerProcess = await startProcess(workerEntry, {}, (output) => output.includes(`worker polling task queue "${taskQueue}"`));
  proxy = await new RoundRobinProxy([local.url, `http://127.0.0.1:${port}`]).start();
}, 180_000);

afterAll(async () => {
  if (engine) await endRunsOn(engine.client, taskQueue);
  await proxy?.stop();
  await stopProcess(workerProcess);
  await stopProcess(apiProcess);
  await local?.app.close();
  await engine?.stop();
  await simulator.stop();
  await fake.stop();
}, 60_000);

const { call, signUpAccount, signUpAs } = apiClient(() => proxy.url);
const em = () => engine.deps.orm.em.fork();
const workflowsRun: string[] = [];

/** The identities of the workers that ran the activities of these workflows. */
async function activityWorkers(workflowIds: string[]): Promise<Set<string>> {
  const identities = new Set<string>();
  for (const id of workflowIds) {
    const history = await engine.client.workflow.getHandle(id).fetchHistory();
    for (const event of history.events ?? []) if (event.activityTaskStartedEventAttributes?.identity) identities.add(event.activityTaskStartedEventAttributes.identity);
  }
  return identities;
}

/** The `status` events of one stream through the proxy, and the replica that served it. */
async function statusStream(projectId: string, token: string): Promise<{ upstream: number; statuses: Json[] }> {
  const upstream = proxy.nextUpstream;
  const response = await fetch(`${proxy.url}/api/projects/orchestration/${projectId}/status/stream`, { headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` } });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const statuses: Json[] = [];
  for (const block of (await response.text()).split('\n\n')) {
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (/^event: status$/m.test(block) && data) statuses.push(JSON.parse(data) as Json);
  }
  return { upstream, statuses };
}

describe('two API replicas and two workers behind a proxy', () => {
  it('write a book, followed by its status stream on the replica that did not start it, each chapter once', async () => {
    const { token, id: userId } = await signUpAccount();
    await grantBookCredit(config.DATABASE_URL, userId);
    const startedOn = proxy.nextUpstream;
    const started = await call('POST', '/projects/generate-complete', { title: 'Two Hands', author: 'Ada Writer', book_idea: 'How small teams share the load without dropping anything', ai_model: 'anthropic', total_target_words: 10_000, chapters_to_generate: null, include_cover: false, formats: ['pdf'] }, token);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const projectId = started.body.project_id as string;
    workflowsRun.push(bookWorkflowId(projectId));

    // A stream ends after its lifetime; the page opens the next one until the book is final, on whichever replica.
    const streams: { upstream: number; statuses: Json[] }[] = [];
    for (let i = 0; i < 12 && streams.at(-1)?.statuses.at(-1)?.status !== 'completed'; i++) streams.push(await statusStream(projectId, token));
    expect(streams[0]?.upstream).not.toBe(startedOn);
    const statuses = streams.flatMap((s) => s.statuses);
    expect(statuses.at(-1)).toMatchObject({ status: 'completed', progress: 100, project_id: projectId });
    const progress = statuses.map((s) => s.progress as number);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const final = await call('GET', `/projects/orchestration/${projectId}/status`, undefined, token);
    expect(final.body).toMatchObject({ status: 'completed', progress: 100 });
    const chapterCount = (final.body.toc_details as { chapter_count: number }).chapter_count;
    expect(chapterCount).toBeGreaterThanOrEqual(2);
    // Nothing done twice: one outline call, one call and one generated version per chapter.
    const prompts = fake.received.map((r) => JSON.stringify(r.body));
    expect(prompts.filter((p) => p.includes('Answer with JSON only'))).toHaveLength(1);
    for (let n = 1; n <= chapterCount; n++) expect(prompts.filter((p) => p.includes(`Write chapter ${n} of`)), `chapter ${n}`).toHaveLength(1);
    const versions = await em().find(ChapterVersion, { project: projectId, source: 'generated' });
    expect(versions.map((v) => v.chapter).sort((a, b) => a - b)).toEqual(Array.from({ length: chapterCount }, (_, i) => i + 1));
  }, 180_000);

  it('take a print order to the print provider once, paid at the checkout', async () => {
    const { token, id: userId } = await signUpAccount();
    const bookId = await insertSavedBook(engine.deps, userId, { files: printReadyFiles(DEFAULT_POD_PACKAGE_ID, PAGES), pages: PAGES, generationStatus: 'completed' });
    const placed = await call('POST', '/print/orders', orderBody(bookId), token);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.order_id as string;
    workflowsRun.push(printOrderWorkflowId(orderId));
    const unpaid = await orderReaching(engine.deps.orm, orderId, 'unpaid', 60_000);

    const page = new URL(unpaid.paymentUrl as string).pathname;
    const paid = await fetch(`${proxy.url}${page}/pay`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: 'ada@example.com' }).toString(), redirect: 'manual' });
    expect(paid.status).toBe(303);
    const submitted = await orderReaching(engine.deps.orm, orderId, 'submitted', 60_000);
    expect((await call('GET', `/print/orders/${orderId}`, undefined, token)).body).toMatchObject({ order_id: orderId });
    expect((await call('GET', `/print/orders/${orderId}`, undefined, token)).body).toMatchObject({ order_id: orderId });

    // Once at the provider, once paid.
    expect([...simulator.jobs.values()].filter((job) => job.json.external_id === submitted.externalId)).toHaveLength(1);
    expect(await em().count(Payment, { printOrderId: orderId, status: 'paid' })).toBe(1);
  }, 120_000);

  it('take an Elite request to its quote, sent once', async () => {
    const author = await signUpAccount();
    const bookId = await insertSavedBook(engine.deps, author.id);
    const opened = await call('POST', '/elite-requests', eliteRequestForm(bookId), author.token);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const requestId = opened.body.id as string;
    workflowsRun.push(eliteWorkflowId(requestId));

    const admin = await signUpAs('admin', config.DATABASE_URL);
    const quoted = await call('POST', `/admin/elite-requests/${requestId}/quote`, { amount: 900, copies: 10, timeline: 'Two weeks', includes: ['Editing'], message: 'Here is our quote.' }, admin);
    expect(quoted.status, JSON.stringify(quoted.body)).toBeLessThan(300);
    // Read on both replicas in turn: each answers the request as the workflow left it.
    for (let i = 0; i < 2; i++) {
      const view = await eventually(() => call('GET', `/elite-requests/${requestId}`, undefined, author.token), (r) => r.body.status === 'quoted');
      expect(view.body).toMatchObject({ status: 'quoted', quote: { amount_cents: 90_000, copies: 10, status: 'open' } });
    }
    expect(await em().count(EliteQuote, { request: requestId })).toBe(1);
    expect(await em().count(EliteRequestEvent, { request: requestId, kind: 'quote_sent' })).toBe(1);
  }, 120_000);

  it('shared the work: both replicas answered requests and both workers ran activities', async () => {
    expect(workflowsRun).toHaveLength(3);
    const answered = proxy.served.filter((s) => s.status < 400);
    for (const upstream of [0, 1]) expect(answered.filter((s) => s.upstream === upstream).length, `replica ${upstream}`).toBeGreaterThanOrEqual(5);
    const workers = await activityWorkers(workflowsRun);
    expect(workers).toContain(`${process.pid}@${hostname()}`);
    expect(workers).toContain(`${workerProcess.pid}@${hostname()}`);
  });
});
