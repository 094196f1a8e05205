import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentView, SubscriptionView } from '../../../../libs/contracts/index.ts';
import { openOrm } from '../../../../libs/db/index.ts';
import { PRODUCTS } from '../../../../libs/domain/index.ts';
import { testConfig } from '../../../../testing/index.ts';
import { insertEliteRequest } from '../../../../testing/elite-requests.ts';
import { waitForMail } from '../../../../testing/mail-inbox.ts';
import { grantBookCredit, insertPayment } from '../../../../testing/purchases.ts';
import { sql } from '../../../../testing/sql.ts';
import { apiClient, serveApi } from '../../../../testing/test-server.ts';

const PASSWORD = 'a sturdy passphrase';
const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
let app: INestApplication;
let url = '';
beforeAll(async () => {
  ({ app, url } = await serveApi(config));
});
afterAll(async () => {
  await app?.close();
});

const { call, signUpAccount } = apiClient(() => url);
const subscription = async (token: string) => (await call('GET', '/subscription', undefined, token)).body as unknown as SubscriptionView;
const payments = async (token: string) => (await call('GET', '/payments', undefined, token)).body as unknown as PaymentView[];
const newEmail = () => `buyer-${randomUUID()}@example.com`;
const eliteOf = (userId: string | null, extra: { email?: string; priceId?: string; paidAt?: Date } = {}) =>
  insertPayment(config.DATABASE_URL, { userId, productId: PRODUCTS.eliteService.id, ...extra });

async function account(email = newEmail()) {
  const { body } = await call('POST', '/auth/signup', { email, password: PASSWORD });
  return { email, token: body.access_token as string, id: (body.user as { id: string }).id };
}
const signIn = async (email: string) => (await call('POST', '/auth/token?grant_type=password', { email, password: PASSWORD })).body.access_token as string;

describe('GET /api/subscription', () => {
  it('needs a signed-in caller', async () => {
    expect((await call('GET', '/subscription')).status).toBe(401);
  });

  it('is free, with no product and no credits, for a new account', async () => {
    const { token } = await signUpAccount();
    expect(await subscription(token)).toEqual({ subscription_status: 'free', price_id: null, product_name: null, book_credits: 0, purchases: 0, elite_requests: 0, shop_sales: 0, shop_earnings: 0 });
  });

  it('shows an active Elite Service with the price of the latest paid Elite payment', async () => {
    const { token, id } = await signUpAccount();
    await eliteOf(id, { priceId: 'price_elite_old', paidAt: new Date(Date.now() - 86_400_000) });
    await eliteOf(id, { priceId: 'price_elite_new' });
    await insertPayment(config.DATABASE_URL, { userId: id, productId: PRODUCTS.eliteService.id, status: 'pending', priceId: 'price_elite_unpaid' });
    expect(await subscription(token)).toEqual({ subscription_status: 'active', price_id: 'price_elite_new', product_name: PRODUCTS.eliteService.name, book_credits: 0, purchases: 2, elite_requests: 0, shop_sales: 0, shop_earnings: 0 });
  });

  it('counts the available book credits only', async () => {
    const { token, id } = await signUpAccount();
    await grantBookCredit(config.DATABASE_URL, id);
    const spent = await grantBookCredit(config.DATABASE_URL, id);
    await grantBookCredit(config.DATABASE_URL, id);
    await sql(config.DATABASE_URL, `update book_credits set status = 'spent', project_id = $1 where payment_id = $2`, [randomUUID(), spent]);
    expect(await subscription(token)).toMatchObject({ subscription_status: 'free', price_id: null, book_credits: 2 });
  });

  it('reflects every purchase: each paid one counted, and the open Elite requests', async () => {
    const { token, id, email } = await account();
    await grantBookCredit(config.DATABASE_URL, id);
    await insertPayment(config.DATABASE_URL, { userId: id, productId: PRODUCTS.aiBookGenerator.id, status: 'failed' });
    expect(await subscription(token)).toMatchObject({ subscription_status: 'free', book_credits: 1, purchases: 1, elite_requests: 0 });

    const orm = await openOrm(config.DATABASE_URL);
    try {
      const author = { id, email, role: 'author' as const };
      const open = await insertEliteRequest(orm, author, { prepaid: true });
      const ended = await insertEliteRequest(orm, author);
      await sql(config.DATABASE_URL, `update elite_requests set status = 'declined' where id = $1`, [ended]);
      await eliteOf(id);
      expect(await subscription(token)).toMatchObject({ subscription_status: 'active', product_name: PRODUCTS.eliteService.name, book_credits: 1, purchases: 2, elite_requests: 1 });
      await sql(config.DATABASE_URL, `update elite_requests set status = 'completed' where id = $1`, [open]);
      expect(await subscription(token)).toMatchObject({ elite_requests: 0 });
    } finally {
      await orm.close();
    }
  });
});

