import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { Runtime, type Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerRuntimeOptions } from '../../../worker/src/telemetry.ts';
import { createWorker } from '../../../worker/src/worker.ts';
import { startTracing, type Tracing } from '../../../../libs/telemetry/index.ts';
import { eventually, freePort, openDeps, testConfig } from '../../../../testing/index.ts';
import { apiClient, serveApi, type Json } from '../../../../testing/test-server.ts';
import { MetricsServer } from './metrics.server.ts';

// The API's /metrics on a listener of its own (port 0: any free one), a traced worker of this file's own task queue
// with the Temporal SDK's Prometheus exporter, and spans kept in memory: one mock book through the API shows all three.
const config = testConfig({
  TEMPORAL_TASK_QUEUE: `observability-${randomUUID()}`,
  API_METRICS_ADDRESS: '127.0.0.1:0',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  GENERATION_RATE_LIMIT_PER_HOUR: '1000',
});
const spans = new InMemorySpanExporter();
let tracing: Tracing | null = null;
let app: INestApplication;
let apiUrl = '';
let apiMetricsUrl = '';
let workerMetricsUrl = '';
let worker: { worker: Worker; running: Promise<void>; close(): Promise<void> } | undefined;
const { call } = apiClient(() => apiUrl);

/** The samples of one metric in Prometheus's text format, as `{labels}` → value. */
function samples(text: string, name: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = new RegExp(`^${name}(\\{[^}]*\\})? (\\S+)$`).exec(line);
    if (match) found.set(match[1] ?? '', Number(match[2]));
  }
  return found;
}
const sample = (text: string, name: string, label: string) => samples(text, name).get(label) ?? 0;

async function scrape(url: string): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

let before = '';
let after = '';
let projectId = '';

beforeAll(async () => {
  tracing = startTracing({ serviceName: 'pressroom-test', spanProcessor: new SimpleSpanProcessor(spans) });
  const workerPort = await freePort();
  Runtime.install({ ...workerRuntimeOptions({ LOG_LEVEL: 'error', WORKER_METRICS_ADDRESS: `127.0.0.1:${workerPort}` }), shutdownSignals: [] });
  workerMetricsUrl = `http://127.0.0.1:${workerPort}/metrics`;
  const deps = await openDeps(config);
  const created = await createWorker(config, deps, { tracing });
  const running = created.worker.run();
  worker = {
    worker: created.worker,
    running,
    async close() {
      created.worker.shutdown();
      await running;
      await created.connection.close();
      await deps.close();
    },
  };
  ({ app, url: apiUrl } = await serveApi(config));
  const bound = app.get(MetricsServer).address();
  apiMetricsUrl = `http://127.0.0.1:${bound?.port ?? 0}/metrics`;

  before = (await scrape(apiMetricsUrl)).text;
  const start = await call('POST', '/projects/generate-complete', {
    title: 'Measured Books',
    author: 'Ada Writer',
    book_idea: 'How operators graph what a platform does, from queue latency to what each provider call cost',
    ai_model: 'mock',
    total_target_words: 10_000,
    formats: ['pdf'],
  });
  expect(start.status).toBe(201);
  projectId = start.body.project_id as string;
  let status: Json = {};
  for (let i = 0; i < 240 && status.status !== 'completed' && status.status !== 'failed'; i++) {
    status = (await call('GET', (start.body.check_status_url as string).replace('/api', ''))).body;
    if (status.status !== 'completed') await new Promise((r) => setTimeout(r, 250));
  }
  expect(status.status).toBe('completed');
  after = (await scrape(apiMetricsUrl)).text;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await worker?.close();
  await tracing?.shutdown();
});

