import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../testing/index.ts';
import { pythonToolPath } from '../../../scripts/stack/python-tools.ts';
import { apiClient, serveWithWorker } from '../../../testing/test-server.ts';

// Schemathesis generates valid and malformed requests for every operation of the OpenAPI document and fails on any
// 5xx. Bounded: a fixed number of examples per operation, a fixed seed, a time budget, loopback only. The API runs
// with a worker of its own task queue, so the books it starts are written and no other test's worker is disturbed.
const EXAMPLES_PER_OPERATION = 6;
const TIME_BUDGET_S = 150;

const config = testConfig({ TEMPORAL_TASK_QUEUE: `fuzz-${randomUUID()}`, AUTH_RATE_LIMIT_PER_MINUTE: '10000', LOG_LEVEL: 'fatal' });
const served = serveWithWorker(config);
const reportDir = mkdtempSync(join(tmpdir(), 'pressroom-fuzz-'));
afterAll(() => rmSync(reportDir, { recursive: true, force: true }));

interface Summary {
  requests: number;
  serverErrors: { status: number; method: string; path: string }[];
}

/** Every request schemathesis sent and each 5xx among them, read from its HAR report. */
function summarize(harPath: string): Summary {
  const har = JSON.parse(readFileSync(harPath, 'utf8')) as { log: { entries: { request: { method: string; url: string }; response: { status: number } }[] } };
  const entries = har.log.entries;
  return {
    requests: entries.length,
    serverErrors: entries.filter((e) => e.response.status >= 500).map((e) => ({ status: e.response.status, method: e.request.method, path: new URL(e.request.url).pathname })),
  };
}

describe('the API under a schema-driven fuzzer', () => {
  it('answers no request, valid or malformed, with a 5xx', async () => {
    // A signed-in admin reaches every operation's validation (a refused token would stop most requests at 401).
    const token = await apiClient(() => served.url).signUpAs('admin', config.DATABASE_URL);
    const har = join(reportDir, 'fuzz.har');
    const args = [
      'run', `${served.url}/api/docs/openapi.json`,
      '--url', served.url,
      '--checks', 'not_a_server_error',
      '--mode', 'all',
      '--phases', 'examples,coverage,fuzzing',
      '--max-examples', String(EXAMPLES_PER_OPERATION),
      '--seed', '20261122',
      '--max-time', String(TIME_BUDGET_S),
      // One worker: hypothesis (on Python 3.11) can fail inside ast.parse when two threads describe strategies at once.
      '--workers', '1',
      '--request-timeout', '30',
      '--no-color',
      '--header', `Authorization: Bearer ${token}`,
      // Signing out or changing the account would end the fuzzer's own session midway.
      '--exclude-path-regex', '^/api/auth/(logout|user)$',
      '--report', 'har', '--report-har-path', har,
    ];
    const run = await promisify(execFile)(pythonToolPath('schemathesis'), args, { cwd: reportDir, maxBuffer: 64 * 1024 * 1024, timeout: (TIME_BUDGET_S + 120) * 1000 }).then(
      (r) => ({ code: 0, output: r.stdout }),
      (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? 1, output: `${e.stdout ?? ''}\n${e.stderr ?? ''}` }),
    );
    const summary = summarize(har);
    console.log(`fuzz: ${summary.requests} requests, ${summary.serverErrors.length} answered 5xx`);
    expect(summary.requests).toBeGreaterThan(500);
    expect(summary.serverErrors).toEqual([]);
    expect(run.code, run.output.slice(-4000)).toBe(0);
  }, 600_000);
});
