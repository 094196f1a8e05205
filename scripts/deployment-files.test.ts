import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configKeys } from '../libs/config/index.ts';
import { repoRoot } from './stack/profile.ts';

// Docker does not run on the development machines, so these files are checked by reading them.
interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }> | string[];
  ports?: (string | number | { target: number; published?: string | number; host_ip?: string })[];
  network_mode?: string;
}

/** The services people reach from other machines; everything else is for operators on the host itself. */
const PUBLIC_SERVICES = ['portal', 'api'];
const LOOPBACK = ['127.0.0.1', '::1'];

/**
 * The host address a `ports` entry binds to, in Compose's short syntax (`[ip:]host:container[/proto]`, IPv6 in
 * brackets, or a bare container port) or long syntax (`host_ip`); undefined means every interface.
 */
function hostAddress(entry: NonNullable<ComposeService['ports']>[number]): string | undefined {
  if (typeof entry === 'object') return entry.host_ip;
  const spec = String(entry).replace(/\/\w+$/, '');
  const bracketed = /^\[([^\]]+)\]:/.exec(spec);
  if (bracketed) return bracketed[1];
  const parts = spec.split(':');
  return parts.length === 3 ? parts[0] : undefined;
}

/** `service: entry` for every port published beyond loopback by a service that is not meant to be public. */
function exposedBeyondLoopback(services: Record<string, ComposeService>): string[] {
  return Object.entries(services)
    .filter(([name]) => !PUBLIC_SERVICES.includes(name))
    .flatMap(([name, service]) => [
      ...(service.network_mode === 'host' ? [`${name}: network_mode host`] : []),
      ...(service.ports ?? []).filter((entry) => !LOOPBACK.includes(hostAddress(entry) ?? '')).map((entry) => `${name}: ${JSON.stringify(entry)}`),
    ]);
}

const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

describe('docker-compose.yml', () => {
  it('runs every part of the platform', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'temporal', 'temporal-ui', 'minio', 'mail', 'setup', 'api', 'worker', 'portal']),
    );
  });

  it('runs Temporal on PostgreSQL', () => {
    expect(compose.services.temporal?.environment).toMatchObject({ DB: 'postgres12', POSTGRES_SEEDS: 'postgres' });
  });

  it.each(['setup', 'api', 'worker'])('sets every variable the app reads for %s', (name) => {
    const env = compose.services[name]?.environment ?? {};
    expect(Object.keys(env).sort()).toEqual([...configKeys].sort());
  });

  it('starts the API and the worker only after the setup job succeeded', () => {
    for (const name of ['api', 'worker']) {
      expect(compose.services[name]?.depends_on).toMatchObject({ setup: { condition: 'service_completed_successfully' } });
    }
  });

  it('publishes the portal and the API, and every other port on the loopback address only', () => {
    expect(exposedBeyondLoopback(compose.services)).toEqual([]);
    for (const name of PUBLIC_SERVICES) expect(compose.services[name]?.ports?.length, name).toBeGreaterThan(0);
  });

  it.each([
    ['8233:8080', true],
    ['9000', true],
    ['0.0.0.0:9001:9001', true],
    ['[::]:1080:1080/tcp', true],
    [{ target: 9000, published: 9000 }, true],
    ['127.0.0.1:8233:8080', false],
    ['[::1]:1080:1080', false],
    [{ target: 9000, published: 9000, host_ip: '127.0.0.1' }, false],
  ])('counts the port %j of an internal service as exposed: %s', (entry, exposed) => {
    expect(exposedBeyondLoopback({ minio: { ports: [entry] } })).toHaveLength(exposed ? 1 : 0);
  });

  it('keeps secrets out of the file', () => {
    const env = compose.services.api?.environment ?? {};
    expect(String(env.S3_SECRET_KEY)).toMatch(/^\$\{S3_SECRET_KEY:\?/);
    expect(String(env.S3_ACCESS_KEY)).toMatch(/^\$\{S3_ACCESS_KEY:\?/);
  });
});

describe('.env.example', () => {
  it('documents every variable the app reads', () => {
    const documented = readFileSync(join(repoRoot, '.env.example'), 'utf8')
      .split('\n')
      .map((line) => /^([A-Z0-9_]+)=/.exec(line)?.[1])
      .filter(Boolean);
    expect(documented.sort()).toEqual([...configKeys].sort());
  });
});
