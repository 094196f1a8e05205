import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Payment, PrintOrder, StripeEvent } from '../../libs/db/index.ts';
import { paymentWorkflowId, PrintOrderProblems, printOrderWorkflowId } from '../../libs/domain/index.ts';
import { eventually, startWorker } from '../../testing/index.ts';
import { mailTo, waitForSubject } from '../../testing/mail-inbox.ts';
import { blankPdf } from '../../testing/print-files.ts';
import { insertPrintOrder, newAuthor, orderReaching, printStackForFile, startPrintOrder, statusPath, TEST_ADDRESS, type TestPrintOrder } from '../../testing/print-orders.ts';
import { sessionEvent } from '../../testing/stripe-events.ts';
import { paymentWorkflow } from '../payment/workflow.ts';
import { paidSignal, printOrderStatusQuery, refreshSignal, type PrintOrderInput } from './messages.ts';

// The workflow on its own: payments arrive as the payment workflow's signal, the provider is the Lulu simulator.
// (The whole path through the checkout page and the webhooks: apps/api/src/payments/print-checkout.integration.test.ts.)
const stack = printStackForFile('print-order');
const { sim } = stack;

const em = () => stack.engine.deps.orm.em.fork();
const orderRow = (id: string) => em().findOneOrFail(PrintOrder, { id });
const reaching = (id: string, status: PrintOrder['orderStatus'], timeoutMs?: number) => orderReaching(stack.engine.deps.orm, id, status, timeoutMs);
const jobsWith = (externalId: string) => [...sim.jobs.values()].filter((job) => job.json.external_id === externalId);

async function placeOrder(order: Partial<TestPrintOrder> = {}, timing: Omit<PrintOrderInput, 'orderId'> = {}, taskQueue?: string) {
  const author = await newAuthor(stack.engine.deps.orm);
  const orderId = await insertPrintOrder(stack.engine.deps, { userId: author.id, contactEmail: author.email, ...order });
  const handle = await startPrintOrder(stack, orderId, timing, taskQueue);
  return { author, orderId, handle };
}

/** What the payment workflow sends once the order's Checkout Session is paid. */
async function pay(orderId: string): Promise<void> {
  const order = await reaching(orderId, 'unpaid');
  await stack.engine.client.workflow.getHandle(printOrderWorkflowId(orderId)).signal(paidSignal, { sessionId: order.stripeSessionId as string });
}

/** The mail about the order to `address`, once `count` messages have come. */
async function orderMails(address: string, count: number) {
  const mails = await eventually(() => mailTo(address), (found) => found.length >= count, 15_000);
  expect(mails.length).toBeGreaterThanOrEqual(count);
  return mails;
}

