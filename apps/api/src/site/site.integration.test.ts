import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages, GOOGLE_UNAVAILABLE_ERROR, signInErrorText } from '../../../../libs/domain/index.ts';
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
    expect(await response.json()).toEqual({ support_email: 'help@books.example.org', google_sign_in: false });
  });

  it('says whether Google sign-in is configured, and without it /api/auth/authorize sends the browser back to sign in with the reason', async () => {
    const google = await serveApi(testConfig({ GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret' }));
    try {
      expect(((await (await fetch(`${google.url}/api/site`)).json()) as { google_sign_in: boolean }).google_sign_in).toBe(true);
    } finally {
      await google.app.close();
    }
    const answer = await fetch(`${api.url}/api/auth/authorize?provider=google`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const target = new URL(answer.headers.get('location') as string);
    expect(`${target.pathname}?${target.searchParams.toString()}`).toBe(`/login?error=${GOOGLE_UNAVAILABLE_ERROR}`);
    expect(signInErrorText(target.searchParams.get('error'))).toBe(AuthMessages.providerDisabled);
  });
});
