import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthCanary } from '../../../../libs/db/index.ts';
import { StorageService, storageSettingsFrom } from '../../../../libs/storage/index.ts';
import { eventually, freePort, openDeps, OwnMinio, startWorker, testConfig } from '../../../../testing/index.ts';
import { apiClient, serveApi } from '../../../../testing/test-server.ts';
import type { DeepHealthReport, HealthReport } from './health.service.ts';

const serve = serveApi;

async function get<T>(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: T; headers: Headers; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers, ms: performance.now() - started };
}

describe('with every service up', () => {
  const config = testConfig();
  let api: { app: INestApplication; url: string };
  let deps: Awaited<ReturnType<typeof openDeps>>;
  let worker: Awaited<ReturnType<typeof startWorker>>;

  beforeAll(async () => {
    deps = await openDeps(config);
    worker = await startWorker(config, deps);
    api = await serve(config);
  });
  afterAll(async () => {
    await api?.app.close();
    await worker?.stop();
    await deps?.close();
  });

  it('GET /api/health reports each service up with its latency and a polling worker', async () => {
    const { status, body } = await eventually(
      () => get<HealthReport>(`${api.url}/api/health`),
      (r) => r.body.checks.temporal.workerPolling,
    );
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    for (const check of Object.values(body.checks)) {
      expect(check.status).toBe('up');
      expect(check.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(body.checks.temporal).toMatchObject({ workerPolling: true, taskQueue: config.TEMPORAL_TASK_QUEUE });
  });

  it('GET /api/health/deep is for admins only: it runs a workflow and writes a row and an object', async () => {
    const { signUp, signUpAs } = apiClient(() => api.url);
    expect((await get(`${api.url}/api/health/deep`)).status).toBe(401);
    expect((await get(`${api.url}/api/health/deep`, { Authorization: `Bearer ${await signUp()}` })).status).toBe(403);
    expect((await get(`${api.url}/api/health/deep`, { Authorization: `Bearer ${await signUpAs('elite_team', config.DATABASE_URL)}` })).status).toBe(403);
  });

  it('GET /api/health/deep runs the canary workflow, reads both writes back and cleans up', async () => {
    const admin = await apiClient(() => api.url).signUpAs('admin', config.DATABASE_URL);
    const { status, body } = await get<DeepHealthReport>(`${api.url}/api/health/deep`, { Authorization: `Bearer ${admin}` });
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.workflowId).toMatch(/^canary-[0-9a-f-]{36}$/);
    expect(body.temporalUiUrl).toContain(`/namespaces/${config.TEMPORAL_NAMESPACE}/workflows/${body.workflowId}/${body.runId}`);
    expect(body.steps.map((s) => s.name)).toEqual([
      'start canary workflow',
      'workflow completed (a worker ran it)',
      'activity: write row (PostgreSQL)',
      'activity: write object (MinIO)',
      'API read row back (PostgreSQL)',
      'API read object back (MinIO)',
      'clean up row and object',
    ]);
    expect(body.steps.every((s) => s.ok && s.ms >= 0)).toBe(true);

    const canaryId = body.workflowId.replace('canary-', '');
    expect(await deps.orm.em.fork().findOne(HealthCanary, { id: canaryId })).toBeNull();
    expect(await deps.storage.stat(`health/canary-${canaryId}.txt`)).toBeNull();
  });

  it('echoes a caller request id and makes one otherwise', async () => {
    const given = await fetch(`${api.url}/api/health`, { headers: { 'X-Request-Id': 'trace-123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-123');
    const made = await fetch(`${api.url}/api/health`);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown routes with the JSON error shape', async () => {
    const { status, body } = await get<{ message: string; statusCode: number }>(`${api.url}/api/no-such-thing`);
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Cannot GET /api/no-such-thing', statusCode: 404 });
  });

  it('serves the OpenAPI document and Swagger UI at /api/docs', async () => {
    const { status, body } = await get<{ openapi: string; paths: Record<string, unknown> }>(`${api.url}/api/docs/openapi.json`);
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/health/deep']));
    const ui = await fetch(`${api.url}/api/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger-ui');
  });
});

describe('with a service down', () => {
  const base = testConfig({ HEALTH_TIMEOUT_MS: '1000' });

  it('says MinIO is down with 503 without hanging, and recovers by itself when MinIO is back', async () => {
    const minio = await OwnMinio.start(base);
    const config = testConfig({ HEALTH_TIMEOUT_MS: '1000', S3_ENDPOINT: minio.endpoint });
    await new StorageService(storageSettingsFrom(config)).ensureBucket();
    const api = await serve(config);
    try {
      const up = await get<HealthReport>(`${api.url}/api/health`);
      expect(up.body.checks.minio.status).toBe('up');

      await minio.stop();
      const down = await get<HealthReport>(`${api.url}/api/health`);
      expect(down.status).toBe(503);
      expect(down.body.status).toBe('down');
      expect(down.body.checks.minio.status).toBe('down');
      expect(down.body.checks.minio.error).toBeTruthy();
      expect(down.body.checks.postgres.status).toBe('up');
      expect(down.ms).toBeLessThan(10_000);

      await minio.start();
      const back = await eventually(() => get<HealthReport>(`${api.url}/api/health`), (r) => r.body.checks.minio.status === 'up');
      expect(back.body.checks.minio.status).toBe('up');
      expect(back.body.checks.postgres.status).toBe('up');
    } finally {
      await api.app.close();
      await minio.destroy();
    }
  });

  it('says a hung MinIO is down once the time-out passes', async () => {
    const minio = await OwnMinio.start(base);
    const config = testConfig({ HEALTH_TIMEOUT_MS: '1000', S3_ENDPOINT: minio.endpoint });
    await new StorageService(storageSettingsFrom(config)).ensureBucket();
    const api = await serve(config);
    try {
      minio.pause();
      const down = await get<HealthReport>(`${api.url}/api/health`);
      expect(down.status).toBe(503);
      expect(down.body.checks.minio).toMatchObject({ status: 'down', error: 'MinIO did not answer within 1000 ms' });
      expect(down.ms).toBeLessThan(5_000);
    } finally {
      minio.resume();
      await api.app.close();
      await minio.destroy();
    }
  });

  it('says PostgreSQL and Temporal are down when nothing answers at their addresses', async () => {
    const closed = await freePort();
    const config = testConfig({
      HEALTH_TIMEOUT_MS: '1000',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${closed}/pressroom_test`,
      TEMPORAL_ADDRESS: `127.0.0.1:${closed}`,
    });
    const api = await serve(config);
    try {
      const health = await get<HealthReport>(`${api.url}/api/health`);
      expect(health.status).toBe(503);
      expect(health.body.checks.postgres.status).toBe('down');
      expect(health.body.checks.temporal).toMatchObject({ status: 'down', workerPolling: false });
      expect(health.body.checks.minio.status).toBe('up');

    } finally {
      await api.app.close();
    }
  });

  it('the deep check says where it failed when Temporal does not answer', async () => {
    const api = await serve(testConfig({ HEALTH_TIMEOUT_MS: '1000', TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}` }));
    try {
      const admin = await apiClient(() => api.url).signUpAs('admin', testConfig().DATABASE_URL);
      const deep = await get<DeepHealthReport>(`${api.url}/api/health/deep`, { Authorization: `Bearer ${admin}` });
      expect(deep.status).toBe(503);
      expect(deep.body.status).toBe('down');
      expect(deep.body.steps[0]).toMatchObject({ name: 'start canary workflow', ok: false });
    } finally {
      await api.app.close();
    }
  });
});
