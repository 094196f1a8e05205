import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { WorkflowNotFoundError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookCredit, CheckoutSession, MailDelivery, Payment, Profile, StripeEvent, User } from '../../../../libs/db/index.ts';
import { PaymentMismatchMessages, paymentWorkflowId, WebhookMessages } from '../../../../libs/domain/index.ts';
import { checkoutMetadata, eliteCheckoutMetadata, printCheckoutMetadata, signStripePayload } from '../../../../libs/payments/index.ts';
import { newEliteActor, insertEliteRequest } from '../../../../testing/elite-requests.ts';
import { testConfig } from '../../../../testing/index.ts';
import { mailTo, waitForMail } from '../../../../testing/mail-inbox.ts';
import { insertPrintOrder } from '../../../../testing/print-orders.ts';
import { newSessionId, postWebhook, sessionEvent } from '../../../../testing/stripe-events.ts';
import { apiClient, serveApi, serveWithWorker, type Json } from '../../../../testing/test-server.ts';

// A task queue of the file's own: the payment workflows the webhook starts run on this file's worker.
const config = testConfig({ TEMPORAL_TASK_QUEUE: `webhook-${randomUUID()}` });
const served = serveWithWorker(config);
const secret = config.STRIPE_WEBHOOK_SECRET as string;

const em = () => served.engine.deps.orm.em.fork();
const buyerEmail = () => `payer-${randomUUID()}@example.com`;

/** Posts a signed event and waits for the workflow it started; answers what the workflow reported. */
async function deliver(event: { id: string }): Promise<{ paymentId: string | null; newlyPaid: boolean }> {
  const response = await postWebhook(served.url, event, secret);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ received: true });
  return served.engine.client.workflow.getHandle(paymentWorkflowId(event.id)).result();
}

const paymentOf = (sessionId: string) => em().findOneOrFail(Payment, { stripeSessionId: sessionId });
const creditsOf = (paymentId: string) => em().count(BookCredit, { payment: paymentId });
const stored = (eventId: string) => em().count(StripeEvent, { id: eventId });

describe('POST /api/stripe/webhook: signatures', () => {
  it('refuses a forged signature and stores nothing', async () => {
    const event = sessionEvent('checkout.session.completed');
    const response = await postWebhook(served.url, event, 'whsec_not_the_server_secret');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: WebhookMessages.badSignature, statusCode: 400 });
    expect(await stored(event.id)).toBe(0);
    expect(await em().count(Payment, { stripeSessionId: event.data.object.id })).toBe(0);
  });

  it('refuses a body changed after signing, and a missing signature', async () => {
    const event = sessionEvent('checkout.session.completed');
    const unsigned = await fetch(`${served.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    const tampered = { ...event, data: { object: { ...event.data.object, amount_total: 1 } } };
    const header = signStripePayload(JSON.stringify(event), secret);
    const response = await fetch(`${served.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
      body: JSON.stringify(tampered),
    });
    expect(response.status).toBe(400);
    expect(await stored(event.id)).toBe(0);
  });

  it('refuses a correctly signed event dated 10 minutes or a month ahead', async () => {
    for (const ahead of [600, 30 * 86_400]) {
      const event = sessionEvent('checkout.session.completed');
      const response = await postWebhook(served.url, event, secret, Math.floor(Date.now() / 1000) + ahead);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: WebhookMessages.badSignature });
      expect(await stored(event.id)).toBe(0);
    }
  });

  it('refuses a correctly signed event whose timestamp is 10 minutes old', async () => {
    const event = sessionEvent('checkout.session.completed');
    const response = await postWebhook(served.url, event, secret, Math.floor(Date.now() / 1000) - 600);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: WebhookMessages.badSignature });
    expect(await stored(event.id)).toBe(0);
  });

  describe('without a webhook secret', () => {
    let unsigned: { app: INestApplication; url: string };
    beforeAll(async () => {
      unsigned = await serveApi(testConfig({ STRIPE_WEBHOOK_SECRET: '' }));
    });
    afterAll(() => unsigned?.app.close());

    it('answers 503', async () => {
      const response = await postWebhook(unsigned.url, sessionEvent('checkout.session.completed'), secret);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ message: WebhookMessages.notConfigured });
    });
  });
});

