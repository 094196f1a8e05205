import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { say, StackError } from './log.ts';
import { hostPort, isListening, isLocalHost, waitUntil } from './net.ts';
import { PRINT_SIMULATOR_CLIENT_KEY, repoRoot, type Profile } from './profile.ts';
import { localServices } from './prepare.ts';
import type { ProcessSpec, Supervisor } from './supervisor.ts';
import { ensureAptPackages, findPostgresBin, postgresUser, runWithProgress } from './tools.ts';

/**
 * Each `ensure*` reuses the service when it already answers at its configured address, starts its own
 * under the profile's data directory when that address is local, and otherwise stops with a clear sentence.
 * What a service needs installed is best done beforehand by prepareTools; an `ensure*` builds what is still missing.
 */
interface Ctx {
  profile: Profile;
  supervisor: Supervisor;
  /** Overrides every service's readiness time-out (tests). */
  readyTimeoutMs?: number;
}

const logFile = (ctx: Ctx, name: string) => join(ctx.profile.dataDir, 'logs', `${name}.log`);

/** Starts a service's process and waits until `ready`: the readiness clock covers only the time since the spawn. */
async function launch(ctx: Ctx, spec: ProcessSpec, what: string, ready: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  ctx.supervisor.start(spec);
  await waitUntil(what, ready, ctx.readyTimeoutMs ?? timeoutMs, () => ctx.supervisor.isRunning(spec.name));
}

async function reuseOrLocal(label: string, variable: string, host: string, port: number): Promise<'reuse' | 'start'> {
  if (await isListening(host, port)) {
    say(`${label}: reusing the server already at ${host}:${port}`);
    return 'reuse';
  }
  if (!isLocalHost(host)) {
    throw new StackError(`${label} does not answer at ${host}:${port} (${variable}); start it or point ${variable} at a running server.`);
  }
  return 'start';
}

/**
 * A PostgreSQL that answers is adopted, never doubled: one at the configured address (or one of the profile's own data
 * directory, still starting or recovering after a crash) is waited for until it takes queries; a second postmaster on
 * the same data directory would only fail on its lock file, and the supervisor would restart it in a loop.
 */
export async function ensurePostgres(ctx: Ctx): Promise<void> {
  const url = new URL(ctx.profile.env.DATABASE_URL ?? '');
  const { host, port } = localServices.postgres.address(ctx.profile.env);
  const dataDir = join(ctx.profile.dataDir, 'postgres');
  const running = runningPostmaster(dataDir);
  if (running && running.port !== port) {
    throw new StackError(`PostgreSQL of ${dataDir} is already running (pid ${running.pid}) on port ${running.port}, not ${port} (DATABASE_URL); stop it or point DATABASE_URL at it.`);
  }
  if (running) say(`PostgreSQL: adopting the server of ${dataDir} already running (pid ${running.pid})`);
  if (running || (await reuseOrLocal('PostgreSQL', 'DATABASE_URL', host, port)) === 'reuse') {
    await waitUntil(`PostgreSQL at ${host}:${port}`, () => canConnect(url, 'postgres'), ctx.readyTimeoutMs ?? 30_000).catch((error: unknown) => {
      throw new StackError(`${(error as Error).message}: it takes no connection there (DATABASE_URL); stop it or point DATABASE_URL at a PostgreSQL that answers.`);
    });
  } else {
    const { packages, present, why } = localServices.postgres.apt;
    ensureAptPackages(packages, present, why);
    const bin = findPostgresBin() as string;
    const user = postgresUser();
    if (!existsSync(join(dataDir, 'PG_VERSION'))) {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      if (user) chownSync(dataDir, user.uid, user.gid);
      say(`PostgreSQL: creating a cluster in ${dataDir}`);
      const initialised = await runWithProgress('creating the PostgreSQL cluster', join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'], {
        stdio: ['ignore', 'ignore', 'inherit'],
        ...user,
      });
      if (!initialised) throw new StackError(`initdb failed for ${dataDir}; see the output above.`);
    }
    const spec: ProcessSpec = {
      name: 'postgres',
      command: join(bin, 'postgres'),
      args: ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-k', dataDir, ...(ctx.profile.name === 'test' ? THROWAWAY_DATA : [])],
      ...user,
      logFile: logFile(ctx, 'postgres'),
      restart: true,
      stopSignal: 'SIGINT',
    };
    await launch(ctx, spec, 'PostgreSQL', () => canConnect(url, 'postgres'), 30_000);
    say(`PostgreSQL: started on ${host}:${port} (data in ${dataDir})`);
  }
  await ensureDatabase(url);
}

