import { describe, expect, it } from 'vitest';
import { ConfigError, configKeys, loadConfig } from './index.ts';

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pressroom',
  TEMPORAL_ADDRESS: '127.0.0.1:7233',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_ACCESS_KEY: 'access',
  S3_SECRET_KEY: 'secret-secret',
  JWT_SECRET: 'a-test-secret-that-is-long-enough-0123',
};

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