describe('GET /api/payments', () => {
  it("lists the caller's own payments only, newest first, with their credits' state", async () => {
    const a = await signUpAccount();
    const b = await signUpAccount();
    const older = await eliteOf(a.id, { paidAt: new Date(Date.now() - 60_000) });
    const newer = await grantBookCredit(config.DATABASE_URL, a.id);
    const theirs = await grantBookCredit(config.DATABASE_URL, b.id);
    await insertPayment(config.DATABASE_URL, { userId: null, email: newEmail(), productId: PRODUCTS.aiBookGenerator.id });

    const mine = await payments(a.token);
    expect(mine.map((p) => [p.id, p.product_name, p.credit_status, p.user_id])).toEqual([
      [newer, PRODUCTS.aiBookGenerator.name, 'available', a.id],
      [older, PRODUCTS.eliteService.name, null, a.id],
    ]);
    expect(mine[0]).toMatchObject({ amount: 9900, currency: 'usd', status: 'paid' });
    expect((await payments(b.token)).map((p) => p.id)).toEqual([theirs]);
    expect((await call('GET', '/payments')).status).toBe(401);
  });
});

describe('a purchase made signed out', () => {
  const boughtBy = async (email: string) => ({
    credit: await insertPayment(config.DATABASE_URL, { userId: null, email, productId: PRODUCTS.aiBookGenerator.id }),
    elite: await eliteOf(null, { email }),
  });

  it("becomes the account's when it signs in with the checkout e-mail, verified (any letter case)", async () => {
    const { email, id } = await account();
    const bought = await boughtBy(email.toUpperCase());
    await sql(config.DATABASE_URL, 'update users set email_verified = true where id = $1', [id]);
    const token = await signIn(email);
    expect((await payments(token)).map((p) => p.id).sort()).toEqual([bought.credit, bought.elite].sort());
    expect(await subscription(token)).toEqual({ subscription_status: 'active', price_id: `price_test_${PRODUCTS.eliteService.id}`, product_name: PRODUCTS.eliteService.name, book_credits: 1, purchases: 2, elite_requests: 0, shop_sales: 0, shop_earnings: 0 });
  });

  it('stays unclaimed while the account has not verified that e-mail', async () => {
    const { email, id } = await account();
    const bought = await boughtBy(email);
    const unverified = await signIn(email);
    expect(await payments(unverified)).toEqual([]);
    expect(await subscription(unverified)).toMatchObject({ subscription_status: 'free', book_credits: 0 });
    // Once verified, the next sign-in claims what waited.
    await sql(config.DATABASE_URL, 'update users set email_verified = true where id = $1', [id]);
    const verified = await signIn(email);
    expect((await payments(verified)).map((p) => p.id).sort()).toEqual([bought.credit, bought.elite].sort());
  });

  it('is claimed at the moment an e-mail change to the checkout address is confirmed', async () => {
    const { token } = await account();
    const checkoutEmail = newEmail();
    const bought = await boughtBy(checkoutEmail);
    expect((await call('PUT', '/auth/user', { email: checkoutEmail, current_password: PASSWORD }, token)).status).toBe(200);
    expect(await payments(token)).toEqual([]);
    const [mail] = await waitForMail(checkoutEmail);
    const verifyToken = /[?&]token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect((await call('POST', '/auth/verify-email', { token: verifyToken })).status).toBe(200);
    expect((await payments(token)).map((p) => p.id).sort()).toEqual([bought.credit, bought.elite].sort());
    expect(await subscription(token)).toMatchObject({ subscription_status: 'active', book_credits: 1 });
  });
});
