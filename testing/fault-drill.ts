// The fault drill's stack: PostgreSQL, a Temporal dev server, MinIO and the real worker, all of the drill's own (free
// ports, a temp dir), so a test can kill -9 any of them and start it again without touching the shared test stack.
// Mail, stripe-mock and the Lulu simulator stay the shared stack's: they stand for remote services and are never killed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import type { Config } from '../libs/config/index.ts';
import { ensureDatabase } from '../scripts/stack/services.ts';
import { repoRoot } from '../scripts/stack/profile.ts';
import { setUpServices } from '../scripts/stack/setup.ts';
import { ensureTemporalCli } from '../scripts/stack/temporal-cli.ts';
import { ensureGoProgram, findPostgresBin, postgresUser } from '../scripts/stack/tools.ts';
import { customSearchAttributes } from '../workflows/search-attributes.ts';
import { freePort, openDeps, testConfig } from './index.ts';

export type DrillService = 'worker' | 'postgres' | 'minio' | 'temporal';
export const drillServices: readonly DrillService[] = ['worker', 'postgres', 'minio', 'temporal'];

export interface DrillOptions {
  /** Extra environment for the worker (e.g. ANTHROPIC_BASE_URL of a loopback fake provider). */
  workerEnv?: Record<string, string>;
  /** Config overrides for the drill (its services' addresses are set by the drill). */
  config?: Partial<Record<keyof Config, string>>;
}

interface Spec {
  command: string;
  args: () => string[];
  env?: NodeJS.ProcessEnv;
  uid?: number;
  gid?: number;
  ready: () => Promise<boolean>;
  /** Started again after a crash the drill did not cause (the stack's supervisor does the same). */
  restartOnCrash: boolean;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` holds; throws naming `what` when it does not within `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await Promise.resolve(check()).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`fault drill: ${what} did not happen within ${timeoutMs / 1000} s`);
    await pause(150);
  }
}

export class FaultDrill {
  readonly config: Readonly<Config>;
  /** The worker's environment; an API started for the drill takes the same. */
  readonly env: NodeJS.ProcessEnv;
  /** The drill's own database, storage and mail, as activities see them. */
  deps!: Awaited<ReturnType<typeof openDeps>>;
  client!: Client;
  #connection: Connection | undefined;
  readonly #dir: string;
  readonly #specs: Record<DrillService, Spec>;
  readonly #children = new Map<DrillService, ChildProcess>();
  /** Exits the drill did not cause, per service (a worker that crashed while PostgreSQL was down, say). */
  readonly crashes: Record<DrillService, number> = { worker: 0, postgres: 0, minio: 0, temporal: 0 };
  #closing = false;

  private constructor(config: Config, env: NodeJS.ProcessEnv, dir: string, specs: Record<DrillService, Spec>) {
    this.config = config;
    this.env = env;
    this.#dir = dir;
    this.#specs = specs;
  }

