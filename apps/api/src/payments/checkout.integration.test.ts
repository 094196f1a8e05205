import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookCredit, CheckoutSession, Payment, Profile } from '../../../../libs/db/index.ts';
import { AuthMessages, CheckoutMessages } from '../../../../libs/domain/index.ts';
import { eventually, freePort, testConfig } from '../../../../testing/index.ts';
import { waitForMail, waitForSubject } from '../../../../testing/mail-inbox.ts';
import { apiClient, markVerified, serveApi, serveWithWorker } from '../../../../testing/test-server.ts';

// A task queue of the file's own: the payment workflows it starts run on this file's worker. A real AI provider is
// configured (a loopback address nothing is written with here), so the AI Book Generator is for sale.
const realAi = { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' };
const config = testConfig({ TEMPORAL_TASK_QUEUE: `checkout-${randomUUID()}`, ...realAi });
const served = serveWithWorker(config);
const api = apiClient(() => served.url);
const portal = config.PORTAL_URL.replace(/\/$/, '');
const prices = { book: config.STRIPE_PRICE_AI_BOOK_GENERATOR, elite: config.STRIPE_PRICE_ELITE_SERVICE };

const em = () => served.engine.deps.orm.em.fork();

async function signUp({ verified = true } = {}): Promise<{ token: string; id: string; email: string }> {
  const email = `buyer-${randomUUID()}@example.com`;
  const { body } = await api.call('POST', '/auth/signup', { email, password: 'a sturdy passphrase' });
  const id = (body.user as { id: string }).id;
  if (verified) await markVerified(id, config.DATABASE_URL);
  return { token: body.access_token as string, id, email };
}

const checkout = (body: unknown, token?: string, headers: Record<string, string> = {}) => api.call('POST', '/create-checkout-session', body, token, headers);

/** Posts the test checkout's form (as a browser does), without following the redirect. */
const submit = (path: string, fields: Record<string, string> = {}) =>
  fetch(`${served.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

const testCheckoutPath = (url: string) => new URL(url).pathname;

describe('GET /api/checkout/products', () => {
  it("lists the offers in the spec's order with this server's price ids", async () => {
    const { status, body } = await api.call('GET', '/checkout/products');
    expect(status).toBe(200);
    expect(body).toEqual([
      expect.objectContaining({ id: 'ai-book-generator', priceId: prices.book, name: 'AI Book Generator', mode: 'payment', price: 99, currency: 'usd', returnPath: '/one-shot', available: true, unavailableReason: null }),
      expect.objectContaining({ id: 'elite-service', priceId: prices.elite, name: 'Elite Service', mode: 'payment', price: 499, currency: 'usd', returnPath: '/success', available: true, unavailableReason: null }),
    ]);
  });
});

describe('POST /api/create-checkout-session', () => {
  it('starts a session with Stripe (stripe-mock) and answers the local test checkout, recording the session', async () => {
    const { status, body } = await checkout({ priceId: prices.book, mode: 'payment' });
    expect(status).toBe(200);
    const id = body.id as string;
    expect(id).toMatch(/^cs_test_/);
    expect(body.url).toBe(`${portal}/api/stripe/test-checkout/${id}`);
    const row = await em().findOneOrFail(CheckoutSession, { id });
    expect(row).toMatchObject({ productId: 'ai-book-generator', priceId: prices.book, mode: 'payment', amount: 9900, currency: 'usd', customerEmail: null });
    expect(row.user).toBeNull();
    expect(row.successUrl).toBe(`${portal}/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(row.cancelUrl).toBe(`${portal}/`);
  });

  it("records a signed-in buyer with their e-mail, and returns them to the portal page they came from", async () => {
    const buyer = await signUp();
    const from = `${portal}/coming-soon`;
    const { status, body } = await checkout({ priceId: prices.elite, successUrl: `${portal}/success?from=elite` }, buyer.token, { Referer: from });
    expect(status).toBe(200);
    const row = await em().findOneOrFail(CheckoutSession, { id: body.id as string });
    expect(row).toMatchObject({ productId: 'elite-service', amount: 49_900, customerEmail: buyer.email, cancelUrl: from });
    expect(row.user?.id).toBe(buyer.id);
    expect(row.successUrl).toBe(`${portal}/success?from=elite&session_id={CHECKOUT_SESSION_ID}`);
  });

  it('refuses a signed-in buyer whose e-mail is not confirmed (403, in `error`), starting nothing', async () => {
    const buyer = await signUp({ verified: false });
    const { status, body } = await checkout({ priceId: prices.book }, buyer.token);
    expect(status).toBe(403);
    expect(body).toMatchObject({ message: AuthMessages.verifiedEmailRequired, error: AuthMessages.verifiedEmailRequired });
    expect(await em().count(CheckoutSession, { user: buyer.id })).toBe(0);
  });

  it('accepts the loopback alias the portal is reached at, and keeps the buyer on it through the test checkout', async () => {
    // PORTAL_URL is http://localhost:<port>; a preview server there answers at 127.0.0.1 too, where the buyer's session is.
    const alias = portal.replace('//localhost:', '//127.0.0.1:');
    expect(alias).not.toBe(portal);
    const { status, body } = await checkout({ priceId: prices.book, successUrl: `${alias}/success`, cancelUrl: `${alias}/pricing` });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(String(body.url).startsWith(`${alias}/`)).toBe(true);
    // With no addresses given, they follow the page the buyer came from.
    const { body: fromPage } = await checkout({ priceId: prices.book }, undefined, { Referer: `${alias}/coming-soon` });
    expect(String(fromPage.url).startsWith(`${alias}/`)).toBe(true);
    const session = await em().findOneOrFail(CheckoutSession, { id: fromPage.id as string });
    expect([session.successUrl.startsWith(`${alias}/success`), session.cancelUrl]).toEqual([true, `${alias}/coming-soon`]);
  });

  it("ignores a Referer from another site for the cancel address", async () => {
    const { body } = await checkout({ priceId: prices.book }, undefined, { Referer: 'https://elsewhere.example/page' });
    expect((await em().findOneOrFail(CheckoutSession, { id: body.id as string })).cancelUrl).toBe(`${portal}/`);
  });

  it.each([
    ['an unknown price', { priceId: 'price_unknown' }, CheckoutMessages.unknownPrice],
    ['no price', {}, CheckoutMessages.unknownPrice],
    ['another mode', { priceId: prices.book, mode: 'subscription' }, CheckoutMessages.modeMismatch('payment')],
    ['a success address elsewhere', { priceId: prices.book, successUrl: 'https://evil.example/success' }, CheckoutMessages.badRedirect],
    ['a cancel address elsewhere', { priceId: prices.book, cancelUrl: '//evil.example/' }, CheckoutMessages.badRedirect],
    ['a success address that is no address', { priceId: prices.book, successUrl: 'not a url' }, CheckoutMessages.badRedirect],
  ])('refuses %s with 400 and the message in `error`', async (_name, request, message) => {
    const { status, body } = await checkout(request);
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, message, error: message });
  });
});

