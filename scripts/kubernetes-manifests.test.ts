import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { ConfigMap, Service } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { configKeys } from '../libs/config/index.ts';
import { repoRoot } from './stack/profile.ts';

// deploy/kubernetes: the path past one host. Each object is checked against the Kubernetes API's own OpenAPI schemas
// (kubernetes-models ships them compiled, so no cluster and no download is needed).
const dir = join(repoRoot, 'deploy/kubernetes');
const models = {
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
} as const;

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}
type PodSpec = { containers: { name: string; command?: string[]; envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[] }[] };

const manifests: (Manifest & { file: string })[] = readdirSync(dir)
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) => parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map((doc) => ({ ...(doc.toJS() as Manifest), file })));
const find = (kind: string, name: string) => manifests.find((m) => m.kind === kind && m.metadata.name === name);
const podOf = (m: Manifest | undefined) => (m?.spec?.template as { spec: PodSpec } | undefined)?.spec;

/** Validates one object with the model of its apiVersion and kind; the schema's complaint, or null. */
function schemaError(manifest: Manifest): string | null {
  const Model = models[`${manifest.apiVersion}/${manifest.kind}` as keyof typeof models];
  if (!Model) return `no schema for ${manifest.apiVersion} ${manifest.kind}`;
  try {
    new Model(manifest as never).validate();
    return null;
  } catch (error) {
    return String(error);
  }
}

const secretKeys = readFileSync(join(dir, 'secret.example.env'), 'utf8')
  .split('\n')
  .map((line) => /^([A-Z0-9_]+)=/.exec(line)?.[1])
  .filter((key): key is string => Boolean(key));

describe('deploy/kubernetes', () => {
  it('holds objects the Kubernetes schemas accept', () => {
    expect(manifests.length).toBeGreaterThanOrEqual(8);
    for (const manifest of manifests) expect(schemaError(manifest), `${manifest.file}: ${manifest.kind} ${manifest.metadata.name}`).toBeNull();
  });

  it('catches what a schema should: a count that is no number, a port that is no port', () => {
    const api = find('Deployment', 'pressroom-api') as Manifest;
    expect(schemaError({ ...api, spec: { ...api.spec, replicas: 'two' } })).toMatch(/replicas must be integer/);
    const service = find('Service', 'pressroom-api') as Manifest;
    expect(schemaError({ ...service, spec: { ...service.spec, ports: [{ port: 'http' }] } })).toMatch(/port must be integer/);
  });

  it('runs two API replicas and two workers, and the setup job, from the same image and configuration', () => {
    expect(find('Deployment', 'pressroom-api')?.spec?.replicas).toBeGreaterThanOrEqual(2);
    expect(find('Deployment', 'pressroom-worker')?.spec?.replicas).toBeGreaterThanOrEqual(2);
    const commands = { 'pressroom-api': 'dist/apps/api/src/main.js', 'pressroom-worker': 'apps/worker/src/main.ts' };
    for (const [name, entry] of Object.entries(commands)) expect(podOf(find('Deployment', name))?.containers[0]?.command).toContain(entry);
    expect(podOf(find('Job', 'pressroom-setup'))?.containers[0]?.command).toContain('scripts/setup.ts');
    for (const pod of [podOf(find('Deployment', 'pressroom-api')), podOf(find('Deployment', 'pressroom-worker')), podOf(find('Job', 'pressroom-setup'))]) {
      expect(pod?.containers[0]?.envFrom).toEqual([{ configMapRef: { name: 'pressroom-config' } }, { secretRef: { name: 'pressroom-secrets' } }]);
    }
  });

  it('sets every variable the app reads, each either in the ConfigMap or among the secrets, never both', () => {
    const configured = Object.keys(find('ConfigMap', 'pressroom-config')?.data ?? {});
    expect([...configured, ...secretKeys].sort()).toEqual([...configKeys].sort());
    for (const key of ['DATABASE_URL', 'S3_SECRET_KEY', 'JWT_SECRET', 'STRIPE_WEBHOOK_SECRET']) expect(secretKeys).toContain(key);
  });

  it('points at services that outlive a machine: a Temporal cluster, an S3 endpoint over TLS', () => {
    const data = find('ConfigMap', 'pressroom-config')?.data ?? {};
    expect(data.TEMPORAL_ADDRESS).toMatch(/^[a-z0-9.-]+:7233$/);
    expect(data.TEMPORAL_ADDRESS).not.toMatch(/^(localhost|127\.)/);
    expect(data.S3_ENDPOINT).toMatch(/^https:\/\//);
  });

  it('routes /api to the API replicas and the rest to the portal', () => {
    const paths = (find('Ingress', 'pressroom')?.spec?.rules as { http: { paths: { path: string; backend: { service: { name: string } } }[] } }[])[0]?.http.paths;
    expect(paths?.map((p) => [p.path, p.backend.service.name])).toEqual([['/api', 'pressroom-api'], ['/', 'pressroom-portal']]);
    const selector = (find('Service', 'pressroom-api')?.spec?.selector ?? {}) as Record<string, string>;
    expect((find('Deployment', 'pressroom-api')?.spec?.template as { metadata: { labels: Record<string, string> } }).metadata.labels).toMatchObject(selector);
  });
});
