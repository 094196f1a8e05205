import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages, PRODUCTS } from '../../../../../libs/domain/index.ts';
import { testConfig } from '../../../../../testing/index.ts';
import { insertPayment } from '../../../../../testing/purchases.ts';
import { sql } from '../../../../../testing/sql.ts';
import { apiClient, serveApi, type Json } from '../../../../../testing/test-server.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
let app: INestApplication;
let url: string;
const { call, signUp, signUpAccount, signUpAs } = apiClient(() => url);

const tag = randomUUID().slice(0, 8);
let team: string;
let buyer: { token: string; id: string; email: string };
const ids: Record<'generator' | 'elite' | 'failed' | 'signedOut', string> = { generator: '', elite: '', failed: '', signedOut: '' };

beforeAll(async () => {
  ({ app, url } = await serveApi(config));
  team = await signUpAs('elite_team', config.DATABASE_URL);
  const account = await signUpAccount();
  buyer = { ...account, email: (await call('GET', '/profile', undefined, account.token)).body.email as string };
  // The checkout's e-mail need not be the account's.
  ids.generator = await insertPayment(config.DATABASE_URL, { userId: buyer.id, email: `checkout-${tag}@example.com`, productId: PRODUCTS.aiBookGenerator.id, paidAt: new Date(Date.now() - 3000) });
  ids.elite = await insertPayment(config.DATABASE_URL, { userId: buyer.id, email: `checkout-${tag}@example.com`, productId: PRODUCTS.eliteService.id, paidAt: new Date(Date.now() - 2000) });
  ids.failed = await insertPayment(config.DATABASE_URL, { userId: buyer.id, email: `checkout-${tag}@example.com`, productId: PRODUCTS.eliteService.id, status: 'failed' });
  ids.signedOut = await insertPayment(config.DATABASE_URL, { userId: null, email: `guest-${tag}@example.com`, productId: PRODUCTS.aiBookGenerator.id });
  await sql(config.DATABASE_URL, `update payments set stripe_payment_intent_id = 'pi_' || $2::text, stripe_customer_id = 'cus_' || $2::text where id = $1`, [ids.elite, tag]);
});
afterAll(async () => {
  await app?.close();
});

const list = async (filter: object, extra = '') => {
  const answer = await call('GET', `/admin/payments?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`, undefined, team);
  expect(answer.status).toBe(200);
  return answer.body as unknown as Json[];
};

describe('/api/admin/payments', () => {
  it('is closed to plain users and to signed-out callers', async () => {
    const user = await signUp();
    for (const path of ['/admin/payments', `/admin/payments/${ids.elite}`]) {
      const refused = await call('GET', path, undefined, user);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(AuthMessages.forbidden);
      expect((await call('GET', path)).status).toBe(401);
    }
  });

  it("finds payments by the checkout's or the account's e-mail, filtered by product and status", async () => {
    expect((await list({ q: `checkout-${tag}` })).map((p) => p.id).sort()).toEqual([ids.generator, ids.elite, ids.failed].sort());
    expect((await list({ q: buyer.email })).map((p) => p.id).sort()).toEqual([ids.generator, ids.elite, ids.failed].sort());
    expect((await list({ q: tag, product_id: 'elite-service' })).map((p) => p.id).sort()).toEqual([ids.elite, ids.failed].sort());
    expect((await list({ q: tag, product_id: 'elite-service', status: 'paid' })).map((p) => p.id)).toEqual([ids.elite]);
    expect((await list({ q: `guest-${tag}` })).map((p) => [p.id, p.user_id, p.user_email])).toEqual([[ids.signedOut, null, null]]);
    expect((await list({ id: [ids.elite, ids.signedOut] })).map((p) => p.id).sort()).toEqual([ids.elite, ids.signedOut].sort());
  });

  it('sorts, pages and counts for react-admin', async () => {
    const paid = await list({ q: tag, status: 'paid' }, `&sort=${encodeURIComponent('["paid_at","ASC"]')}`);
    expect(paid.map((p) => p.id)).toEqual([ids.generator, ids.elite, ids.signedOut]);
    const response = await fetch(`${url}/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ q: tag }))}&sort=${encodeURIComponent('["amount","DESC"]')}&range=[0,1]`, {
      headers: { Authorization: `Bearer ${team}` },
    });
    expect(response.headers.get('content-range')).toBe('payments 0-1/4');
    expect(((await response.json()) as Json[]).map((p) => p.amount)).toEqual([49_900, 49_900]);

    for (const [query, message] of [
      [`filter=${encodeURIComponent(JSON.stringify({ status: 'refunded' }))}`, 'filter.status must be one of pending, paid, failed, expired'],
      [`filter=${encodeURIComponent(JSON.stringify({ product_id: 'pens' }))}`, 'filter.product_id must be one of ai-book-generator, elite-service'],
      [`sort=${encodeURIComponent('["stripe_customer_id","ASC"]')}`, /^sort must be/],
    ] as const) {
      const refused = await call('GET', `/admin/payments?${query}`, undefined, team);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
  });

  it("shows one payment with Stripe's ids, the buyer's account and the credit's state", async () => {
    const elite = await call('GET', `/admin/payments/${ids.elite}`, undefined, team);
    expect(elite.status).toBe(200);
    expect(elite.body).toMatchObject({
      id: ids.elite,
      user_id: buyer.id,
      user_email: buyer.email,
      email: `checkout-${tag}@example.com`,
      product_id: 'elite-service',
      product_name: 'Elite Service',
      amount: 49_900,
      currency: 'usd',
      status: 'paid',
      stripe_payment_intent_id: `pi_${tag}`,
      stripe_customer_id: `cus_${tag}`,
      credit_status: null,
    });
    expect(elite.body.stripe_session_id).toMatch(/^cs_test_/);
    const generator = await call('GET', `/admin/payments/${ids.generator}`, undefined, team);
    expect(generator.body).toMatchObject({ product_id: 'ai-book-generator', credit_status: 'available' });
    expect((await call('GET', `/admin/payments/${randomUUID()}`, undefined, team)).status).toBe(404);
  });
});
