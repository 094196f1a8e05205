// Helpers for integration and browser tests, which run against the real services `npm test` starts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/core';
import { Client } from '@temporalio/client';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { afterAll, beforeAll } from 'vitest';
import { createWorker } from '../apps/worker/src/worker.ts';
import { createProviders } from '../libs/ai/index.ts';
import type { ActivityDeps } from '../activities/index.ts';
import { loadConfig, type Config } from '../libs/config/index.ts';
import { connectTemporal } from '../libs/config/temporal-connect.ts';
import { openOrm } from '../libs/db/index.ts';
import { createMailer, mailSettingsFrom } from '../libs/mail/index.ts';
import { checkoutDepsFrom } from '../libs/payments/index.ts';
import { createPrintProvider } from '../libs/print/index.ts';
import { StorageService, storageSettingsFrom } from '../libs/storage/index.ts';
import { ensureGoProgram } from '../scripts/stack/tools.ts';
import { FakeAiServer } from './ai-fakes.ts';

/** The test profile's configuration, as `npm test` exports it, with optional overrides. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Readonly<Config> {
  if (!process.env.DATABASE_URL) throw new Error('Integration tests run against real services: start them with `npm test`.');
  return loadConfig({ ...process.env, ...overrides });
}

export async function openDeps(config: Config): Promise<ActivityDeps & { close(): Promise<void> }> {
  const orm: MikroORM = await openOrm(config.DATABASE_URL);
  const storage = new StorageService(storageSettingsFrom(config));
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  return {
    orm,
    storage,
    providers: createProviders(config),
    mailer,
    mailSettings: mailSettingsFrom(config),
    checkout: checkoutDepsFrom(config),
    printProvider: createPrintProvider(config),
    close: () => orm.close(),
  };
}

let runtimeInstalled = false;

/** Runs a real Temporal worker in this process until `stop()` is called. */
export async function startWorker(config: Config, deps: ActivityDeps): Promise<{ stop(): Promise<void> }> {
  if (!runtimeInstalled) {
    Runtime.install({ logger: new DefaultLogger('ERROR'), shutdownSignals: [] });
    runtimeInstalled = true;
  }
  const { worker, connection } = await createWorker(config, deps);
  const running = worker.run();
  let stopped: Promise<void> | null = null;
  return {
    // Once: a test's `finally` may stop a worker the test already stopped, and must not hide the test's own failure.
    stop() {
      stopped ??= (async () => {
        worker.shutdown();
        await running;
        await connection.close();
      })();
      return stopped;
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A MinIO server of the test's own (so a test can stop and restart it without disturbing the others). */
export class OwnMinio {
  readonly port: number;
  readonly endpoint: string;
  readonly #dir = mkdtempSync(join(tmpdir(), 'pressroom-minio-'));
  readonly #credentials: { user: string; password: string };
  #process: ChildProcess | undefined;

  private constructor(port: number, credentials: { user: string; password: string }) {
    this.port = port;
    this.endpoint = `http://127.0.0.1:${port}`;
    this.#credentials = credentials;
  }

  static async start(config: Config): Promise<OwnMinio> {
    const minio = new OwnMinio(await freePort(), { user: config.S3_ACCESS_KEY, password: config.S3_SECRET_KEY });
    await minio.start();
    return minio;
  }

  async start(): Promise<void> {
    const binary = await ensureGoProgram('minio', 'run the tests through npm test');
    this.#process = spawn(binary, ['server', this.#dir, '--address', `127.0.0.1:${this.port}`, '--console-address', '127.0.0.1:0', '--quiet'], {
      env: { ...process.env, MINIO_ROOT_USER: this.#credentials.user, MINIO_ROOT_PASSWORD: this.#credentials.password },
      stdio: 'ignore',
    });
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const ok = await fetch(`${this.endpoint}/minio/health/live`).then((r) => r.ok, () => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('test MinIO did not start');
  }

  /** Freezes the server (SIGSTOP): it keeps its port but never answers, like a hung service. */
  pause(): void {
    this.#process?.kill('SIGSTOP');
  }

  resume(): void {
    this.#process?.kill('SIGCONT');
  }

  async stop(): Promise<void> {
    const child = this.#process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.#dir, { recursive: true, force: true });
  }
}

export async function eventually<T>(fn: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await fn();
  while (!accept(last)) {
    if (Date.now() > deadline) return last;
    await new Promise((r) => setTimeout(r, 250));
    last = await fn();
  }
  return last;
}

/** A real worker in this process plus a Temporal client, over the test profile's services. */
export interface Engine {
  deps: Awaited<ReturnType<typeof openDeps>>;
  client: Client;
  stop(): Promise<void>;
}

/** A worker of the test file's own: started before its tests, stopped after them; read `deps` and `client` inside tests. */
export function engineForFile(config: Config, prepare?: (deps: ActivityDeps) => void): Engine {
  let engine: Engine | undefined;
  beforeAll(async () => {
    engine = await startEngine(config, prepare);
  });
  afterAll(async () => {
    await engine?.stop();
  });
  const started = () => {
    if (!engine) throw new Error('the engine starts in beforeAll');
    return engine;
  };
  return {
    get deps() {
      return started().deps;
    },
    get client() {
      return started().client;
    },
    stop: () => started().stop(),
  };
}

/** engineForFile whose Anthropic provider is a loopback fake of the file's own (its requests and answers are recorded). */
export function fakeAiEngineForFile(config: Config): { engine: Engine; fake: FakeAiServer } {
  const fake = new FakeAiServer();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  const engine = engineForFile(config, (deps) => {
    deps.providers = createProviders({ ...config, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url });
  });
  return { engine, fake };
}

/** `prepare` may swap the providers (e.g. for loopback fakes) before the worker starts. */
export async function startEngine(config: Config, prepare?: (deps: ActivityDeps) => void): Promise<Engine> {
  const deps = await openDeps(config);
  prepare?.(deps);
  const worker = await startWorker(config, deps);
  const connection = await connectTemporal(config);
  return {
    deps,
    client: new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }),
    async stop() {
      await worker.stop();
      await connection.close();
      await deps.close();
    },
  };
}