  /** Starts PostgreSQL (initdb + migrations), Temporal, MinIO (bucket) and the worker, each on a free port. */
  static async start(options: DrillOptions = {}): Promise<FaultDrill> {
    const dir = mkdtempSync(join(tmpdir(), 'pressroom-drill-'));
    const [pgPort, temporalPort, minioPort] = [await freePort(), await freePort(), await freePort()];
    const taskQueue = `drill-${Math.random().toString(36).slice(2, 10)}`;
    const config = testConfig({
      ...options.config,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/pressroom`,
      TEMPORAL_ADDRESS: `127.0.0.1:${temporalPort}`,
      TEMPORAL_TASK_QUEUE: taskQueue,
      S3_ENDPOINT: `http://127.0.0.1:${minioPort}`,
    });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...options.config,
      DATABASE_URL: config.DATABASE_URL,
      TEMPORAL_ADDRESS: config.TEMPORAL_ADDRESS,
      TEMPORAL_TASK_QUEUE: taskQueue,
      S3_ENDPOINT: config.S3_ENDPOINT,
      WORKER_METRICS_ADDRESS: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      LOG_LEVEL: 'warn',
      ...options.workerEnv,
    };
    const specs: Record<DrillService, Spec> = {
      postgres: postgresSpec(dir, pgPort, config.DATABASE_URL),
      temporal: await temporalSpec(dir, temporalPort, config.TEMPORAL_NAMESPACE),
      minio: await minioSpec(dir, minioPort, config),
      worker: workerSpec(env, join(dir, 'worker.log')),
    };
    const drill = new FaultDrill(config, env, dir, specs);
    try {
      await Promise.all([drill.restart('postgres'), drill.restart('temporal'), drill.restart('minio')]);
      await ensureDatabase(new URL(config.DATABASE_URL));
      await setUpServices({ ...config, LULU_WEBHOOK_URL: undefined });
      drill.deps = await openDeps(config);
      drill.#connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS });
      drill.client = new Client({ connection: drill.#connection, namespace: config.TEMPORAL_NAMESPACE });
      await drill.restart('worker');
      return drill;
    } catch (error) {
      await drill.destroy();
      throw error;
    }
  }

  /** kill -9 the service's whole process group (PostgreSQL's backends with it); returns once it is gone. */
  async kill9(service: DrillService): Promise<void> {
    const child = this.#children.get(service);
    if (!child || !alive(child)) return;
    this.#children.delete(service);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    killGroup(child);
    await exited;
    // PostgreSQL's orphaned backends must be gone before a new postmaster can take the shared memory.
    if (service === 'postgres') await waitFor('PostgreSQL backends to exit', () => !groupAlive(child.pid as number), 15_000);
  }

  /** Starts the service again on the same port and data, and waits until it answers. */
  async restart(service: DrillService): Promise<void> {
    const current = this.#children.get(service);
    if (current && alive(current)) return;
    const child = spawnSpec(this.#specs[service], this.logFile(service));
    this.#adopt(service, child);
    await waitFor(`${service} to answer`, () => alive(child) && this.#specs[service].ready(), 60_000);
  }

  /** kill -9 then start again: the drill's unit. */
  async bounce(service: DrillService): Promise<void> {
    await this.kill9(service);
    await this.restart(service);
  }

  /** Where the service's output goes (kept until destroy), for a failing drill to show. */
  logFile(service: DrillService): string {
    return join(this.#dir, `${service}.log`);
  }

  running(service: DrillService): boolean {
    const child = this.#children.get(service);
    return !!child && alive(child);
  }

  #adopt(service: DrillService, child: ChildProcess): void {
    this.#children.set(service, child);
    child.once('exit', () => {
      if (this.#closing || this.#children.get(service) !== child) return;
      this.crashes[service] += 1;
      this.#children.delete(service);
      if (this.#specs[service].restartOnCrash) setTimeout(() => void this.restart(service).catch(() => undefined), 500);
    });
  }

  async destroy(): Promise<void> {
    this.#closing = true;
    const worker = this.#children.get('worker');
    if (worker && alive(worker)) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGTERM');
      await Promise.race([exited, pause(10_000)]);
    }
    await this.#connection?.close().catch(() => undefined);
    await this.deps?.close().catch(() => undefined);
    for (const child of this.#children.values()) {
      if (!alive(child)) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      killGroup(child);
      await exited;
    }
    rmSync(this.#dir, { recursive: true, force: true });
  }
}

function spawnSpec(spec: Spec, logFile: string): ChildProcess {
  const log = openSync(logFile, 'a');
  try {
    return spawn(spec.command, spec.args(), { env: spec.env ?? process.env, stdio: ['ignore', log, log], detached: true, uid: spec.uid, gid: spec.gid });
  } finally {
    closeSync(log);
  }
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function killGroup(child: ChildProcess): void {
  try {
    process.kill(-(child.pid as number), 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function postgresSpec(dir: string, port: number, databaseUrl: string): Spec {
  const bin = findPostgresBin();
  if (!bin) throw new Error('fault drill: PostgreSQL is not installed (npm test installs it)');
  const user = postgresUser();
  const dataDir = join(dir, 'postgres');
  mkdirSync(dataDir, { mode: 0o700 });
  if (user) {
    chownSync(dir, user.uid, user.gid);
    chownSync(dataDir, user.uid, user.gid);
  }
  const init = spawnSync(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], { stdio: 'ignore', ...user });
  if (init.status !== 0) throw new Error(`fault drill: initdb failed in ${dataDir}`);
  const serverUrl = new URL(databaseUrl);
  serverUrl.pathname = '/postgres';
  return {
    command: join(bin, 'postgres'),
    args: () => ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-k', dataDir, '-c', 'fsync=on'],
    ...user,
    ready: () => canQuery(serverUrl.href),
    restartOnCrash: false,
  };
}

async function canQuery(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function temporalSpec(dir: string, port: number, namespace: string): Promise<Spec> {
  const binary = await ensureTemporalCli();
  let first = true;
  return {
    command: binary,
    args: () => {
      // Search attributes are registered once; a restart finds them in the same database file.
      const attributes = first ? customSearchAttributes.flatMap((key) => ['--search-attribute', `${key.name}=Keyword`]) : [];
      first = false;
      return ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(port), '--headless', '--log-level', 'error', '--db-filename', join(dir, 'temporal.db'), '--namespace', namespace, ...attributes];
    },
    ready: async () => {
      const connection = await Connection.connect({ address: `127.0.0.1:${port}`, connectTimeout: 1000 });
      try {
        await connection.workflowService.describeNamespace({ namespace });
        return true;
      } finally {
        await connection.close();
      }
    },
    restartOnCrash: false,
  };
}

/** The real worker (apps/worker/src/main.ts), ready once it says it polls. */
function workerSpec(env: NodeJS.ProcessEnv, logFile: string): Spec {
  let starts = 0;
  const polling = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').split('worker polling task queue').length - 1 : 0);
  return {
    command: process.execPath,
    args: () => {
      starts = polling() + 1;
      return [join(repoRoot, 'apps/worker/src/main.ts')];
    },
    env,
    ready: async () => polling() >= starts,
    restartOnCrash: true,
  };
}

async function minioSpec(dir: string, port: number, config: Config): Promise<Spec> {
  const binary = await ensureGoProgram('minio', 'run the tests through npm test');
  const data = join(dir, 'minio');
  mkdirSync(data);
  return {
    command: binary,
    args: () => ['server', data, '--address', `127.0.0.1:${port}`, '--console-address', '127.0.0.1:0', '--quiet'],
    env: { ...process.env, MINIO_ROOT_USER: config.S3_ACCESS_KEY, MINIO_ROOT_PASSWORD: config.S3_SECRET_KEY },
    ready: async () => (await fetch(`http://127.0.0.1:${port}/minio/health/live`)).ok,
    restartOnCrash: false,
  };
}