describe('POST /api/stripe/webhook: fulfilment', () => {
  it('fulfils one event posted 100 times once: one payment, one credit, one receipt', async () => {
    const email = buyerEmail();
    const event = sessionEvent('checkout.session.completed', { customer_details: { email } });
    for (let batch = 0; batch < 5; batch++) {
      const responses = await Promise.all(Array.from({ length: 20 }, () => postWebhook(served.url, event, secret)));
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    }
    const result = await served.engine.client.workflow.getHandle(paymentWorkflowId(event.id)).result();
    expect(result.newlyPaid).toBe(true);

    expect(await stored(event.id)).toBe(1);
    const payments = await em().find(Payment, { stripeSessionId: event.data.object.id });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ id: result.paymentId, status: 'paid', email, amount: 9900, lastEventId: event.id });
    expect(await creditsOf(result.paymentId as string)).toBe(1);
    expect(await em().count(MailDelivery, { key: `purchase-receipt:${result.paymentId}` })).toBe(1);
    await waitForMail(email);
    expect(await mailTo(email)).toHaveLength(1);
    expect((await em().findOneOrFail(StripeEvent, { id: event.id })).processedAt).toBeInstanceOf(Date);
  });

  it('answers 503 when Temporal cannot start the workflow, keeps the event, and fulfils it when Stripe delivers it again', async () => {
    // An API whose namespace Temporal does not know: every start fails at once, as with Temporal down.
    const cut = await serveApi({ ...config, TEMPORAL_NAMESPACE: `missing-${randomUUID()}` });
    const event = sessionEvent('checkout.session.completed', { customer_details: { email: buyerEmail() } });
    try {
      const refused = await postWebhook(cut.url, event, secret);
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { message: string }).message).toBe(WebhookMessages.retryLater);
    } finally {
      await cut.app.close();
    }
    expect(await stored(event.id)).toBe(1);
    expect(await em().count(Payment, { stripeSessionId: event.data.object.id })).toBe(0);

    const result = await deliver(event);
    expect(result.newlyPaid).toBe(true);
    expect((await paymentOf(event.data.object.id)).status).toBe('paid');
  });

  it('takes the buyer from the metadata of a session it did not start', async () => {
    const { body } = await apiClient(() => served.url).call('POST', '/auth/signup', { email: buyerEmail(), password: 'a sturdy passphrase' });
    const id = (body.user as { id: string }).id;
    const event = sessionEvent('checkout.session.completed', {
      customer_details: { email: buyerEmail() },
      metadata: { product_id: 'elite-service', price_id: config.STRIPE_PRICE_ELITE_SERVICE, user_id: id },
      amount_total: 49_900,
    });
    await deliver(event);
    const payment = await em().findOneOrFail(Payment, { stripeSessionId: event.data.object.id }, { populate: ['user'] });
    expect(payment).toMatchObject({ status: 'paid', productId: 'elite-service', priceId: config.STRIPE_PRICE_ELITE_SERVICE, amount: 49_900 });
    expect(payment.user?.id).toBe(id);
    expect((await em().findOneOrFail(Profile, { user: id })).subscriptionStatus).toBe('active');
  });

  it('ignores a session for a product it does not sell', async () => {
    const event = sessionEvent('checkout.session.completed', { metadata: { product_id: 'something-else' } });
    expect(await deliver(event)).toEqual({ paymentId: null, newlyPaid: false });
    expect(await em().count(Payment, { stripeSessionId: event.data.object.id })).toBe(0);
    expect((await em().findOneOrFail(StripeEvent, { id: event.id })).processedAt).toBeInstanceOf(Date);
  });

  it('keeps a delayed payment pending until it succeeds, then grants the credit and sends the receipt', async () => {
    const email = buyerEmail();
    const completed = sessionEvent('checkout.session.completed', { payment_status: 'unpaid', customer_details: { email } });
    const sessionId = completed.data.object.id;
    expect(await deliver(completed)).toMatchObject({ newlyPaid: false });
    const pending = await paymentOf(sessionId);
    expect(pending.status).toBe('pending');
    expect(await creditsOf(pending.id)).toBe(0);

    const succeeded = sessionEvent('checkout.session.async_payment_succeeded', { id: sessionId, customer_details: { email } });
    expect(await deliver(succeeded)).toEqual({ paymentId: pending.id, newlyPaid: true });
    expect(await paymentOf(sessionId)).toMatchObject({ status: 'paid', lastEventId: succeeded.id });
    expect(await creditsOf(pending.id)).toBe(1);
    await waitForMail(email);

    // A late or repeated event never takes a payment back from paid, nor grants again.
    const expired = sessionEvent('checkout.session.expired', { id: sessionId, payment_status: 'unpaid' });
    expect(await deliver(expired)).toEqual({ paymentId: pending.id, newlyPaid: false });
    expect((await paymentOf(sessionId)).status).toBe('paid');
    expect(await creditsOf(pending.id)).toBe(1);
  });

  it('marks a delayed payment that fails as failed, granting nothing', async () => {
    const email = buyerEmail();
    const completed = sessionEvent('checkout.session.completed', { payment_status: 'unpaid', customer_details: { email } });
    const sessionId = completed.data.object.id;
    await deliver(completed);
    const failed = sessionEvent('checkout.session.async_payment_failed', { id: sessionId, payment_status: 'unpaid' });
    expect(await deliver(failed)).toMatchObject({ newlyPaid: false });
    const payment = await paymentOf(sessionId);
    expect(payment.status).toBe('failed');
    expect(payment.paidAt).toBeNull();
    expect(await creditsOf(payment.id)).toBe(0);
    expect(await em().count(MailDelivery, { key: `purchase-receipt:${payment.id}` })).toBe(0);
  });

  it('records an expired session as expired, granting nothing', async () => {
    const event = sessionEvent('checkout.session.expired', { payment_status: 'unpaid', customer_email: buyerEmail() });
    const { paymentId } = await deliver(event);
    const payment = await paymentOf(event.data.object.id);
    expect(payment).toMatchObject({ id: paymentId, status: 'expired' });
    expect(await creditsOf(payment.id)).toBe(0);
    expect(await em().count(MailDelivery, { key: `purchase-receipt:${payment.id}` })).toBe(0);
  });

  it('stores other events and acknowledges them without fulfilling anything', async () => {
    const event = { ...sessionEvent('checkout.session.completed'), type: 'customer.created', data: { object: { id: 'cus_test_1', object: 'customer' } } };
    const response = await postWebhook(served.url, event, secret);
    expect(response.status).toBe(200);
    expect(await stored(event.id)).toBe(1);
    await expect(served.engine.client.workflow.getHandle(paymentWorkflowId(event.id)).describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);
  });
});

