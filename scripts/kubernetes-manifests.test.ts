import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { ConfigMap, Service } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { configKeys, loadConfig } from '../libs/config/index.ts';
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

const manifestsIn = (folder: string, files: string[]): (Manifest & { file: string })[] =>
  files.flatMap((file) => parseAllDocuments(readFileSync(join(folder, file), 'utf8')).map((doc) => ({ ...(doc.toJS() as Manifest), file })));
const manifestFiles = readdirSync(dir).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
const manifests = manifestsIn(dir, manifestFiles);
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

/** Kustomize's strategic merge as these patches use it: maps merge, lists of named items merge by name, other lists are replaced. */
function strategicMerge(target: unknown, patch: unknown): unknown {
  if (Array.isArray(patch) && Array.isArray(target) && patch.every((item) => typeof (item as { name?: unknown }).name === 'string')) {
    const merged = [...(target as { name: string }[])];
    for (const item of patch as { name: string }[]) {
      const at = merged.findIndex((existing) => existing.name === item.name);
      if (at >= 0) merged[at] = strategicMerge(merged[at], item) as { name: string };
      else merged.push(item);
    }
    return merged;
  }
  if (patch && typeof patch === 'object' && !Array.isArray(patch) && target && typeof target === 'object' && !Array.isArray(target)) {
    const merged: Record<string, unknown> = { ...(target as Record<string, unknown>) };
    for (const [key, value] of Object.entries(patch)) merged[key] = strategicMerge(merged[key], value);
    return merged;
  }
  return patch;
}

/** An overlay of deploy/temporal-cloud built as `kubectl kustomize` builds it: the base's objects with the patches merged in. */
function overlay(name: string): { objects: (Manifest & { file: string })[]; kustomization: { resources: string[]; patches: { path: string }[] } } {
  const folder = join(repoRoot, 'deploy/temporal-cloud', name);
  const kustomization = parse(readFileSync(join(folder, 'kustomization.yaml'), 'utf8')) as { resources: string[]; patches: { path: string }[] };
  const patches = manifestsIn(folder, kustomization.patches.map((p) => p.path));
  const objects = manifests.map((base) => {
    const mine = patches.filter((p) => p.kind === base.kind && p.metadata.name === base.metadata.name);
    return mine.reduce((object, patch) => ({ ...(strategicMerge(object, { ...patch, file: object.file }) as Manifest), file: object.file }), base);
  });
  for (const patch of patches) expect(objects.some((o) => o.kind === patch.kind && o.metadata.name === patch.metadata.name), `${patch.file} patches ${patch.kind} ${patch.metadata.name}`).toBe(true);
  return { objects, kustomization };
}

const TEMPORAL_PODS = [['Deployment', 'pressroom-api'], ['Deployment', 'pressroom-worker'], ['Job', 'pressroom-setup']] as const;
const secretsFilled = Object.fromEntries(secretKeys.map((key) => [key, '']));

describe('deploy/temporal-cloud (Temporal Cloud: TLS, a client certificate or an API key, a namespace made in its console)', () => {
  it('the base kustomization lists every manifest of deploy/kubernetes, so the overlays change all of them', () => {
    const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
    expect([...kustomization.resources].sort()).toEqual([...manifestFiles].sort());
  });

  it.each(['mtls', 'api-key'])('%s: builds objects the Kubernetes schemas accept, with a configuration the app accepts for Temporal Cloud', (name) => {
    const { objects, kustomization } = overlay(name);
    expect(kustomization.resources).toEqual(['../../kubernetes']);
    for (const object of objects) expect(schemaError(object), `${name}: ${object.kind} ${object.metadata.name}`).toBeNull();
    const data = objects.find((o) => o.kind === 'ConfigMap')?.data ?? {};
    expect(data.TEMPORAL_ADDRESS).toMatch(/\.(tmprl\.cloud|api\.temporal\.io):7233$/);
    const config = loadConfig({ ...data, ...secretsFilled, DATABASE_URL: 'postgres://u:p@db.example.com/pressroom', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret-key', JWT_SECRET: 'x'.repeat(32), ...(name === 'api-key' ? { TEMPORAL_API_KEY: 'a-cloud-key' } : {}) });
    expect(config).toMatchObject({ TEMPORAL_TLS: true, TEMPORAL_NAMESPACE_MANAGED: true });
    expect(config.TEMPORAL_NAMESPACE).toMatch(/^[a-z0-9-]+\.[a-z0-9]+$/);
  });

  it('mtls: every pod that connects to Temporal has the client certificate secret where TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY point', () => {
    const { objects } = overlay('mtls');
    const data = objects.find((o) => o.kind === 'ConfigMap')?.data ?? {};
    type TlsPod = { containers: { volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[] }[]; volumes?: { name: string; secret?: { secretName: string } }[] };
    for (const [kind, podName] of TEMPORAL_PODS) {
      const pod = (objects.find((o) => o.kind === kind && o.metadata.name === podName)?.spec?.template as { spec: TlsPod }).spec;
      const volume = pod.volumes?.find((v) => v.secret?.secretName === 'pressroom-temporal-tls');
      const mount = pod.containers[0]?.volumeMounts?.find((m) => m.name === volume?.name);
      expect(mount?.readOnly, podName).toBe(true);
      for (const key of ['TEMPORAL_TLS_CERT', 'TEMPORAL_TLS_KEY']) expect(data[key], `${podName} ${key}`).toMatch(new RegExp(`^${mount?.mountPath}/tls\\.(crt|key)$`));
      expect(pod.containers[0]?.volumeMounts?.length, podName).toBe(1);
    }
  });

  it('api-key: the key is among the secrets, never in the ConfigMap, and no certificate is asked for', () => {
    const data = overlay('api-key').objects.find((o) => o.kind === 'ConfigMap')?.data ?? {};
    expect(secretKeys).toContain('TEMPORAL_API_KEY');
    expect(data).not.toHaveProperty('TEMPORAL_API_KEY');
    expect([data.TEMPORAL_TLS_CERT, data.TEMPORAL_TLS_KEY]).toEqual(['', '']);
  });

  it.runIf(spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0)('kubectl kustomize, where kubectl is installed, builds the same objects', () => {
    for (const name of ['mtls', 'api-key']) {
      const built = spawnSync('kubectl', ['kustomize', join(repoRoot, 'deploy/temporal-cloud', name)], { encoding: 'utf8' });
      expect(built.status, built.stderr).toBe(0);
      const theirs = parseAllDocuments(built.stdout).map((doc) => doc.toJS() as Manifest);
      const ours = overlay(name).objects.map(({ file: _file, ...object }) => object);
      const key = (m: Manifest) => `${m.kind}/${m.metadata.name}`;
      expect(theirs.map(key).sort()).toEqual(ours.map(key).sort());
      for (const object of ours) expect(theirs.find((t) => key(t) === key(object)), key(object)).toEqual(object);
    }
  });
});
