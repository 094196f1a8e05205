import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestCertificateAuthority, type Pem } from '../../testing/temporal-tls.ts';
import { ConfigError, loadConfig } from './index.ts';
import { describeTemporalConnection, temporalConnectionOptions, type TemporalSettings } from './temporal.ts';
import { minimalConfigEnv } from '../../testing/config-env.ts';

const valid = minimalConfigEnv;
const cloud = { TEMPORAL_ADDRESS: 'pressroom.a1b2c.tmprl.cloud:7233', TEMPORAL_NAMESPACE: 'pressroom.a1b2c' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...valid, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected loadConfig to throw');
}

let ca: TestCertificateAuthority;
let client: Pem;
let stranger: Pem;
let dir: string;
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

beforeAll(async () => {
  ca = await TestCertificateAuthority.create('Options CA');
  client = await ca.issue('pressroom-worker', 'client');
  stranger = await ca.issue('someone-else', 'client');
  dir = mkdtempSync(join(tmpdir(), 'pressroom-temporal-options-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Temporal settings in the configuration', () => {
  it('leave a local or self-hosted Temporal on plain gRPC, the namespace registered by setup', () => {
    const config = loadConfig(valid);
    expect(config.TEMPORAL_TLS).toBeUndefined();
    expect(config.TEMPORAL_NAMESPACE_MANAGED).toBe(false);
    expect(temporalConnectionOptions(config)).toEqual({ address: '127.0.0.1:7233' });
  });

  it('read TEMPORAL_TLS and TEMPORAL_NAMESPACE_MANAGED as true/false (on/off, 1/0), and nothing else', () => {
    expect(loadConfig({ ...valid, TEMPORAL_TLS: 'on', TEMPORAL_NAMESPACE_MANAGED: 'true' })).toMatchObject({ TEMPORAL_TLS: true, TEMPORAL_NAMESPACE_MANAGED: true });
    expect(loadConfig({ ...valid, TEMPORAL_TLS: 'false', TEMPORAL_NAMESPACE_MANAGED: '0' })).toMatchObject({ TEMPORAL_TLS: false, TEMPORAL_NAMESPACE_MANAGED: false });
    expect(problemsOf({ TEMPORAL_TLS: 'maybe', TEMPORAL_NAMESPACE_MANAGED: 'cloud' })).toEqual(['TEMPORAL_TLS must be true or false', 'TEMPORAL_NAMESPACE_MANAGED must be true or false']);
    expect(problemsOf({ TEMPORAL_TLS_SERVER_NAME: 'not a host' })).toEqual(['TEMPORAL_TLS_SERVER_NAME must be a host name']);
  });

  it('refuse half a client certificate at start, saying what is missing', () => {
    expect(problemsOf({ TEMPORAL_TLS_CERT: '/etc/temporal/client.pem' })).toEqual([
      'TEMPORAL_TLS_KEY is required with TEMPORAL_TLS_CERT (the client certificate and its private key go together)',
    ]);
    expect(problemsOf({ TEMPORAL_TLS_KEY: '/etc/temporal/client.key' })).toEqual([
      'TEMPORAL_TLS_CERT is required with TEMPORAL_TLS_KEY (the client certificate and its private key go together)',
    ]);
  });

  it('refuse TLS turned off beside settings that only travel over TLS (an API key in the clear)', () => {
    expect(problemsOf({ TEMPORAL_TLS: 'off', TEMPORAL_API_KEY: 'key', TEMPORAL_TLS_SERVER_NAME: 'temporal.example.com' })).toEqual([
      'TEMPORAL_TLS is off, but TEMPORAL_TLS_SERVER_NAME, TEMPORAL_API_KEY are set: they are sent over TLS only (unset TEMPORAL_TLS, or set it to true)',
    ]);
  });

  it('stop the worker process at start on half a client certificate (exit code 78, the message on stderr)', () => {
    const worker = join(import.meta.dirname, '../../apps/worker/src/main.ts');
    const run = spawnSync(process.execPath, [worker], { env: { PATH: process.env.PATH, ...valid, TEMPORAL_TLS_CERT: '/etc/temporal/client.pem' }, encoding: 'utf8', timeout: 15_000 });
    expect(run.status).toBe(78);
    expect(run.stderr).toContain('TEMPORAL_TLS_KEY is required with TEMPORAL_TLS_CERT');
  });
});

describe('temporalConnectionOptions', () => {
  const settings = (env: Partial<TemporalSettings>): TemporalSettings => ({ ...cloud, ...env });

  it('turns TLS on with an API key alone (Temporal Cloud), sends the key and names the namespace in the metadata', () => {
    expect(temporalConnectionOptions(settings({ TEMPORAL_API_KEY: 'cloud-key' }))).toEqual({
      address: cloud.TEMPORAL_ADDRESS,
      tls: {},
      apiKey: 'cloud-key',
      metadata: { 'temporal-namespace': 'pressroom.a1b2c' },
    });
  });

  it('turns TLS on with the system CAs for TEMPORAL_TLS=true alone', () => {
    expect(temporalConnectionOptions(settings({ TEMPORAL_TLS: true }))).toEqual({ address: cloud.TEMPORAL_ADDRESS, tls: {} });
  });

  it('reads a client certificate, its key and a server CA from files or from the PEM itself, and the server name', () => {
    const fromFiles = temporalConnectionOptions(
      settings({ TEMPORAL_TLS_CERT: file('client.pem', client.cert), TEMPORAL_TLS_KEY: file('client.key', client.key), TEMPORAL_TLS_SERVER_CA: file('ca.pem', ca.pem.cert), TEMPORAL_TLS_SERVER_NAME: 'temporal.internal' }),
    );
    const inline = temporalConnectionOptions(settings({ TEMPORAL_TLS_CERT: client.cert, TEMPORAL_TLS_KEY: client.key, TEMPORAL_TLS_SERVER_CA: ca.pem.cert, TEMPORAL_TLS_SERVER_NAME: 'temporal.internal' }));
    for (const options of [fromFiles, inline]) {
      expect(options.apiKey).toBeUndefined();
      expect(options.metadata).toBeUndefined();
      expect(options.tls?.serverNameOverride).toBe('temporal.internal');
      expect(options.tls?.serverRootCACertificate?.toString()).toBe(ca.pem.cert);
      expect(options.tls?.clientCertPair?.crt.toString()).toBe(client.cert);
      expect(options.tls?.clientCertPair?.key.toString()).toBe(client.key);
    }
  });

  it('fails naming the variable: a file that is not there, a file without PEM, a key of another certificate', () => {
    const key = file('client.key', client.key);
    expect(() => temporalConnectionOptions(settings({ TEMPORAL_TLS_CERT: join(dir, 'missing.pem'), TEMPORAL_TLS_KEY: key }))).toThrow(
      `TEMPORAL_TLS_CERT: cannot read ${join(dir, 'missing.pem')} (ENOENT); give the file's path or the PEM itself`,
    );
    expect(() => temporalConnectionOptions(settings({ TEMPORAL_TLS_SERVER_CA: file('notes.txt', 'not a certificate') }))).toThrow(`TEMPORAL_TLS_SERVER_CA: ${join(dir, 'notes.txt')} holds no PEM certificate`);
    expect(() => temporalConnectionOptions(settings({ TEMPORAL_TLS_CERT: client.cert, TEMPORAL_TLS_KEY: client.cert }))).toThrow('TEMPORAL_TLS_KEY: the value holds no PEM private key');
    expect(() => temporalConnectionOptions(settings({ TEMPORAL_TLS_CERT: client.cert, TEMPORAL_TLS_KEY: stranger.key }))).toThrow(
      'TEMPORAL_TLS_KEY is not the private key of the certificate in TEMPORAL_TLS_CERT',
    );
    expect(() => temporalConnectionOptions(settings({ TEMPORAL_TLS_CERT: client.cert }))).toThrow('TEMPORAL_TLS_KEY is required with TEMPORAL_TLS_CERT');
  });

  it('describes the connection for the logs without its key or certificate', () => {
    const described = describeTemporalConnection(settings({ TEMPORAL_API_KEY: 'cloud-key', TEMPORAL_TLS_CERT: client.cert, TEMPORAL_TLS_KEY: client.key }));
    expect(described).toBe('pressroom.a1b2c.tmprl.cloud:7233 over TLS with a client certificate and an API key');
    expect(describeTemporalConnection({ TEMPORAL_ADDRESS: '127.0.0.1:7233', TEMPORAL_NAMESPACE: 'default' })).toBe('127.0.0.1:7233 (plain gRPC)');
  });
});