describe('print order workflow', () => {
  it('cancels an order left unpaid after its payment window; a payment after that is noted for a refund and still fulfilled', async () => {
    const { author, orderId, handle } = await placeOrder({}, { paymentWindow: '4 seconds' });
    expect(await handle.result()).toEqual({ status: 'cancelled' });
    const cancelled = await orderRow(orderId);
    expect(cancelled).toMatchObject({ orderStatus: 'cancelled', errorMessage: PrintOrderProblems.unpaid, luluJobId: null, paidAt: null });
    expect(statusPath(cancelled)).toEqual(['draft', 'validating', 'unpaid', 'cancelled']);
    expect(jobsWith(cancelled.externalId)).toHaveLength(0);
    const mail = await waitForSubject(author.email, 'The Tested Book was cancelled');
    expect(mail.text).toContain(PrintOrderProblems.unpaid);

    // Stripe's event for the session, as the webhook stores it and starts its fulfilment.
    const event = sessionEvent('checkout.session.completed', {
      id: cancelled.stripeSessionId as string,
      client_reference_id: author.id,
      customer_details: { email: author.email },
      amount_total: Math.round(cancelled.totalCost * 100),
      metadata: { print_order_id: orderId, user_id: author.id },
    });
    await em().insert(StripeEvent, { id: event.id, type: event.type, payload: event as unknown as Record<string, unknown>, receivedAt: new Date() });
    const fulfilled = await stack.engine.client.workflow.execute(paymentWorkflow, { workflowId: paymentWorkflowId(event.id), taskQueue: stack.config.TEMPORAL_TASK_QUEUE, args: [event.id] });
    expect(fulfilled).toMatchObject({ newlyPaid: true });
    const after = await orderRow(orderId);
    expect(after.orderStatus).toBe('cancelled');
    expect(after.history.at(-1)?.note).toBe(PrintOrderProblems.latePayment(cancelled.stripeSessionId as string));
    expect(await em().findOneOrFail(Payment, { printOrderId: orderId })).toMatchObject({ status: 'paid', productId: null, amount: Math.round(cancelled.totalCost * 100) });
  });

  it('mails the payment request only once the author has had time to pay at the checkout, and never for an order paid by then', async () => {
    const waiting = 'is waiting for your payment';
    const unpaid = await placeOrder({}, { paymentReminderAfter: '3 seconds', paymentWindow: '1 minute' });
    const opened = await reaching(unpaid.orderId, 'unpaid');
    expect((await mailTo(unpaid.author.email)).filter((m) => m.subject.includes(waiting))).toEqual([]);
    const reminder = await waitForSubject(unpaid.author.email, waiting);
    expect(reminder.text).toContain(opened.paymentUrl as string);
    expect(Date.now() - opened.updatedAt.getTime()).toBeGreaterThanOrEqual(2_500);
    await unpaid.handle.terminate('test over');

    const paid = await placeOrder({}, { paymentReminderAfter: '2 seconds' });
    await pay(paid.orderId);
    await reaching(paid.orderId, 'submitted');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await mailTo(paid.author.email)).filter((m) => m.subject.includes(waiting))).toEqual([]);
    await paid.handle.terminate('test over');
  });

  it('refuses files that do not fit the product before asking for payment', async () => {
    const letter = { interior: blankPdf(40, 612, 792), cover: blankPdf(1, 612, 792) };
    const { author, orderId, handle } = await placeOrder({ files: letter });
    expect(await handle.result()).toEqual({ status: 'failed' });
    const failed = await orderRow(orderId);
    expect(statusPath(failed)).toEqual(['draft', 'validating', 'failed']);
    expect(failed.errorMessage).toContain('Interior pages must be 6 x 9 in');
    expect(failed.errorMessage).toContain('The cover must be');
    expect(failed.stripeSessionId).toBeNull();
    const mail = await waitForSubject(author.email, 'could not be printed');
    expect(mail.text).toContain('Interior pages must be 6 x 9 in');
  });

  it('fails an order whose files are gone from storage', async () => {
    const author = await newAuthor(stack.engine.deps.orm);
    const orderId = await insertPrintOrder(stack.engine.deps, { userId: author.id, contactEmail: author.email });
    await stack.engine.deps.storage.delete((await orderRow(orderId)).coverKey as string);
    expect(await (await startPrintOrder(stack, orderId)).result()).toEqual({ status: 'failed' });
    expect((await orderRow(orderId)).errorMessage).toBe(PrintOrderProblems.missingFile('cover'));
  });

  it("retries the provider's 5xx, 429 and time-outs on job creation, then creates the job once", async () => {
    const { orderId, handle } = await placeOrder();
    await reaching(orderId, 'unpaid');
    const before = sim.requests.filter((r) => r.path === '/print-jobs/').length;
    sim.fail(503, 1, { path: '/print-jobs/' });
    sim.fail(429, 1, { path: '/print-jobs/', retryAfter: 1 });
    sim.fail('timeout', 1, { path: '/print-jobs/' });
    await pay(orderId);
    const submitted = await reaching(orderId, 'submitted', 45_000);
    expect(sim.requests.filter((r) => r.path === '/print-jobs/').length - before).toBeGreaterThanOrEqual(5);
    expect(jobsWith(submitted.externalId)).toHaveLength(1);
    expect(submitted).toMatchObject({ luluStatus: 'CREATED', luluJobId: String(jobsWith(submitted.externalId)[0]?.json.id) });
    expect(await handle.query(printOrderStatusQuery)).toBe('submitted');
    await handle.terminate('test over');
  });

  it("ends the order with the provider's message when it refuses the job (4xx)", async () => {
    const { author, orderId, handle } = await placeOrder({ address: { ...TEST_ADDRESS, phone: '12' } });
    await pay(orderId);
    expect(await handle.result()).toEqual({ status: 'failed' });
    const failed = await orderRow(orderId);
    expect(statusPath(failed)).toEqual(['draft', 'validating', 'unpaid', 'paid', 'failed']);
    expect(failed.errorMessage).toMatch(/^Lulu answered 400/);
    expect(failed.errorMessage).toContain('phone');
    expect(failed.luluJobId).toBeNull();
    expect(jobsWith(failed.externalId)).toHaveLength(0);
    await waitForSubject(author.email, 'could not be printed');
  });

  it("records the provider's rejection of a job as failed, with its reason", async () => {
    const { orderId, handle } = await placeOrder({ title: 'Rejected [reject]' });
    await pay(orderId);
    const submitted = await reaching(orderId, 'submitted');
    await sim.advance(submitted.luluJobId as string);
    expect(await handle.result()).toEqual({ status: 'failed' });
    expect(await orderRow(orderId)).toMatchObject({ luluStatus: 'REJECTED', errorMessage: 'Rejected on request: the job carries [reject].' });
  });

  it('fetches the job at once on refresh, between polls an hour apart', async () => {
    const { orderId, handle } = await placeOrder({}, { pollEvery: '1 hour', pollAtMost: '1 hour' });
    await pay(orderId);
    const submitted = await reaching(orderId, 'submitted');
    sim.setStatus(submitted.luluJobId as string, 'IN_PRODUCTION');
    await handle.signal(refreshSignal);
    await reaching(orderId, 'production', 10_000);
    sim.setStatus(submitted.luluJobId as string, 'SHIPPED');
    await handle.signal(refreshSignal);
    expect(await handle.result()).toEqual({ status: 'shipped' });
  });

  it('loses nothing when its worker is stopped while the order is in production, and continues as new on long runs', async () => {
    const taskQueue = `print-order-worker-${randomUUID()}`;
    const settings = { ...stack.config, TEMPORAL_TASK_QUEUE: taskQueue };
    let worker = await startWorker(settings, stack.engine.deps);
    try {
      const { author, orderId, handle } = await placeOrder({}, { pollEvery: '200 ms', pollAtMost: '500 ms', pollsPerRun: 1 }, taskQueue);
      await pay(orderId);
      const submitted = await reaching(orderId, 'submitted');
      sim.setStatus(submitted.luluJobId as string, 'IN_PRODUCTION');
      await reaching(orderId, 'production');

      await worker.stop();
      sim.setStatus(submitted.luluJobId as string, 'SHIPPED');
      // The order's next step falls due with no worker to run it: a workflow task (the next poll's timer fired), or an
      // activity the run waits for (a poll, or the "is being printed" mail a run sends before it continues as new).
      // Either way the order waits where it was.
      const latest = stack.engine.client.workflow.getHandle(printOrderWorkflowId(orderId));
      const pendingWork = async () => {
        const { pendingWorkflowTask, pendingActivities } = (await latest.describe()).raw;
        return pendingWorkflowTask ?? pendingActivities?.[0] ?? null;
      };
      const due = await eventually(pendingWork, (work) => work !== null, 30_000);
      expect(due).not.toBeNull();
      expect((await orderRow(orderId)).orderStatus).toBe('production');
      worker = await startWorker(settings, stack.engine.deps);

      expect(await handle.result()).toEqual({ status: 'shipped' });
      const shipped = await orderRow(orderId);
      expect(statusPath(shipped)).toEqual(['draft', 'validating', 'unpaid', 'paid', 'submitted', 'production', 'shipped']);
      expect(shipped).toMatchObject({ luluStatus: 'SHIPPED', carrierName: 'USPS' });
      expect(shipped.trackingId).toMatch(/^SIM/);
      // One poll a run: more than one run followed the order.
      expect((await latest.describe()).runId).not.toBe(handle.firstExecutionRunId);
      // The shipment is mailed at once (the progress goes to the author's digest, see Mail); paid at once, the order's
      // payment request never went out (it waits until the author has left the checkout).
      const mails = await orderMails(author.email, 1);
      const subjects = mails.map((m) => m.subject.replace('Your print order of The Tested Book ', ''));
      expect(subjects).toContain('has shipped');
      expect(subjects).not.toContain('is waiting for your payment');
    } finally {
      await worker.stop();
    }
    // An activity the stopped worker had already taken (a mail, a poll) goes to the next worker only once its
    // start-to-close timeout has passed: a minute for a mail. The order still loses nothing; it takes that long.
  }, 180_000);
});