describe("the API's /metrics", () => {
  it('answers in Prometheus text format on its own address, and counts the book and its provider calls', async () => {
    const scraped = await scrape(apiMetricsUrl);
    expect(scraped.status).toBe(200);
    expect(scraped.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(scraped.text).toContain('# TYPE pressroom_books gauge');
    expect(scraped.text).toContain('# TYPE pressroom_provider_calls_total counter');
    expect(scraped.text).toContain('# TYPE pressroom_api_nodejs_eventloop_lag_seconds gauge');

    expect(sample(after, 'pressroom_books', '{stage="complete"}')).toBeGreaterThanOrEqual(sample(before, 'pressroom_books', '{stage="complete"}') + 1);
    // Outline, introduction, three chapters and the summary: six calls of the mock provider, each with its time.
    expect(sample(after, 'pressroom_provider_calls_total', '{provider="mock"}')).toBeGreaterThanOrEqual(sample(before, 'pressroom_provider_calls_total', '{provider="mock"}') + 6);
    expect(sample(after, 'pressroom_provider_call_seconds_total', '{provider="mock"}')).toBeGreaterThan(sample(before, 'pressroom_provider_call_seconds_total', '{provider="mock"}'));
    expect(samples(after, 'pressroom_provider_cost_usd_total').has('{provider="mock"}')).toBe(true);
  });

  it('is served only there: not on the public port, and nothing else on the metrics port', async () => {
    expect((await fetch(`${apiUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${apiUrl}/api/metrics`)).status).not.toBe(200);
    expect((await fetch(apiMetricsUrl.replace('/metrics', '/api/health'))).status).toBe(404);
    expect(after).not.toContain(projectId);
  });
});

describe("the worker's metrics endpoint", () => {
  it("serves the Temporal SDK's metrics, queue latency among them, and the provider requests it made", async () => {
    const scraped = await scrape(workerMetricsUrl);
    expect(scraped.status).toBe(200);
    const { text } = scraped;
    expect(text).toMatch(/^temporal_workflow_task_schedule_to_start_latency_seconds_bucket\{/m);
    expect(text).toMatch(/^temporal_activity_schedule_to_start_latency_seconds_bucket\{/m);
    expect(text).toMatch(/^temporal_activity_execution_latency_seconds_count\{.*activity_type="writeChapter"/m);
    const requests = text.split('\n').filter((line) => /^pressroom_provider_request_seconds_count\{/.test(line) && line.includes('provider="mock"') && line.includes('outcome="ok"'));
    expect(requests.reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0)).toBeGreaterThanOrEqual(6);
    // Buckets for seconds, not the exporter's default milliseconds.
    expect(text).toMatch(/^pressroom_provider_request_seconds_bucket\{.*le="2.5".*\} \d/m);
    expect(text).toMatch(/^pressroom_book_stages_total\{.*stage="complete".*\} [1-9]/m);
    expect(text).toMatch(/^pressroom_book_stages_total\{.*stage="generating_outline".*\} [1-9]/m);
  });
});

describe('traces', () => {
  it('link the API call that started the book to the workflow run and to its activities', async () => {
    // The run's span ends with the run, a moment after the book reads complete.
    const finished = await eventually(
      () => Promise.resolve(spans.getFinishedSpans()),
      (all) => all.some((span) => span.name === 'RunWorkflow:bookWorkflow'),
      15_000,
    );
    const byId = new Map(finished.map((span) => [span.spanContext().spanId, span]));
    const run = finished.find((span) => span.name === 'RunWorkflow:bookWorkflow');
    expect(run, finished.map((span) => span.name).join(', ')).toBeDefined();
    const started = run?.parentSpanId ? byId.get(run.parentSpanId) : undefined;
    expect(started?.name).toBe('StartWorkflow:bookWorkflow');
    const chainOf = (span: ReadableSpan): string[] => {
      const parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
      return [span.name, ...(parent ? chainOf(parent) : [])];
    };
    const chapter = finished.find((span) => span.name === 'RunActivity:writeChapter' && span.spanContext().traceId === run?.spanContext().traceId);
    expect(chapter && chainOf(chapter)).toEqual(['RunActivity:writeChapter', 'StartActivity:writeChapter', 'RunWorkflow:bookWorkflow', 'StartWorkflow:bookWorkflow']);
  });
});
