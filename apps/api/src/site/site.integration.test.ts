import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../../testing/index.ts';
import { serveApi } from '../../../../testing/test-server.ts';

describe('GET /api/site', () => {
  let api: { app: INestApplication; url: string };
  beforeAll(async () => {
    api = await serveApi(testConfig({ SUPPORT_EMAIL: 'help@books.example.org' }));
  });
  afterAll(() => api?.app.close());

  it("answers anyone with this deployment's support address, the one its mail goes to", async () => {
    const response = await fetch(`${api.url}/api/site`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ support_email: 'help@books.example.org' });
  });
});
