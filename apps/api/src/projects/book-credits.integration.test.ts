import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookCredit, GeneratorProject } from '../../../../libs/db/index.ts';
import { CreditMessages, PROVIDERS } from '../../../../libs/domain/index.ts';
import { eventually, fakeAiEngineForFile, testConfig } from '../../../../testing/index.ts';
import { grantBookCredit } from '../../../../testing/purchases.ts';
import { apiClient, serveApi } from '../../../../testing/test-server.ts';

// The API knows Anthropic is configured; this file's worker (its own task queue) writes with the loopback fake.
const config = testConfig({
  TEMPORAL_TASK_QUEUE: `credits-${randomUUID().slice(0, 8)}`,
  ANTHROPIC_API_KEY: 'test-key',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  GENERATION_RATE_LIMIT_PER_HOUR: '1000',
});
const { engine, fake } = fakeAiEngineForFile(config);
let app: INestApplication;
let url = '';
beforeAll(async () => {
  ({ app, url } = await serveApi(config));
});
afterAll(async () => {
  await app?.close();
});

const { call, signUpAccount } = apiClient(() => url);
const brief = (title = 'Remote Leadership') => ({ title, author: 'Ada Writer', book_idea: 'How small companies lead distributed teams with trust and rituals', ai_model: 'anthropic', total_target_words: 10_000 });
const needed = CreditMessages.needed(PROVIDERS.anthropic.displayName);

const creditOf = (paymentId: string) => engine.deps.orm.em.fork().findOneOrFail(BookCredit, { payment: paymentId });
const projectsOf = (userId: string) => engine.deps.orm.em.fork().find(GeneratorProject, { user: userId });
const credit = (c: BookCredit) => ({ status: c.status, projectId: c.projectId ?? null, userId: c.user?.id ?? null });

describe('a book on a paid provider', () => {
  it('is refused with 402 without a book credit, and no project is made', async () => {
    const { token, id } = await signUpAccount();
    for (const path of ['/projects', '/projects/generate-complete']) {
      const answer = await call('POST', path, brief(), token);
      expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 402, message: needed });
    }
    expect(await projectsOf(id)).toHaveLength(0);
  });

  it('starts with one: the credit is reserved for that book and is gone from the account', async () => {
    const { token, id } = await signUpAccount();
    const payment = await grantBookCredit(config.DATABASE_URL, id);
    const first = await call('POST', '/projects', brief(), token);
    expect(first.status).toBe(201);
    expect(credit(await creditOf(payment))).toEqual({ status: 'reserved', projectId: first.body.project_id, userId: id });
    expect((await call('GET', '/subscription', undefined, token)).body.book_credits).toBe(0);
    expect((await call('POST', '/projects', brief(), token)).status).toBe(402);
    expect(await projectsOf(id)).toHaveLength(1);
  });

  it('started twice at once with one credit: exactly one starts', async () => {
    const { token, id } = await signUpAccount();
    const payment = await grantBookCredit(config.DATABASE_URL, id);
    const answers = await Promise.all([call('POST', '/projects', brief('First'), token), call('POST', '/projects', brief('Second'), token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 402]);
    const started = answers.find((a) => a.status === 201)?.body.project_id;
    expect((await projectsOf(id)).map((p) => p.id)).toEqual([started]);
    expect(credit(await creditOf(payment))).toEqual({ status: 'reserved', projectId: started, userId: id });
  });

  it('that fails gives its credit back', async () => {
    const { token, id } = await signUpAccount();
    const payment = await grantBookCredit(config.DATABASE_URL, id);
    const title = `Refused ${randomUUID()}`;
    // A 400 from the provider is permanent: the outline stage fails, and with it the book.
    fake.failWhen(title, 400, 'refused on purpose');
    const start = await call('POST', '/projects/generate-complete', brief(title), token);
    expect(start.status).toBe(201);
    const projectId = start.body.project_id as string;
    const failed = await eventually(() => engine.deps.orm.em.fork().findOneOrFail(GeneratorProject, { id: projectId }), (p) => p.stage === 'failed');
    expect(failed.stage).toBe('failed');
    expect(credit(await creditOf(payment))).toEqual({ status: 'available', projectId: null, userId: id });
    expect((await call('GET', '/subscription', undefined, token)).body.book_credits).toBe(1);
  });

  it('whose step fails keeps its credit: the stage can be called again', async () => {
    const { token, id } = await signUpAccount();
    const payment = await grantBookCredit(config.DATABASE_URL, id);
    const title = `Refused once ${randomUUID()}`;
    fake.failWhen(title, 400, 'refused on purpose');
    const { body } = await call('POST', '/projects', brief(title), token);
    expect((await call('POST', `/projects/${body.project_id as string}/generate-outline`, {}, token)).status).toBe(400);
    expect(credit(await creditOf(payment))).toEqual({ status: 'reserved', projectId: body.project_id, userId: id });
  });

  it('that is finished spends its credit, which the account card counts until the book takes it', async () => {
    const { token, id } = await signUpAccount();
    const payment = await grantBookCredit(config.DATABASE_URL, id);
    const card = async () => (await call('GET', '/subscription', undefined, token)).body;
    expect(await card()).toMatchObject({ book_credits: 1, purchases: 1 });
    // A mock book leaves the credit for the next book written with Real AI.
    expect((await call('POST', '/projects', { ...brief(), ai_model: 'mock' }, token)).status).toBe(201);
    expect(await card()).toMatchObject({ book_credits: 1 });
    const start = await call('POST', '/projects/generate-complete', { ...brief(), include_cover: false }, token);
    expect(start.status).toBe(201);
    const projectId = start.body.project_id as string;
    const done = await eventually(() => engine.deps.orm.em.fork().findOneOrFail(GeneratorProject, { id: projectId }), (p) => p.stage === 'complete' || p.stage === 'failed', 90_000);
    expect(done.stage).toBe('complete');
    expect(credit(await creditOf(payment))).toEqual({ status: 'spent', projectId, userId: id });
    expect(await card()).toMatchObject({ book_credits: 0, purchases: 1 });
    expect((await call('GET', '/payments', undefined, token)).body).toEqual([expect.objectContaining({ product_id: 'ai-book-generator', credit_status: 'spent' })]);
  }, 120_000);

  it('that is cancelled spends its credit: the writing happened', async () => {
    const { token, id } = await signUpAccount();
    const payment = await grantBookCredit(config.DATABASE_URL, id);
    const { body } = await call('POST', '/projects', brief(), token);
    expect((await call('POST', `/projects/${body.project_id as string}/cancel`, {}, token)).status).toBe(202);
    const spent = await eventually(() => creditOf(payment), (c) => c.status !== 'reserved');
    expect(credit(spent)).toEqual({ status: 'spent', projectId: body.project_id, userId: id });
  });
});

describe('a book on the mock provider', () => {
  it('needs no credit', async () => {
    const { token } = await signUpAccount();
    expect((await call('POST', '/projects', { ...brief(), ai_model: 'mock' }, token)).status).toBe(201);
  });
});