/**
 * The test profile's cluster holds nothing worth a flush to disk: it is made again on a fresh machine, and the fault
 * drills run a PostgreSQL of their own that keeps fsync on.
 */
const THROWAWAY_DATA = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];

/** The postmaster a data directory's lock file names, when that process is alive (a stale file after a crash is not). */
export function runningPostmaster(dataDir: string): { pid: number; port: number } | null {
  const lockFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return null;
  const [pidLine, , , portLine] = readFileSync(lockFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  // After a reboot the pid may name another program.
  const comm = `/proc/${pid}/comm`;
  if (existsSync(comm) && !readFileSync(comm, 'utf8').startsWith('postgres')) return null;
  return { pid, port: Number(portLine) };
}

async function canConnect(url: URL, database: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: withDatabase(url, database), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function withDatabase(url: URL, database: string): string {
  const copy = new URL(url.href);
  copy.pathname = `/${database}`;
  return copy.href;
}

/** Creates the configured database if the server lacks it. */
export async function ensureDatabase(url: URL): Promise<void> {
  const name = decodeURIComponent(url.pathname.slice(1));
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres'), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`create database ${pg.escapeIdentifier(name)}`);
      say(`PostgreSQL: created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

export async function ensureTemporal(ctx: Ctx, { ui }: { ui: boolean }): Promise<void> {
  const { env, ports, dataDir } = ctx.profile;
  const { host, port } = localServices.temporal.address(env);
  if ((await reuseOrLocal('Temporal', 'TEMPORAL_ADDRESS', host, port)) === 'reuse') return;
  const bin = await localServices.temporal.install();
  const dir = join(dataDir, 'temporal');
  mkdirSync(dir, { recursive: true });
  const uiPort = Number(new URL(env.TEMPORAL_UI_URL ?? `http://localhost:${ports.temporalUi}`).port || ports.temporalUi);
  const spec: ProcessSpec = {
    name: 'temporal',
    command: bin,
    args: [
      'server', 'start-dev',
      '--ip', host === 'localhost' ? '127.0.0.1' : host,
      '--port', String(port),
      '--http-port', String(ports.temporalHttp),
      '--db-filename', temporalDatabase(dir, bin),
      '--log-level', 'warn',
      ...(ui ? ['--ui-port', String(uiPort)] : ['--headless']),
    ],
    logFile: logFile(ctx, 'temporal'),
    restart: true,
  };
  await launch(ctx, spec, 'Temporal', () => isListening(host, port), 60_000);
  say(`Temporal: started on ${host}:${port}${ui ? `, Web UI on ${uiPort}` : ''} (data in ${dir})`);
}

/**
 * The dev server's SQLite file, as the running CLI version can read it: a file another version wrote (the Go-built 1.5
 * before the pinned 1.9 wheel) lacks tables the new server needs and fails its first workflows, so it is put aside,
 * named for that version, and the server starts on a new one.
 */
function temporalDatabase(dir: string, bin: string): string {
  const file = join(dir, 'temporal.db');
  const stamp = `${file}.version`;
  const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  const wroteIt = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : null;
  if (existsSync(file) && wroteIt !== version) {
    const aside = `${file}.${wroteIt ? wroteIt.replace(/[^\w.]+/g, '-') : 'old'}`;
    renameSync(file, aside);
    say(`Temporal: ${file} was written by ${wroteIt ?? 'an older version'}; kept as ${aside}, and ${version} starts on a new one`);
  }
  writeFileSync(stamp, version);
  return file;
}

export async function ensureMinio(ctx: Ctx): Promise<void> {
  const { env, ports, dataDir } = ctx.profile;
  const { host, port } = localServices.minio.address(env);
  if ((await reuseOrLocal('MinIO', 'S3_ENDPOINT', host, port)) === 'reuse') return;
  const bin = await localServices.minio.build();
  const dir = join(dataDir, 'minio');
  mkdirSync(dir, { recursive: true });
  const spec: ProcessSpec = {
    name: 'minio',
    command: bin,
    args: ['server', dir, '--address', `127.0.0.1:${port}`, '--console-address', `127.0.0.1:${ports.minioConsole}`, '--quiet'],
    env: { ...process.env, MINIO_ROOT_USER: env.S3_ACCESS_KEY, MINIO_ROOT_PASSWORD: env.S3_SECRET_KEY, MINIO_BROWSER_REDIRECT: 'off' },
    logFile: logFile(ctx, 'minio'),
    restart: true,
  };
  const live = `http://127.0.0.1:${port}/minio/health/live`;
  await launch(ctx, spec, 'MinIO', async () => (await fetch(live)).ok, 60_000);
  say(`MinIO: started on 127.0.0.1:${port}, console on ${ports.minioConsole} (data in ${dir})`);
}

/** Development mail: an SMTP catcher whose web inbox shows every message the platform sends. */
export async function ensureMailCatcher(ctx: Ctx): Promise<void> {
  const { env, ports } = ctx.profile;
  const { host, port } = hostPort(env.SMTP_URL ?? '', 1025);
  if ((await reuseOrLocal('SMTP', 'SMTP_URL', host, port)) === 'reuse') return;
  const spec: ProcessSpec = {
    name: 'mail',
    command: process.execPath,
    args: [
      join(import.meta.dirname, '../../node_modules/maildev/bin/maildev'),
      '--ip', '127.0.0.1', '--smtp', String(port), '--web', String(ports.mailWeb),
      '--mail-directory', join(ctx.profile.dataDir, 'mail'),
    ],
    logFile: logFile(ctx, 'mail'),
    restart: true,
  };
  await launch(ctx, spec, 'SMTP catcher', () => isListening(host, port), 30_000);
  say(`Mail: SMTP on ${host}:${port}, inbox on ${ports.mailWeb}`);
}

/** Stripe's mock of its API, when payments run in local test mode (STRIPE_API_URL set by the profile). */
export async function ensureStripeMock(ctx: Ctx): Promise<void> {
  const address = localServices.stripeMock.address(ctx.profile.env);
  if (!address) return;
  const { host, port } = address;
  if ((await reuseOrLocal('stripe-mock', 'STRIPE_API_URL', host, port)) === 'reuse') return;
  const bin = await localServices.stripeMock.build();
  const spec: ProcessSpec = {
    name: 'stripe-mock',
    command: bin,
    // It serves HTTPS too, always: on the next port.
    args: ['-http-addr', `127.0.0.1:${port}`, '-https-addr', `127.0.0.1:${port + 1}`],
    logFile: logFile(ctx, 'stripe-mock'),
    restart: true,
  };
  await launch(ctx, spec, 'stripe-mock', () => isListening(host, port), 30_000);
  say(`stripe-mock: started on ${host}:${port} (payments in local test mode)`);
}

/** The pace of the simulator's print jobs: about two minutes to SHIPPED for npm start, seconds for npm test. */
const PRINT_SIMULATOR_STEP_MS = { dev: 20_000, test: 1_000 } as const;

/**
 * The Lulu simulator (testing/print-simulator), when print orders go to it: no Lulu key given, so the profile points
 * LULU_API_URL at it. It takes the profile's credentials and posts status changes to LULU_WEBHOOK_URL (npm start's API).
 */
export async function ensurePrintSimulator(ctx: Ctx): Promise<void> {
  const { env, name } = ctx.profile;
  if (env.LULU_CLIENT_KEY !== PRINT_SIMULATOR_CLIENT_KEY || !env.LULU_API_URL) return;
  const { host, port } = hostPort(env.LULU_API_URL, 80);
  if ((await reuseOrLocal('Print simulator', 'LULU_API_URL', host, port)) === 'reuse') return;
  const spec: ProcessSpec = {
    name: 'print-simulator',
    command: process.execPath,
    args: [join(repoRoot, 'testing/print-simulator/main.ts'), '--step-ms', String(PRINT_SIMULATOR_STEP_MS[name])],
    env: {
      ...process.env,
      LULU_API_URL: env.LULU_API_URL,
      LULU_CLIENT_KEY: env.LULU_CLIENT_KEY,
      LULU_CLIENT_SECRET: env.LULU_CLIENT_SECRET,
      LULU_WEBHOOK_URL: env.LULU_WEBHOOK_URL ?? '',
    },
    logFile: logFile(ctx, 'print-simulator'),
    restart: true,
  };
  await launch(ctx, spec, 'print simulator', () => isListening(host, port), 30_000);
  say(`Print simulator: Lulu's API on ${host}:${port}, a status every ${PRINT_SIMULATOR_STEP_MS[name] / 1000} s${env.LULU_WEBHOOK_URL ? `, webhooks to ${env.LULU_WEBHOOK_URL}` : ''}`);
}
