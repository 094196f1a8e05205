import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../libs/config/index.ts';
import { loadProfile, PRINT_SIMULATOR_CLIENT_KEY } from './profile.ts';

describe('stack profiles', () => {
  const dev = loadProfile('dev', {});
  const test = loadProfile('test', {});

  it('give npm test its own ports, data directory, database, namespace and bucket', () => {
    expect(test.dataDir).not.toBe(dev.dataDir);
    expect(test.dataDir.startsWith(dev.dataDir)).toBe(true); // one .data/ folder to ignore and clean
    for (const key of Object.keys(dev.ports) as (keyof typeof dev.ports)[]) expect(test.ports[key]).not.toBe(dev.ports[key]);
    for (const key of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'TEMPORAL_NAMESPACE', 'TEMPORAL_TASK_QUEUE', 'S3_ENDPOINT', 'S3_BUCKET', 'SMTP_URL', 'STRIPE_API_URL']) {
      expect(test.env[key], key).not.toBe(dev.env[key]);
    }
  });

  it('produce a valid configuration with generated local secrets', () => {
    const config = loadConfig(dev.env);
    expect(config.S3_BUCKET).toBe('book-files');
    expect(config.S3_SECRET_KEY.length).toBeGreaterThanOrEqual(24);
    expect(loadConfig(test.env).TEMPORAL_NAMESPACE).toBe('pressroom-test');
  });

  it('run payments in local test mode against stripe-mock unless a Stripe key is given', () => {
    expect(dev.env.STRIPE_API_URL).toBe(`http://127.0.0.1:${dev.ports.stripeMock}`);
    expect(dev.env.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_/);
    const withKey = loadProfile('dev', { STRIPE_SECRET_KEY: 'sk_test_abc123' }).env;
    expect(withKey.STRIPE_SECRET_KEY).toBe('sk_test_abc123');
    expect(withKey).not.toHaveProperty('STRIPE_API_URL');
  });

  it('send print orders to the Lulu simulator unless a Lulu key is given', () => {
    expect(dev.env).toMatchObject({
      LULU_API_URL: `http://127.0.0.1:${dev.ports.printSimulator}`,
      LULU_CLIENT_KEY: PRINT_SIMULATOR_CLIENT_KEY,
      LULU_WEBHOOK_URL: `http://127.0.0.1:${dev.ports.api}/api/print/webhooks/lulu`,
    });
    expect(dev.env.LULU_CLIENT_SECRET?.length).toBeGreaterThanOrEqual(24);
    // Tests serve their APIs on ports of their own and subscribe those.
    expect(test.env).toMatchObject({ LULU_API_URL: `http://127.0.0.1:${test.ports.printSimulator}`, LULU_CLIENT_KEY: PRINT_SIMULATOR_CLIENT_KEY });
    expect(test.env).not.toHaveProperty('LULU_WEBHOOK_URL');
    const lulu = { LULU_API_URL: 'https://api.sandbox.lulu.com', LULU_CLIENT_KEY: 'sandbox-key', LULU_CLIENT_SECRET: 'sandbox-secret', LULU_WEBHOOK_URL: 'https://pressroom.example/api/print/webhooks/lulu' };
    expect(loadProfile('dev', lulu).env).toMatchObject(lulu);
  });

  it('let the environment override npm start but never npm test', () => {
    const env = { DATABASE_URL: 'postgres://db.internal:5432/pressroom', UNRELATED: 'x' };
    expect(loadProfile('dev', env).env.DATABASE_URL).toBe(env.DATABASE_URL);
    expect(loadProfile('dev', env).env).not.toHaveProperty('UNRELATED');
    expect(loadProfile('test', env).env.DATABASE_URL).toBe(test.env.DATABASE_URL);
  });
});