describe('POST /api/stripe/webhook: a session that does not charge what Pressroom created', () => {
  const { call, signUpAs } = apiClient(() => served.url);
  const receiptsOf = (paymentId: string) => em().count(MailDelivery, { key: `purchase-receipt:${paymentId}` });

  /** A Checkout Session row as Pressroom records it when it starts one: for an offer, a print order or an Elite quote. */
  async function started(kind: 'offer' | 'print' | 'elite', amount: number): Promise<{ sessionId: string; metadata: Record<string, string> }> {
    const sessionId = newSessionId();
    const author = await newEliteActor(served.engine.deps.orm, 'author');
    const target =
      kind === 'offer'
        ? { productId: 'ai-book-generator' as const, priceId: config.STRIPE_PRICE_AI_BOOK_GENERATOR, metadata: { ...checkoutMetadata('ai-book-generator', config.STRIPE_PRICE_AI_BOOK_GENERATOR, author.id) } }
        : kind === 'print'
          ? await (async () => {
              const orderId = await insertPrintOrder(served.engine.deps, { userId: author.id, contactEmail: author.email });
              return { printOrderId: orderId, priceId: '', metadata: { ...printCheckoutMetadata(orderId, author.id) } };
            })()
          : await (async () => {
              const requestId = await insertEliteRequest(served.engine.deps.orm, author);
              return { eliteRequestId: requestId, priceId: '', metadata: { ...eliteCheckoutMetadata(requestId, author.id) } };
            })();
    const { metadata, ...row } = target;
    const tx = em();
    tx.create(CheckoutSession, {
      id: sessionId,
      user: tx.getReference(User, author.id),
      productId: null,
      mode: 'payment',
      amount,
      currency: 'usd',
      customerEmail: author.email,
      successUrl: 'http://localhost/success',
      cancelUrl: 'http://localhost/',
      ...row,
    });
    await tx.flush();
    return { sessionId, metadata };
  }

  it.each([
    ['an AI Book Generator purchase', 'offer', 9900, '$99.00 (usd)'],
    ["a print order's copies", 'print', 4399, '$43.99 (usd)'],
    ['an Elite quote', 'elite', 150_000, '$1,500.00 (usd)'],
  ] as const)('keeps %s charged 1 cent as a mismatch: nothing granted, signalled or mailed', async (_case, kind, amount, expected) => {
    const { sessionId, metadata } = await started(kind, amount);
    const event = sessionEvent('checkout.session.completed', { id: sessionId, amount_total: 1, metadata, customer_details: { email: buyerEmail() } });
    expect(await deliver(event)).toMatchObject({ newlyPaid: false });
    const payment = await paymentOf(sessionId);
    expect(payment).toMatchObject({ status: 'mismatch', amount: 1, paidAt: null, mismatch: PaymentMismatchMessages.amount('$0.01 (usd)', expected) });
    expect(await creditsOf(payment.id)).toBe(0);
    expect(await receiptsOf(payment.id)).toBe(0);
  });

  it('keeps a right amount in another currency, or no amount at all, as a mismatch', async () => {
    const euros = await started('elite', 75_000);
    await deliver(sessionEvent('checkout.session.completed', { id: euros.sessionId, amount_total: 75_000, currency: 'eur', metadata: euros.metadata }));
    expect(await paymentOf(euros.sessionId)).toMatchObject({ status: 'mismatch', mismatch: PaymentMismatchMessages.amount('€750.00 (eur)', '$750.00 (usd)') });

    const silent = await started('offer', 9900);
    await deliver(sessionEvent('checkout.session.completed', { id: silent.sessionId, amount_total: null, metadata: silent.metadata }));
    expect(await paymentOf(silent.sessionId)).toMatchObject({ status: 'mismatch', mismatch: PaymentMismatchMessages.noAmount });
  });

  it("refuses a line item other than the one Pressroom set, and a later event with the right amount does not undo a mismatch", async () => {
    const { sessionId, metadata } = await started('offer', 9900);
    const otherPrice = { line_items: { object: 'list', data: [{ quantity: 1, amount_total: 9900, price: { id: 'price_someone_elses' } }] } };
    const completed = sessionEvent('checkout.session.completed', { id: sessionId, metadata, payment_status: 'unpaid', ...otherPrice });
    await deliver(completed);
    expect(await paymentOf(sessionId)).toMatchObject({ status: 'mismatch', mismatch: PaymentMismatchMessages.lineItems });

    expect(await deliver(sessionEvent('checkout.session.async_payment_succeeded', { id: sessionId, metadata }))).toMatchObject({ newlyPaid: false });
    const payment = await paymentOf(sessionId);
    expect(payment).toMatchObject({ status: 'mismatch', lastEventId: completed.id, paidAt: null });
    expect(await creditsOf(payment.id)).toBe(0);
  });

  it("holds a session it did not start to the print order's total and the Elite request's accepted quote", async () => {
    const author = await newEliteActor(served.engine.deps.orm, 'author');
    const orderId = await insertPrintOrder(served.engine.deps, { userId: author.id, contactEmail: author.email });
    const print = sessionEvent('checkout.session.completed', { amount_total: 1, metadata: { ...printCheckoutMetadata(orderId, author.id) } });
    await deliver(print);
    expect(await paymentOf(print.data.object.id)).toMatchObject({ status: 'mismatch', printOrderId: orderId, mismatch: PaymentMismatchMessages.amount('$0.01 (usd)', '$43.99 (usd)') });

    // A request with no accepted quote has no price: nothing it could be paid for.
    const requestId = await insertEliteRequest(served.engine.deps.orm, author);
    const elite = sessionEvent('checkout.session.completed', { amount_total: 75_000, metadata: { ...eliteCheckoutMetadata(requestId, author.id) } });
    expect(await deliver(elite)).toMatchObject({ newlyPaid: false });
    expect(await paymentOf(elite.data.object.id)).toMatchObject({ status: 'mismatch', eliteRequestId: requestId, mismatch: PaymentMismatchMessages.unpriced });
  });

  it('shows the team every mismatch in the back office, with why', async () => {
    const { sessionId, metadata } = await started('offer', 9900);
    await deliver(sessionEvent('checkout.session.completed', { id: sessionId, amount_total: 1, metadata }));
    const payment = await paymentOf(sessionId);
    const team = await signUpAs('elite_team', config.DATABASE_URL);
    const listed = await call('GET', `/admin/payments?filter=${encodeURIComponent(JSON.stringify({ status: 'mismatch' }))}&range=${encodeURIComponent('[0,199]')}`, undefined, team);
    expect(listed.status).toBe(200);
    expect((listed.body as unknown as Json[]).find((p) => p.id === payment.id)).toMatchObject({ status: 'mismatch', amount: 1, mismatch: payment.mismatch });
    const shown = await call('GET', `/admin/payments/${payment.id}`, undefined, team);
    expect(shown.body).toMatchObject({ status: 'mismatch', mismatch: PaymentMismatchMessages.amount('$0.01 (usd)', '$99.00 (usd)') });
  });
});
