import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutSession, MailDelivery, MailDigestItem, Notification, Payment, PrintOrder } from '../../../../libs/db/index.ts';
import { formatAmount, PaymentMismatchMessages, paymentWorkflowId } from '../../../../libs/domain/index.ts';
import { printCheckoutMetadata } from '../../../../libs/payments/index.ts';
import { eventually } from '../../../../testing/index.ts';
import { mailTo } from '../../../../testing/mail-inbox.ts';
import { insertPrintOrder, newAuthor, orderReaching, printStackForFile, startPrintOrder, statusPath, TEST_ADDRESS } from '../../../../testing/print-orders.ts';
import { postWebhook, sessionEvent } from '../../../../testing/stripe-events.ts';
import { serveApi } from '../../../../testing/test-server.ts';
import { printOrderStatusQuery } from '../../../../workflows/print-order/messages.ts';

// A print order paid the way an author pays it: its Checkout Session's local test page posts Stripe's signed event to
// the webhook, whose payment workflow tells the order; then the Lulu simulator's webhooks and the order's polls
// carry it to shipped.
const stack = printStackForFile('print-checkout');
let api: { app: INestApplication; url: string };
beforeAll(async () => {
  api = await serveApi(stack.config);
});
afterAll(async () => {
  await api?.app.close();
});

const em = () => stack.engine.deps.orm.em.fork();

