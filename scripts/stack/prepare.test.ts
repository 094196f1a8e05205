import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareTools } from './prepare.ts';
import type { Profile } from './profile.ts';
import { ensureMinio, ensureTemporal } from './services.ts';
import { Supervisor } from './supervisor.ts';

// A stand-in `go` first on PATH: `go install <module>` takes $BUILD_SECONDS_<program>, then writes a stand-in
// program that serves HTTP on the port it is given (--port for Temporal, --address for MinIO). Both note in
// one file when they happen, so the order of builds and spawns can be checked.
const READY_TIMEOUT_MS = 2000;
const BUILD_SECONDS = String((READY_TIMEOUT_MS + 500) / 1000);

let root: string;
let supervisor: Supervisor;
const servers: Server[] = [];

function writeExecutable(path: string, text: string): void {
  writeFileSync(path, text);
  chmodSync(path, 0o755);
}

function listen(server = createServer((socket) => socket.end())): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

/** A port something already answers on, like a service started earlier. */
function answeringPort(): Promise<number> {
  const server = createServer((socket) => socket.end());
  servers.push(server);
  return listen(server);
}

async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function profileOn(ports: { postgres: number; temporal: number; minio: number }): Profile {
  return {
    name: 'test',
    dataDir: join(root, 'data'),
    ports: { ...ports, temporalUi: 0, temporalHttp: 0, minioConsole: 0, smtp: 0, mailWeb: 0, stripeMock: 0, printSimulator: 0, api: 0, portal: 0 },
    env: {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${ports.postgres}/pressroom_test`,
      TEMPORAL_ADDRESS: `127.0.0.1:${ports.temporal}`,
      S3_ENDPOINT: `http://127.0.0.1:${ports.minio}`,
      S3_ACCESS_KEY: 'stand-in',
      S3_SECRET_KEY: 'stand-in-secret',
    },
  };
}

const events = () => readFileSync(join(root, 'events'), 'utf8').trim().split('\n');

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pressroom-prepare-'));
  mkdirSync(join(root, 'path'));
  writeExecutable(
    join(root, 'stand-in'),
    `#!${process.execPath}
const { appendFileSync } = require('node:fs');
const name = require('node:path').basename(process.argv[1]);
const args = process.argv.slice(2);
const after = (flag) => args[args.indexOf(flag) + 1];
const port = Number(args.includes('--port') ? after('--port') : after('--address').split(':').pop());
appendFileSync(${JSON.stringify(join(root, 'events'))}, 'started ' + name + '\\n');
require('node:http').createServer((request, response) => response.end('ok')).listen(port, '127.0.0.1');
`,
  );
  writeExecutable(
    join(root, 'path', 'go'),
    `#!/bin/sh
[ "$1" = install ] || exit 2
name=$(basename "\${2%@*}")
sleep "$(printenv "BUILD_SECONDS_$name" || echo 0)"
cp "${root}/stand-in" "$GOBIN/$name"
echo "built $name" >> "${root}/events"
`,
  );
  vi.stubEnv('PATH', `${join(root, 'path')}:${process.env.PATH ?? ''}`);
  vi.stubEnv('PRESSROOM_CACHE_DIR', join(root, 'cache'));
  supervisor = new Supervisor();
});

afterEach(async () => {
  await supervisor.stopAll(2000);
  for (const server of servers.splice(0)) server.close();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

describe('first start on a machine without the Go programs', () => {
  it('builds them before any service starts, with progress lines, so no readiness clock counts a build', async () => {
    const output = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.stubEnv('BUILD_SECONDS_temporal', BUILD_SECONDS);
    vi.stubEnv('BUILD_SECONDS_minio', BUILD_SECONDS);
    // PostgreSQL already answers, so it is reused and nothing is installed for it.
    const profile = profileOn({ postgres: await answeringPort(), temporal: await freePort(), minio: await freePort() });
    const ctx = { profile, supervisor, readyTimeoutMs: READY_TIMEOUT_MS };

    await prepareTools(profile, { progressEveryMs: 500 });
    expect(events().sort()).toEqual(['built minio', 'built temporal']);
    await Promise.all([ensureTemporal(ctx, { ui: false }), ensureMinio(ctx)]);

    expect(events().slice(2).sort()).toEqual(['started minio', 'started temporal']);
    const lines = output.mock.calls.map((call) => String(call[0]));
    expect(lines.some((line) => /still building minio… \d+ s/.test(line))).toBe(true);
    expect(lines.some((line) => /still building temporal… \d+ s/.test(line))).toBe(true);
  });

  it('builds only the programs of services that do not already answer', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const profile = profileOn({ postgres: await answeringPort(), temporal: await answeringPort(), minio: await freePort() });

    await prepareTools(profile, { progressEveryMs: 60_000 });

    expect(events()).toEqual(['built minio']);
  });

  it('counts a service\'s readiness from its spawn, not from another program\'s build (a start without prepareTools)', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.stubEnv('BUILD_SECONDS_minio', BUILD_SECONDS);
    const profile = profileOn({ postgres: await answeringPort(), temporal: await freePort(), minio: await freePort() });
    const ctx = { profile, supervisor, readyTimeoutMs: READY_TIMEOUT_MS };

    await Promise.all([ensureTemporal(ctx, { ui: false }), ensureMinio(ctx)]);

    expect(events().sort()).toEqual(['built minio', 'built temporal', 'started minio', 'started temporal']);
  });
});
