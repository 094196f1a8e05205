import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditMessages, GenerationMessages, InputMessages, MAX_CHAPTER_PAGES, PROVIDERS } from '../../../../libs/domain/index.ts';
import { testConfig } from '../../../../testing/index.ts';
import { grantBookCredit } from '../../../../testing/purchases.ts';
import { apiClient, serveApi, type Json } from '../../../../testing/test-server.ts';

// The faults a bounded fuzzer found (a 500 each), and the limits every request now meets at the boundary. No worker
// runs here: every request below is answered before any workflow would need one.
const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
let app: INestApplication;
let base: string;

beforeAll(async () => {
  ({ app, url: base } = await serveApi(config));
});
afterAll(async () => {
  await app?.close();
});

const { call, signUp } = apiClient(() => base);
const brief = { title: 'Remote Leadership', author: 'Ada Writer', book_idea: 'How small companies lead distributed teams with trust and rituals', ai_model: 'mock', total_target_words: 10_000 };
const toc = (entries: number, pages = 10) => Array.from({ length: entries }, (_, i) => ({ chapter_title: `Chapter ${i + 1}`, chapter_ideas: ['one idea'], estimated_pages: String(pages) }));

async function expectRefused(answer: Promise<{ status: number; body: Json }>, status: number, message?: string): Promise<void> {
  const { status: got, body } = await answer;
  expect({ status: got, message: body.message }).toEqual({ status, message: message ?? body.message });
}

