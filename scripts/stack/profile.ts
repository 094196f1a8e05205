import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { configKeys } from '../../libs/config/index.ts';

export const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * A profile is one self-contained set of local services: `dev` for `npm start`, `test` for `npm test`.
 * They use different ports, data directories, database, Temporal namespace and bucket, so tests never
 * touch the data of a running `npm start`.
 */
export interface Profile {
  name: 'dev' | 'test';
  dataDir: string;
  ports: { postgres: number; temporal: number; temporalUi: number; temporalHttp: number; minio: number; minioConsole: number; smtp: number; mailWeb: number; stripeMock: number; printSimulator: number; api: number; portal: number };
  /** The environment for every process of the stack: defaults, then `.env` (dev only), then the caller's environment. */
  env: Record<string, string>;
}

const PORTS = {
  dev: { postgres: 54320, temporal: 7233, temporalUi: 8233, temporalHttp: 7243, minio: 9000, minioConsole: 9001, smtp: 1025, mailWeb: 1080, stripeMock: 12111, printSimulator: 4610, api: 3000, portal: 5173 },
  test: { postgres: 54330, temporal: 7263, temporalUi: 8263, temporalHttp: 7273, minio: 9020, minioConsole: 9021, smtp: 1125, mailWeb: 1180, stripeMock: 12121, printSimulator: 4620, api: 3100, portal: 4273 },
} as const;

const SECRET_GENERATORS: Record<string, () => string> = {
  S3_ACCESS_KEY: () => `pressroom-${randomBytes(4).toString('hex')}`,
  S3_SECRET_KEY: () => randomBytes(24).toString('base64url'),
  JWT_SECRET: () => randomBytes(48).toString('base64url'),
  STRIPE_WEBHOOK_SECRET: () => `whsec_${randomBytes(24).toString('base64url')}`,
  LULU_CLIENT_SECRET: () => randomBytes(24).toString('base64url'),
};

/** The client key the local Lulu simulator is run with (its secret is generated like the others). */
export const PRINT_SIMULATOR_CLIENT_KEY = 'pressroom-simulator';

/** Local secrets are generated once per data directory (and completed when new ones appear), never committed. */
function localSecrets(dataDir: string): Record<string, string> {
  const file = join(dataDir, 'secrets.env');
  const secrets = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
  const missing = Object.keys(SECRET_GENERATORS).filter((key) => !secrets[key]);
  if (missing.length) {
    for (const key of missing) secrets[key] = (SECRET_GENERATORS[key] as () => string)();
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${Object.entries(secrets).map(([k, v]) => `${k}=${v}`).join('\n')}\n`, { mode: 0o600 });
  }
  return secrets;
}

function parseEnv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match?.[1] && match[2] !== undefined) out[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}

export function loadProfile(name: Profile['name'], callerEnv: NodeJS.ProcessEnv = process.env): Profile {
  const ports = PORTS[name];
  const dataDir = name === 'dev' ? join(repoRoot, '.data') : join(repoRoot, '.data', 'test');
  const isTest = name === 'test';
  const defaults: Record<string, string> = {
    NODE_ENV: isTest ? 'test' : 'development',
    LOG_LEVEL: isTest ? 'warn' : 'info',
    API_PORT: String(ports.api),
    PORTAL_URL: `http://localhost:${ports.portal}`,
    DATABASE_URL: `postgres://postgres@127.0.0.1:${ports.postgres}/${isTest ? 'pressroom_test' : 'pressroom'}`,
    TEMPORAL_ADDRESS: `127.0.0.1:${ports.temporal}`,
    TEMPORAL_NAMESPACE: isTest ? 'pressroom-test' : 'default',
    TEMPORAL_TASK_QUEUE: isTest ? 'pressroom-test' : 'pressroom',
    TEMPORAL_UI_URL: `http://localhost:${ports.temporalUi}`,
    S3_ENDPOINT: `http://127.0.0.1:${ports.minio}`,
    S3_BUCKET: isTest ? 'book-files-test' : 'book-files',
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    // The portal's dev and preview servers forward /api from loopback with X-Forwarded-For.
    TRUST_PROXY: 'loopback',
    // Tests share one client address; the limits themselves are tested with their own, small, settings.
    ...(isTest ? { AUTH_RATE_LIMIT_PER_MINUTE: '10000', GENERATION_RATE_LIMIT_PER_HOUR: '1000000', FILES_RATE_LIMIT_PER_HOUR: '1000000', CHECKOUT_RATE_LIMIT_PER_HOUR: '1000000', FORMS_RATE_LIMIT_PER_HOUR: '1000000', EDIT_RATE_LIMIT_PER_HOUR: '1000000', PRINT_RATE_LIMIT_PER_HOUR: '1000000' } : {}),
    ...localSecrets(dataDir),
  };
  // Tests run on their own instances whatever the shell exports; `npm start` honours .env and the environment.
  const overrides = pick(isTest ? {} : { ...readDotEnv(), ...definedOnly(callerEnv) }, configKeys);
  // Without a Stripe key, payments run in local test mode against stripe-mock (see libs/payments).
  if (!overrides.STRIPE_SECRET_KEY) defaults.STRIPE_API_URL = `http://127.0.0.1:${ports.stripeMock}`;
  // Without Lulu credentials, print orders go to the local Lulu simulator (testing/print-simulator) that the stack runs.
  if (!overrides.LULU_CLIENT_KEY) {
    defaults.LULU_API_URL = `http://127.0.0.1:${ports.printSimulator}`;
    defaults.LULU_CLIENT_KEY = PRINT_SIMULATOR_CLIENT_KEY;
    // npm start's API receives the simulator's webhooks; tests serve their APIs on ports of their own and subscribe those.
    if (!isTest) defaults.LULU_WEBHOOK_URL = `http://127.0.0.1:${overrides.API_PORT ?? ports.api}/api/print/webhooks/lulu`;
  }
  return { name, dataDir, ports, env: { ...defaults, ...overrides } };
}

function readDotEnv(): Record<string, string> {
  const file = join(repoRoot, '.env');
  return existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
}

function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}

function pick(source: Record<string, string>, keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.filter((k) => k in source).map((k) => [k, source[k] as string]));
}