describe('a print order paid at the checkout', () => {
  it('goes to the provider and follows it to shipped, recording each change and telling the author once per status', async () => {
    const author = await newAuthor(stack.engine.deps.orm);
    const orderId = await insertPrintOrder(stack.engine.deps, { userId: author.id, contactEmail: author.email });
    const handle = await startPrintOrder(stack, orderId);
    const unpaid = await orderReaching(stack.engine.deps.orm, orderId, 'unpaid');

    // The simulator's price replaced the mock one the order was placed with, and the checkout charges it.
    expect(unpaid.costSource).toBe('provider');
    expect(unpaid.history.some((e) => e.note?.startsWith("The print provider's price changed"))).toBe(true);
    const session = await em().findOneOrFail(CheckoutSession, { id: unpaid.stripeSessionId as string });
    expect(session).toMatchObject({ productId: null, printOrderId: orderId, amount: Math.round(unpaid.totalCost * 100), currency: 'usd', customerEmail: author.email });
    expect(session.successUrl).toContain(`/dashboard?print_order=${orderId}&session_id={CHECKOUT_SESSION_ID}`);
    expect(unpaid.payBy?.getTime()).toBeGreaterThan(Date.now());
    expect(await handle.query(printOrderStatusQuery)).toBe('unpaid');

    // The local test checkout names the order and, on Pay, posts the signed completed event to the webhook.
    const page = new URL(unpaid.paymentUrl as string).pathname;
    expect(page).toBe(`/api/stripe/test-checkout/${session.id}`);
    const html = await (await fetch(`${api.url}${page}`)).text();
    expect(html).toContain('10 × The Tested Book (print)');
    const hook = stack.sim.subscribe(`${api.url}/api/print/webhooks/lulu`);
    stack.sim.setPace(400);
    try {
      const paid = await fetch(`${api.url}${page}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: author.email }).toString(),
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toContain(`print_order=${orderId}&session_id=${session.id}`);

      expect(await handle.result()).toEqual({ status: 'shipped' });
      await stack.sim.settled();
    } finally {
      stack.sim.setPace('manual');
      stack.sim.webhooks.splice(stack.sim.webhooks.indexOf(hook), 1);
    }
    const delivered = stack.sim.submissions.filter((s) => s.webhookId === hook.id);
    expect(delivered.map((s) => [s.jobStatus, s.status])).toEqual(
      ['UNPAID', 'PAYMENT_IN_PROGRESS', 'PRODUCTION_DELAYED', 'PRODUCTION_READY', 'IN_PRODUCTION', 'SHIPPED'].map((status) => [status, 200]),
    );

    const shipped = await em().findOneOrFail(PrintOrder, { id: orderId });
    expect(statusPath(shipped)).toEqual(['draft', 'validating', 'unpaid', 'paid', 'submitted', 'processing', 'production', 'shipped']);
    // Each webhook makes the order read the job again, so on a busy machine a status the provider has already left is
    // not seen: the history holds the provider's statuses in its order, from the job's creation to shipped.
    const providerOrder = ['CREATED', 'UNPAID', 'PAYMENT_IN_PROGRESS', 'PRODUCTION_DELAYED', 'PRODUCTION_READY', 'IN_PRODUCTION', 'SHIPPED'];
    const recorded = shipped.history.map((e) => e.lulu_status).filter((s, i, all) => s && s !== all[i - 1]);
    expect(recorded.map((s) => providerOrder.indexOf(s as string))).toEqual([...recorded.map((s) => providerOrder.indexOf(s as string))].sort((a, b) => a - b));
    expect([recorded[0], recorded.at(-1)]).toEqual(['CREATED', 'SHIPPED']);
    expect(recorded.every((s) => providerOrder.includes(s as string))).toBe(true);
    const item = stack.sim.job(shipped.luluJobId as string)?.line_items[0];
    expect(item?.tracking_id).toMatch(/^SIM/);
    expect(shipped).toMatchObject({ luluStatus: 'SHIPPED', trackingId: item?.tracking_id, carrierName: item?.carrier_name, trackingUrls: item?.tracking_urls, errorMessage: null });
    expect(shipped.paidAt).toBeInstanceOf(Date);
    expect(shipped.shippedAt).toBeInstanceOf(Date);
    expect(await em().findOneOrFail(Payment, { printOrderId: orderId })).toMatchObject({ productId: null, status: 'paid', amount: session.amount, email: author.email });

    // At once what the author must know (the receipt, the shipment; paid at once, no payment request); the progress waits for their digest.
    const mustKnow = ['has shipped'];
    const mails = await eventually(() => mailTo(author.email), (found) => found.length >= 2, 15_000);
    expect(mails.map((m) => m.subject).sort()).toEqual(['Your receipt: 10 × The Tested Book (print)', ...mustKnow.map((n) => `Your print order of The Tested Book ${n}`)].sort());
    const progress = ['is paid', 'is at the printer', 'is being prepared', 'is being printed'];
    const queued = await em().find(MailDigestItem, { user: author.id }, { orderBy: { queuedAt: 'asc' } });
    expect(queued.map((item) => item.subject).sort()).toEqual(progress.map((n) => `Your print order of The Tested Book ${n}`).sort());
    const shippedMail = mails.find((m) => m.subject.endsWith('has shipped'));
    expect(shippedMail?.text).toContain(shipped.trackingId as string);
    expect(shippedMail?.text).toContain(shipped.trackingUrls[0] as string);
    expect(await em().count(MailDelivery, { key: { $like: `print-status:${orderId}:%` } })).toBe(1);

    // The in-app notifications: §3.9's payload for every change the author hears of.
    const notifications = await em().find(Notification, { user: author.id }, { orderBy: { createdAt: 'asc' } });
    expect(notifications.map((n) => n.type)).toEqual(Array(6).fill('print_order_status'));
    expect(notifications.map((n) => n.data.new_status)).toEqual(['unpaid', 'paid', 'submitted', 'processing', 'production', 'shipped']);
    expect(notifications.at(-1)?.data).toEqual({
      book_title: 'The Tested Book',
      book_id: '',
      print_order_id: orderId,
      user_name: 'Ada Writer',
      new_status: 'shipped',
      old_status: 'production',
      destination: `${TEST_ADDRESS.city}, ${TEST_ADDRESS.state}, ${TEST_ADDRESS.country}`,
    });
  });
});

describe('a print order whose session reports another amount', () => {
  it('is not paid nor sent to the printer: the payment is kept as a mismatch for the team', async () => {
    const author = await newAuthor(stack.engine.deps.orm);
    const orderId = await insertPrintOrder(stack.engine.deps, { userId: author.id, contactEmail: author.email });
    const handle = await startPrintOrder(stack, orderId);
    try {
      const unpaid = await orderReaching(stack.engine.deps.orm, orderId, 'unpaid');
      const sessionId = unpaid.stripeSessionId as string;
      // Correctly signed, for the order's own session, but 1 cent.
      const event = sessionEvent('checkout.session.completed', {
        id: sessionId,
        client_reference_id: author.id,
        customer_details: { email: author.email },
        amount_total: 1,
        metadata: { ...printCheckoutMetadata(orderId, author.id) },
      });
      expect((await postWebhook(api.url, event, stack.config.STRIPE_WEBHOOK_SECRET as string)).status).toBe(200);
      expect(await stack.engine.client.workflow.getHandle(paymentWorkflowId(event.id)).result()).toMatchObject({ newlyPaid: false });

      expect(await em().findOneOrFail(Payment, { stripeSessionId: sessionId })).toMatchObject({
        status: 'mismatch',
        printOrderId: orderId,
        amount: 1,
        paidAt: null,
        mismatch: PaymentMismatchMessages.amount('$0.01 (usd)', `${formatAmount(Math.round(unpaid.totalCost * 100), 'usd')} (usd)`),
      });
      expect(await handle.query(printOrderStatusQuery)).toBe('unpaid');
      expect(await em().findOneOrFail(PrintOrder, { id: orderId })).toMatchObject({ orderStatus: 'unpaid', paidAt: null, luluJobId: null });
      expect([...stack.sim.jobs.values()].filter((job) => job.json.external_id === unpaid.externalId)).toHaveLength(0);
      expect(await em().count(MailDelivery, { key: { $like: 'purchase-receipt:%' }, recipient: author.email })).toBe(0);
    } finally {
      await handle.terminate('test over');
    }
  });
});