describe('checkout when payments are not set up, or Stripe fails', () => {
  let off: { app: INestApplication; url: string };
  let unreachable: { app: INestApplication; url: string };
  beforeAll(async () => {
    off = await serveApi(testConfig({ STRIPE_API_URL: '', ...realAi }));
    unreachable = await serveApi(testConfig({ STRIPE_API_URL: `http://127.0.0.1:${await freePort()}`, ...realAi }));
  });
  afterAll(async () => {
    await off?.app.close();
    await unreachable?.app.close();
  });

  it('answers 503 when no Stripe key or API address is configured, and has no test checkout', async () => {
    const { status, body } = await apiClient(() => off.url).call('POST', '/create-checkout-session', { priceId: prices.book });
    expect(status).toBe(503);
    expect(body).toMatchObject({ message: CheckoutMessages.notConfigured, error: CheckoutMessages.notConfigured });
    const { body: started } = await checkout({ priceId: prices.book });
    expect((await fetch(`${off.url}${testCheckoutPath(started.url as string)}`)).status).toBe(404);
  });

  it('answers 502 with the spec message when Stripe cannot be reached', async () => {
    const { status, body } = await apiClient(() => unreachable.url).call('POST', '/create-checkout-session', { priceId: prices.book });
    expect(status).toBe(502);
    expect(body).toMatchObject({ error: CheckoutMessages.failed });
  });
});

describe('checkout with a Stripe key', () => {
  let keyed: { app: INestApplication; url: string };
  beforeAll(async () => {
    keyed = await serveApi(testConfig({ STRIPE_SECRET_KEY: 'sk_test_pressroomKeyed', TEMPORAL_TASK_QUEUE: config.TEMPORAL_TASK_QUEUE, ...realAi }));
  });
  afterAll(() => keyed?.app.close());

  it("sends the buyer to Stripe's hosted page, and serves no local test checkout", async () => {
    const { status, body } = await apiClient(() => keyed.url).call('POST', '/create-checkout-session', { priceId: prices.book });
    expect(status).toBe(200);
    expect(new URL(body.url as string).hostname).toBe('checkout.stripe.com');
    expect((await fetch(`${keyed.url}/api/stripe/test-checkout/${body.id as string}`)).status).toBe(404);
  });
});