describe('text that PostgreSQL cannot store', () => {
  it('refuses a NUL character in any field of any body, naming the field', async () => {
    for (const field of ['name', 'title', 'author', 'writing_style', 'language']) {
      await expectRefused(call('POST', '/projects', { ...brief, [field]: 'Remote\0Leadership' }), 400, InputMessages.nulCharacter(field));
    }
    await expectRefused(call('POST', '/auth/signup', { phone: '+1555\0', password: 'a sturdy passphrase' }), 400, InputMessages.nulCharacter('phone'));
    const token = await signUp();
    await expectRefused(call('PATCH', '/profile', { full_name: 'Ada\0' }, token), 400, InputMessages.nulCharacter('full_name'));
    await expectRefused(call('PATCH', '/profile', { phone: '\0' }, token), 400, InputMessages.nulCharacter('phone'));
    await expectRefused(call('POST', '/intelligent/toc', { ...brief, book_idea: 'idea\0 with a NUL in it' }), 400, InputMessages.nulCharacter('book_idea'));
    await expectRefused(call('POST', '/intelligent/chapter', { ...brief, chapter_number: 1, toc: [{ chapter_title: 'A', chapter_ideas: ['b\0'] }] }), 400, InputMessages.nulCharacter('toc[0].chapter_ideas[0]'));
  });

  it('refuses a lone UTF-16 surrogate in an e-mail wherever one is taken', async () => {
    const email = `a\\ud800-${randomUUID()}@example.com`;
    const raw = (path: string, method = 'POST', token?: string) =>
      fetch(`${base}/api${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: `{"email":"${email}","password":"a sturdy passphrase","current_password":"a sturdy passphrase"}`,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Json }));
    await expectRefused(raw('/auth/signup'), 400, InputMessages.invalidUnicode('email'));
    await expectRefused(raw('/auth/token?grant_type=password'), 400, InputMessages.invalidUnicode('email'));
    await expectRefused(raw('/auth/user', 'PUT', await signUp()), 400, InputMessages.invalidUnicode('email'));
  });

  it('refuses a NUL character in a route parameter', async () => {
    await expectRefused(call('GET', '/projects/%00'), 400, InputMessages.nulCharacter('id'));
  });

  it('refuses JSON nested 5,000 levels deep', async () => {
    const body = `{"title":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const response = await fetch(`${base}/api/projects`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Json).message).toBe(InputMessages.tooDeep);
  });
});

describe('null where a value is expected', () => {
  it('is refused, not taken for "left out"', async () => {
    const token = await signUp();
    expect((await call('PATCH', '/profile', { onboarding_completed: null }, token)).status).toBe(400);
    expect((await call('PUT', '/auth/user', { password: null }, token)).status).toBe(400);
    const { body } = await call('POST', '/projects', brief);
    expect((await call('POST', `/projects/${body.project_id as string}/generate-outline`, { book_style: null })).status).toBe(400);
    expect((await call('POST', '/projects', { ...brief, title: null })).status).toBe(400);
  });
});

describe('the intelligent API bodies', () => {
  it('are validated: types and lengths', async () => {
    expect((await call('POST', '/intelligent/toc', { ...brief, title: 42 })).status).toBe(400);
    expect((await call('POST', '/intelligent/toc', { ...brief, ai_model: ['mock'] })).status).toBe(400);
    expect((await call('POST', '/intelligent/toc', { ...brief, author: 'x'.repeat(300) })).status).toBe(400);
    expect((await call('POST', '/intelligent/chapter', { ...brief, chapter_number: '1', toc: toc(3) })).status).toBe(400);
    expect((await call('POST', '/intelligent/chapter', { ...brief, chapter_number: 1, project_id: 'not-a-uuid' })).status).toBe(400);
  });

  it("keep a client's table of contents inside the book's limits", async () => {
    // More chapters than any provider writes.
    expect((await call('POST', '/intelligent/chapter', { ...brief, chapter_number: 1, toc: toc(30) })).status).toBe(400);
    // A chapter budget over the whole book's word limit.
    await expectRefused(call('POST', '/intelligent/chapter', { ...brief, chapter_number: 1, toc: toc(3, 340) }), 400, GenerationMessages.chapterBudget(MAX_CHAPTER_PAGES));
    // Budgets that together exceed the book's limit.
    expect((await call('POST', '/intelligent/chapter', { ...brief, chapter_number: 1, toc: toc(25, MAX_CHAPTER_PAGES) })).status).toBe(422);
  });
});

describe('chapters_to_generate', () => {
  it('takes distinct whole chapter numbers only', async () => {
    for (const list of [Array(40).fill(1), ['1'], [{}], [1.5], [0], [1, 1]]) {
      await expectRefused(call('POST', '/projects/generate-complete', { ...brief, chapters_to_generate: list }), 400, GenerationMessages.chapterList);
    }
    const { body } = await call('POST', '/projects', brief);
    await expectRefused(call('POST', `/projects/${body.project_id as string}/generate-chapters`, { chapters_to_generate: [1.5] }), 400, GenerationMessages.chapterList);
  });
});

describe('paid providers', () => {
  it('are for signed-in authors with a book credit; mock is open to everyone', async () => {
    const withKey = await serveApi(testConfig({ ANTHROPIC_API_KEY: 'not-used', AUTH_RATE_LIMIT_PER_MINUTE: '1000' }));
    const { call: callKeyed, signUpAccount: signUpKeyed } = apiClient(() => withKey.url);
    try {
      const anthropic = { ...brief, ai_model: 'anthropic' };
      await expectRefused(callKeyed('POST', '/projects', anthropic), 401, GenerationMessages.signInForProvider(PROVIDERS.anthropic.displayName));
      await expectRefused(callKeyed('POST', '/projects/generate-complete', anthropic), 401, GenerationMessages.signInForProvider(PROVIDERS.anthropic.displayName));
      expect((await callKeyed('POST', '/projects', brief)).status).toBe(201);
      const { token, id } = await signUpKeyed();
      await expectRefused(callKeyed('POST', '/projects', anthropic, token), 402, CreditMessages.needed(PROVIDERS.anthropic.displayName));
      await grantBookCredit(config.DATABASE_URL, id);
      expect((await callKeyed('POST', '/projects', anthropic, token)).status).toBe(201);
      const options = (await callKeyed('GET', '/projects/providers')).body as unknown as { id: string; available: boolean; signInRequired: boolean }[];
      expect(options.find((p) => p.id === 'anthropic')).toMatchObject({ available: false, signInRequired: true });
      const signedIn = (await callKeyed('GET', '/projects/providers', undefined, token)).body as unknown as typeof options;
      expect(signedIn.find((p) => p.id === 'anthropic')).toMatchObject({ available: true, signInRequired: false });
    } finally {
      await withKey.app.close();
    }
  });
});

describe('rate limits on expensive work', () => {
  // Each test speaks from its own address through a trusted proxy, so no other test's calls count against it.
  const from = () => ({ 'X-Forwarded-For': `2001:db8:${randomUUID().replace(/-/g, '').slice(0, 24).match(/.{4}/g)?.join(':')}` });

  it('answers 429 with retry_after once an anonymous address has used its hour, per address', async () => {
    const limited = await serveApi(testConfig({ GENERATION_RATE_LIMIT_PER_HOUR: '2', TRUST_PROXY: 'loopback' }));
    try {
      const address = from();
      const { call: limitedCall } = apiClient(() => limited.url);
      // Refused calls count too: the limit guards the work, whatever the answer.
      expect((await limitedCall('POST', '/projects', { ...brief, title: 'x' }, undefined, address)).status).toBe(422);
      expect((await limitedCall('POST', '/projects', brief, undefined, address)).status).toBe(201);
      const refused = await fetch(`${limited.url}/api/projects`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...address }, body: JSON.stringify(brief) });
      expect(refused.status).toBe(429);
      const body = (await refused.json()) as { details: { retry_after: number } };
      expect(body.details.retry_after).toBeGreaterThan(3000);
      expect(Number(refused.headers.get('retry-after'))).toBe(body.details.retry_after);
      // Another address is not affected.
      expect((await limitedCall('POST', '/projects', brief, undefined, from())).status).toBe(201);
    } finally {
      await limited.app.close();
    }
  });

  it('counts a signed-in author by account, with five times the allowance', async () => {
    const limited = await serveApi(testConfig({ GENERATION_RATE_LIMIT_PER_HOUR: '1', AUTH_RATE_LIMIT_PER_MINUTE: '1000', TRUST_PROXY: 'loopback' }));
    try {
      const { call: limitedCall, signUp: limitedSignUp } = apiClient(() => limited.url);
      const token = await limitedSignUp();
      for (let i = 0; i < 5; i++) expect((await limitedCall('POST', '/projects', brief, token, from())).status).toBe(201);
      expect((await limitedCall('POST', '/projects', brief, token, from())).status).toBe(429);
    } finally {
      await limited.app.close();
    }
  });

  it('limits uploads and renders in their own allowance', async () => {
    const limited = await serveApi(testConfig({ FILES_RATE_LIMIT_PER_HOUR: '1', TRUST_PROXY: 'loopback' }));
    try {
      const address = from();
      const post = (path: string) => fetch(`${limited.url}/api${path}`, { method: 'POST', headers: address });
      expect((await post('/intelligent/process-sources')).status).toBe(400);
      expect((await post('/intelligent/png')).status).toBe(429);
      expect((await post('/intelligent/cover')).status).toBe(429);
    } finally {
      await limited.app.close();
    }
  });

  it('believes X-Forwarded-For only from a configured proxy', async () => {
    const direct = await serveApi(testConfig({ GENERATION_RATE_LIMIT_PER_HOUR: '1', TRUST_PROXY: '' }));
    try {
      // Without a trusted proxy every request is counted by its real (loopback) address, whatever it claims.
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await apiClient(() => direct.url).call('POST', '/projects', brief, undefined, from())).status);
      expect(statuses).toContain(429);
    } finally {
      await direct.app.close();
    }
  });
});

describe('security headers', () => {
  it('are sent with every answer; Express does not announce itself', async () => {
    const response = await fetch(`${base}/api/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('x-powered-by')).toBeNull();
    const docs = await fetch(`${base}/api/docs`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});
