import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { msToTs } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../../../libs/config/index.ts';
import { connectTemporal } from '../../../../libs/config/temporal-connect.ts';
import { ensureTemporalNamespace } from '../../../../scripts/stack/setup.ts';
import { eventually, openDeps, startWorker, testConfig } from '../../../../testing/index.ts';
import { TemporalTlsProxy, TestCertificateAuthority, type Pem } from '../../../../testing/temporal-tls.ts';
import { apiClient, serveApi } from '../../../../testing/test-server.ts';
import { createWorker } from '../../../worker/src/worker.ts';

// Temporal Cloud, as far as a test on one machine can have it: the test stack's Temporal behind a TLS front with a CA
// made here, a server certificate for a name of its own, client certificates required (mTLS) and an API key checked on
// every request. The API's client, the worker's native connection and the setup step all go through it.
const SERVER_NAME = 'temporal.pressroom.test';
const API_KEY = `key-${randomUUID()}`;
const base = testConfig();
let ca: TestCertificateAuthority;
let otherCa: TestCertificateAuthority;
let proxy: TemporalTlsProxy;
let dir: string;
let config: Config;
let deps: Awaited<ReturnType<typeof openDeps>> | undefined;
let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
let api: { app: INestApplication; url: string } | undefined;

/** The configuration a deployment on Temporal Cloud has: the client certificate as files, the CA inline. */
function cloudConfig(client: Pem, overrides: Partial<Record<keyof Config, string>> = {}): Config {
  const cert = join(dir, `${randomUUID()}.pem`);
  const key = join(dir, `${randomUUID()}.key`);
  writeFileSync(cert, client.cert);
  writeFileSync(key, client.key, { mode: 0o600 });
  return testConfig({
    TEMPORAL_ADDRESS: proxy.address,
    TEMPORAL_TASK_QUEUE: `tls-${randomUUID().slice(0, 8)}`,
    TEMPORAL_TLS_SERVER_CA: ca.pem.cert,
    TEMPORAL_TLS_SERVER_NAME: SERVER_NAME,
    TEMPORAL_TLS_CERT: cert,
    TEMPORAL_TLS_KEY: key,
    TEMPORAL_API_KEY: API_KEY,
    TEMPORAL_NAMESPACE_MANAGED: 'true',
    ...overrides,
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pressroom-temporal-tls-'));
  ca = await TestCertificateAuthority.create('Pressroom test CA');
  otherCa = await TestCertificateAuthority.create('Someone else');
  proxy = await TemporalTlsProxy.start({ upstream: base.TEMPORAL_ADDRESS, server: await ca.issue(SERVER_NAME, 'server'), clientCa: ca.pem.cert, apiKey: API_KEY });
  config = cloudConfig(await ca.issue('pressroom-app', 'client'));
});

afterAll(async () => {
  await api?.app.close();
  await worker?.stop();
  await deps?.close();
  await proxy?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Temporal over TLS with a client certificate and an API key', () => {
  it('setup leaves a managed namespace alone, says so, and checks its search attributes through the TLS front', async () => {
    const said = vi.spyOn(console, 'log');
    try {
      await ensureTemporalNamespace(config);
      const lines = said.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
      expect(lines).toContain(`namespace "${base.TEMPORAL_NAMESPACE}" is managed outside Pressroom (TEMPORAL_NAMESPACE_MANAGED=true), not registering it`);
      expect(lines).toContain(`namespace "${base.TEMPORAL_NAMESPACE}" has the search attributes PressroomProjectId`);
    } finally {
      said.mockRestore();
    }
    const paths = proxy.passed.map((r) => r.path);
    expect(paths).toContain('/temporal.api.operatorservice.v1.OperatorService/ListSearchAttributes');
    expect(paths.some((p) => p.endsWith('/RegisterNamespace'))).toBe(false);

    const missing = `missing-${randomUUID()}`;
    await expect(ensureTemporalNamespace({ ...config, TEMPORAL_NAMESPACE: missing })).rejects.toThrow(`namespace "${missing}" does not exist at ${proxy.address}: create it`);

    // A namespace made without Pressroom's search attributes: setup stops and names them rather than adding them.
    const bare = `bare-${randomUUID()}`;
    const connection = await connectTemporal(config);
    try {
      await connection.workflowService.registerNamespace({ namespace: bare, workflowExecutionRetentionPeriod: msToTs('1 day') });
    } finally {
      await connection.close();
    }
    const refusal = await eventually(
      () => ensureTemporalNamespace({ ...config, TEMPORAL_NAMESPACE: bare }).then(() => 'accepted', (error: Error) => error.message),
      (message) => !message.includes('does not exist'),
    );
    expect(refusal).toContain(`namespace "${bare}" lacks the search attributes PressroomProjectId (Keyword), PressroomUserId (Keyword), PressroomStage (Keyword)`);
    expect(proxy.passed.filter((r) => r.namespace === bare).map((r) => r.path.split('/').pop())).not.toContain('AddSearchAttributes');
  });

  it('runs a workflow: the API starts it and a worker runs it, both connected through the TLS front', async () => {
    const from = proxy.passed.length;
    deps = await openDeps(config);
    worker = await startWorker(config, deps);
    api = await serveApi(config);
    const health = await eventually(
      () => fetch(`${api?.url}/api/health`).then((r) => r.json() as Promise<{ checks: { temporal: { status: string; workerPolling: boolean } } }>),
      (body) => body.checks.temporal.workerPolling,
    );
    expect(health.checks.temporal.status).toBe('up');

    const admin = await apiClient(() => api?.url ?? '').signUpAs('admin', config.DATABASE_URL);
    const deep = await fetch(`${api.url}/api/health/deep`, { headers: { Authorization: `Bearer ${admin}` } });
    const report = (await deep.json()) as { status: string; workflowId: string; steps: { name: string; ok: boolean }[] };
    expect(deep.status, JSON.stringify(report)).toBe(200);
    expect(report.status).toBe('ok');
    expect(report.steps.find((s) => s.name === 'workflow completed (a worker ran it)')?.ok).toBe(true);

    // Both kinds of connection came through the front, each with the client certificate, the key and the namespace.
    const passed = proxy.passed.slice(from);
    expect(new Set(passed.map((r) => r.userAgent.split('/')[0]))).toEqual(new Set(['grpc-node-js', 'tonic']));
    expect(passed.some((r) => r.path.endsWith('/PollWorkflowTaskQueue'))).toBe(true);
    expect(passed.some((r) => r.path.endsWith('/StartWorkflowExecution'))).toBe(true);
    expect(passed.filter((r) => r.clientCertificate !== 'pressroom-app')).toEqual([]);
    expect(passed.filter((r) => r.namespace !== base.TEMPORAL_NAMESPACE)).toEqual([]);
    expect(proxy.refused).toEqual([]);
  });

  it('refuses a wrong API key, a server CA that did not sign the certificate, and a missing client certificate, each saying which setting to fix', async () => {
    const client = await ca.issue('pressroom-app', 'client');
    const refusedBefore = proxy.refused.length;
    await expect(connectTemporal(cloudConfig(client, { TEMPORAL_API_KEY: 'a-wrong-key' }))).rejects.toThrow(
      /refused the credentials \(Request unauthorized: no valid API key\): check TEMPORAL_API_KEY/,
    );
    expect(proxy.refused.length).toBeGreaterThan(refusedBefore);
    const wrongKeyWorker = cloudConfig(client, { TEMPORAL_API_KEY: 'a-wrong-key' });
    await expect(createWorker(wrongKeyWorker, deps ?? (await openDeps(config)))).rejects.toThrow(/refused the credentials .*check TEMPORAL_API_KEY/);

    const wrongCa = cloudConfig(client, { TEMPORAL_TLS_SERVER_CA: otherCa.pem.cert });
    await expect(connectTemporal(wrongCa, { connectTimeout: 3000 })).rejects.toThrow(/the server's certificate is not signed by a trusted CA .*set TEMPORAL_TLS_SERVER_CA/);
    await expect(createWorker(wrongCa, deps ?? (await openDeps(config)))).rejects.toThrow(/not signed by a trusted CA/);
    // The API starts all the same (its client connects lazily), and its health says which setting to fix.
    const wrongCaApi = await serveApi(wrongCa);
    try {
      const health = (await (await fetch(`${wrongCaApi.url}/api/health`)).json()) as { checks: { temporal: { status: string; error?: string } } };
      expect(health.checks.temporal.status).toBe('down');
      expect(health.checks.temporal.error).toMatch(/not signed by a trusted CA .*set TEMPORAL_TLS_SERVER_CA/);
    } finally {
      await wrongCaApi.app.close();
    }

    const { TEMPORAL_TLS_CERT: _cert, TEMPORAL_TLS_KEY: _key, ...withoutCertificate } = config;
    await expect(connectTemporal(withoutCertificate, { connectTimeout: 3000 })).rejects.toThrow(/the server asks for a client certificate .*set TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY/);
    const foreign = await otherCa.issue('pressroom-app', 'client');
    await expect(connectTemporal(cloudConfig(foreign), { connectTimeout: 3000 })).rejects.toThrow(/refused the client certificate in TEMPORAL_TLS_CERT/);
  });
});
