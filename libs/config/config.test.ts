import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SUPPORT_EMAIL } from '../domain/index.ts';
import { ConfigError, configKeys, loadConfig, loadServiceConfigOrExit, testPaymentsRefusal } from './index.ts';
import { minimalConfigEnv } from '../../testing/config-env.ts';

const valid = minimalConfigEnv;

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected loadConfig to throw');
}

describe('loadConfig', () => {
  it('applies the documented defaults and returns a frozen, typed object', () => {
    const config = loadConfig(valid);
    expect(config.API_PORT).toBe(3000);
    expect(config.S3_BUCKET).toBe('book-files');
    expect(config.TEMPORAL_NAMESPACE).toBe('default');
    expect(config.TEMPORAL_TASK_QUEUE).toBe('pressroom');
    expect(config.HEALTH_TIMEOUT_MS).toBe(2000);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('mails support at the address the portal shows, unless SUPPORT_EMAIL names another', () => {
    expect(loadConfig(valid).SUPPORT_EMAIL).toBe(SUPPORT_EMAIL);
    expect(loadConfig({ ...valid, SUPPORT_EMAIL: 'help@example.com' }).SUPPORT_EMAIL).toBe('help@example.com');
  });

  it('coerces numbers from strings', () => {
    expect(loadConfig({ ...valid, API_PORT: '8080', HEALTH_TIMEOUT_MS: '500' })).toMatchObject({ API_PORT: 8080, HEALTH_TIMEOUT_MS: 500 });
  });

  it('names every missing required variable', () => {
    expect(problemsOf({})).toEqual([
      'DATABASE_URL is required',
      'TEMPORAL_ADDRESS is required',
      'S3_ENDPOINT is required',
      'S3_ACCESS_KEY is required',
      'S3_SECRET_KEY is required',
      'JWT_SECRET is required',
    ]);
  });

  it('treats an empty variable as missing', () => {
    expect(problemsOf({ ...valid, DATABASE_URL: '' })).toEqual(['DATABASE_URL is required']);
  });

  it('names each bad value with the reason', () => {
    const problems = problemsOf({ ...valid, DATABASE_URL: 'mysql://db/x', API_PORT: 'abc', TEMPORAL_ADDRESS: 'no-port', S3_BUCKET: 'Bad_Bucket', NODE_ENV: 'staging' });
    expect(problems).toHaveLength(5);
    expect(problems).toContain('DATABASE_URL must be a postgres or postgresql URL');
    expect(problems).toContain('API_PORT must be a port number');
    expect(problems).toContain('TEMPORAL_ADDRESS must be host:port');
    expect(problems).toContain('S3_BUCKET must be a valid bucket name');
    expect(problems.find((p) => p.startsWith('NODE_ENV '))).toBeDefined();
  });

  it('puts every problem in the error message', () => {
    expect(() => loadConfig({ ...valid, S3_SECRET_KEY: 'short' })).toThrow(/S3_SECRET_KEY/);
  });

  it('ignores variables it does not own', () => {
    expect(loadConfig({ ...valid, PATH: '/usr/bin', HOME: '/root' })).not.toHaveProperty('PATH');
    expect(configKeys).not.toContain('PATH');
  });
});

describe('test payments beside real providers', () => {
  /** Local test mode: no Stripe key, stripe-mock behind the SDK. */
  const testPayments = { ...valid, STRIPE_API_URL: 'http://127.0.0.1:12111' };
  const refusal = (env: Record<string, string>) => testPaymentsRefusal(loadConfig({ ...testPayments, ...env }));

  it('lets local test mode run in development and tests, with the Lulu simulator and loopback AI fakes', () => {
    expect(refusal({})).toBeNull();
    expect(refusal({ NODE_ENV: 'test', LULU_API_URL: 'http://127.0.0.1:4620', LULU_CLIENT_KEY: 'pressroom-simulator', LULU_CLIENT_SECRET: 'a-simulator-secret' })).toBeNull();
    expect(refusal({ ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: 'http://127.0.0.1:4000', OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: 'http://localhost:4000/v1' })).toBeNull();
  });

  it.each([
    ['NODE_ENV=production', { NODE_ENV: 'production' }, 'NODE_ENV is production'],
    ["Lulu's production API", { LULU_API_URL: 'https://api.lulu.com', LULU_CLIENT_KEY: 'key', LULU_CLIENT_SECRET: 'a-real-secret' }, 'print orders go to Lulu (https://api.lulu.com)'],
    ["Lulu's sandbox", { LULU_API_URL: 'https://api.sandbox.lulu.com', LULU_CLIENT_KEY: 'key', LULU_CLIENT_SECRET: 'a-real-secret' }, 'print orders go to Lulu'],
    ["Anthropic's API", { ANTHROPIC_API_KEY: 'sk-ant-real' }, 'ANTHROPIC_API_KEY is set'],
    ['an OpenAI-compatible API elsewhere', { OPENAI_API_KEY: 'sk-real', OPENAI_BASE_URL: 'https://llm.example/v1' }, 'OPENAI_API_KEY is set for https://llm.example/v1'],
  ])('refuses local test mode with %s, saying how to go on', (_case, env, reason) => {
    const message = refusal(env);
    expect(message).toContain(reason);
    expect(message).toContain('STRIPE_SECRET_KEY');
    expect(message).toContain('PRESSROOM_ALLOW_TEST_PAYMENTS=demo');
  });

  it('lets it run when a demo is asked for, or when Stripe takes the payments', () => {
    const production = { NODE_ENV: 'production', ANTHROPIC_API_KEY: 'sk-ant-real' };
    expect(refusal({ ...production, PRESSROOM_ALLOW_TEST_PAYMENTS: 'demo' })).toBeNull();
    expect(testPaymentsRefusal(loadConfig({ ...valid, ...production, STRIPE_SECRET_KEY: 'sk_live_abc123' }))).toBeNull();
    expect(problemsOf({ ...testPayments, PRESSROOM_ALLOW_TEST_PAYMENTS: 'yes' })).toEqual(['PRESSROOM_ALLOW_TEST_PAYMENTS must be "demo" or unset']);
  });

  it('stops the API and the worker at start with the message (exit code 78)', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${String(code)}`);
    });
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => loadServiceConfigOrExit({ ...testPayments, NODE_ENV: 'production' })).toThrow('exit 78');
      expect(printed).toHaveBeenCalledWith(expect.stringContaining('Refusing to start: payments are in local test mode'));
      expect(loadServiceConfigOrExit(testPayments).NODE_ENV).toBe('development');
    } finally {
      exit.mockRestore();
      printed.mockRestore();
    }
  });

  it('keeps the worker process from starting', () => {
    const worker = join(import.meta.dirname, '../../apps/worker/src/main.ts');
    const run = spawnSync(process.execPath, [worker], { env: { PATH: process.env.PATH, ...testPayments, ANTHROPIC_API_KEY: 'sk-ant-real' }, encoding: 'utf8', timeout: 15_000 });
    expect(run.status).toBe(78);
    expect(run.stderr).toContain("ANTHROPIC_API_KEY is set for Anthropic's API");
  });
});