describe('the local test checkout', () => {
  it('shows a labelled test page with the product and amount, under its own content policy', async () => {
    const { body } = await checkout({ priceId: prices.book });
    const response = await fetch(`${served.url}${testCheckoutPath(body.url as string)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain(`form-action 'self' ${new URL(portal).origin}`);
    const html = await response.text();
    expect(html).toContain('Test mode');
    expect(html).toContain('No real money moves');
    expect(html).toContain('AI Book Generator');
    expect(html).toContain('$99.00');
    expect(html).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email"[^>]* required value=""/);
  });

  it('prefills the signed-in buyer’s e-mail', async () => {
    const buyer = await signUp();
    const { body } = await checkout({ priceId: prices.elite }, buyer.token);
    const html = await (await fetch(`${served.url}${testCheckoutPath(body.url as string)}`)).text();
    expect(html).toContain(`value="${buyer.email}"`);
    expect(html).toContain('$499.00');
  });

  it("answers 404 for a session it did not start", async () => {
    expect((await fetch(`${served.url}/api/stripe/test-checkout/cs_test_unknown`)).status).toBe(404);
    expect((await submit('/api/stripe/test-checkout/cs_test_unknown/pay', { email: 'a@example.com' })).status).toBe(404);
  });

  it('asks a signed-out buyer for an e-mail before paying', async () => {
    const { body } = await checkout({ priceId: prices.book });
    const response = await submit(`${testCheckoutPath(body.url as string)}/pay`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('role="alert"');
    expect(await em().count(Payment, { stripeSessionId: body.id as string })).toBe(0);
  });

  it('sends a cancelled buyer back to the cancel address', async () => {
    const from = `${portal}/coming-soon`;
    const { body } = await checkout({ priceId: prices.book, cancelUrl: from });
    const response = await submit(`${testCheckoutPath(body.url as string)}/cancel`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(from);
  });

  it("pays a signed-out buyer's AI Book Generator: paid payment, one book credit, a receipt, back to /success", async () => {
    const email = `anon-${randomUUID()}@example.com`;
    const { body } = await checkout({ priceId: prices.book });
    const id = body.id as string;
    const response = await submit(`${testCheckoutPath(body.url as string)}/pay`, { email });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${portal}/success?session_id=${id}`);

    const payment = await eventually(() => em().findOne(Payment, { stripeSessionId: id }), (p) => p?.status === 'paid');
    expect(payment).toMatchObject({ status: 'paid', email, productId: 'ai-book-generator', priceId: prices.book, amount: 9900, currency: 'usd' });
    expect(payment?.user).toBeNull();
    expect(payment?.stripePaymentIntentId).toMatch(/^pi_test_/);
    expect(payment?.paidAt).toBeInstanceOf(Date);
    const credits = await em().find(BookCredit, { payment: payment?.id as string });
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ status: 'available', user: null });
    const [receipt] = await waitForMail(email);
    expect(receipt?.subject).toMatch(/AI Book Generator/);
    expect(receipt?.text).toContain('$99.00');
  });

  it("makes a signed-in buyer's Elite Service subscription active", async () => {
    const buyer = await signUp();
    const { body } = await checkout({ priceId: prices.elite }, buyer.token);
    const response = await submit(`${testCheckoutPath(body.url as string)}/pay`);
    expect(response.status).toBe(303);

    const profile = await eventually(() => em().findOneOrFail(Profile, { user: buyer.id }), (p) => p.subscriptionStatus === 'active');
    expect(profile.subscriptionStatus).toBe('active');
    const payment = await em().findOneOrFail(Payment, { stripeSessionId: body.id as string });
    expect(payment).toMatchObject({ status: 'paid', email: buyer.email, productId: 'elite-service', amount: 49_900 });
    expect(payment.user?.id).toBe(buyer.id);
    expect(await em().count(BookCredit, { payment: payment.id })).toBe(0);
    const receipt = await waitForSubject(buyer.email, 'Your receipt');
    expect(receipt.subject).toBe('Your receipt: Elite Service');
  });
});
