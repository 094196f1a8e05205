// Runs schemathesis (the pinned Python tool) over an API's OpenAPI document, and reads back every request it sent.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pythonToolPath } from '../scripts/stack/python-tools.ts';

export interface FuzzRun {
  /** Bounds: test cases per operation and phase, and seconds for the whole run. */
  examples: number;
  seconds: number;
  /** A schemathesis.toml (fixed parameters, dictionaries, headers per operation). */
  configFile?: string;
  /** More `st run` arguments (filters, headers). */
  extra?: string[];
}

export interface Exchange {
  method: string;
  /** The path with its query. */
  url: string;
  path: string;
  status: number;
  body: string;
}

/** Every request a run sent, with its answer's status, and the run's exit code and output. */
export interface FuzzResult {
  code: number;
  output: string;
  exchanges: Exchange[];
}

/**
 * One bounded, reproducible run against `url` (loopback): the not-a-server-error check only, all modes, a fixed seed,
 * one worker (hypothesis on Python 3.11 can fail inside ast.parse when two threads describe strategies at once).
 */
export async function fuzz(url: string, reportDir: string, name: string, { examples, seconds, configFile, extra = [] }: FuzzRun): Promise<FuzzResult> {
  const har = join(reportDir, `${name}.har`);
  const args = [
    ...(configFile ? ['--config-file', configFile] : []),
    'run', `${url}/api/docs/openapi.json`,
    '--url', url,
    '--checks', 'not_a_server_error',
    '--mode', 'all',
    '--phases', 'examples,coverage,fuzzing',
    '--max-examples', String(examples),
    '--seed', '20261122',
    '--max-time', String(seconds),
    '--workers', '1',
    '--request-timeout', '30',
    '--no-color',
    ...extra,
    '--report', 'har', '--report-har-path', har,
  ];
  const run = await promisify(execFile)(pythonToolPath('schemathesis'), args, { cwd: reportDir, maxBuffer: 64 * 1024 * 1024, timeout: (seconds + 120) * 1000 }).then(
    (r) => ({ code: 0, output: r.stdout }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? 1, output: `${e.stdout ?? ''}\n${e.stderr ?? ''}` }),
  );
  return { ...run, exchanges: readHar(har) };
}

type HarEntry = { request: { method: string; url: string; postData?: { text?: string } }; response: { status: number } };

function readHar(path: string): Exchange[] {
  const har = JSON.parse(readFileSync(path, 'utf8')) as { log: { entries: HarEntry[] } };
  return har.log.entries.map(({ request, response }) => {
    const url = new URL(request.url);
    return { method: request.method, url: `${url.pathname}${url.search}`, path: url.pathname, status: response.status, body: request.postData?.text ?? '' };
  });
}

/** The requests answered with a 5xx, each as its operation and case: method, path and query, the first bytes of its body. */
export const serverErrors = (exchanges: Exchange[]): string[] =>
  exchanges.filter((e) => e.status >= 500).map((e) => `${e.status} ${e.method} ${e.url}${e.body ? ` ${e.body.slice(0, 300)}` : ''}`);

/** The part of schemathesis's output that names each failure and how to reproduce it. */
export const failuresIn = (output: string): string => {
  const at = output.indexOf('FAILURES');
  return (at >= 0 ? output.slice(at) : output).slice(0, 6000);
};
