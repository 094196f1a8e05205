import { describe, expect, it } from 'vitest';
import { CheckoutSession, PrintOrder } from '../../libs/db/index.ts';
import { paymentWorkflowId, printOrderWorkflowId, toCents, type PrintOrderStatus } from '../../libs/domain/index.ts';
import { printCheckoutMetadata } from '../../libs/payments/index.ts';
import { activityFailed, drillWithPrintSimulator, expectOneMailPerDelivery, outage, paymentsFor, storeSessionPaid, workWaiting } from '../../testing/drill-checks.ts';
import type { DrillService } from '../../testing/fault-drill.ts';
import { insertPrintOrder, newAuthor, statusPath } from '../../testing/print-orders.ts';
import { eventually } from '../../testing/index.ts';
import { printOrderWorkflow } from './workflow.ts';

// The fault drill of a print order (issue 32): the worker, PostgreSQL, MinIO and the Temporal server, each killed with
// -9 in the middle of an order and started again, on the drill's own services (testing/drill-checks.ts).
const { sim, drill } = drillWithPrintSimulator();

const orderRow = (id: string) => drill().deps.orm.em.fork().findOneOrFail(PrintOrder, { id });
/** The row, or null while the database does not answer (just after it came back, say). */
const orderRowIfUp = (id: string) => orderRow(id).catch(() => null);
async function reaching(id: string, status: PrintOrderStatus, timeoutMs = 60_000): Promise<PrintOrder> {
  const order = await eventually(() => orderRowIfUp(id), (o) => o?.orderStatus === status, timeoutMs);
  if (order?.orderStatus !== status) throw new Error(`order ${id} is ${order?.orderStatus}, not ${status}: ${JSON.stringify(order?.history)}`);
  return order;
}
const jobsFor = (order: PrintOrder) => [...sim.jobs.values()].filter((job) => job.json.external_id === order.externalId);

/** Where in the order the service goes down. */
type Moment = 'files' | 'payment' | 'polling';
const drills: { service: DrillService; moment: Moment; when: string }[] = [
  { service: 'worker', moment: 'files', when: 'while its files are prepared' },
  { service: 'minio', moment: 'files', when: 'while its files are prepared' },
  { service: 'postgres', moment: 'payment', when: 'as its payment arrives and it goes to the printer' },
  { service: 'temporal', moment: 'polling', when: 'while it polls the printer' },
  { service: 'worker', moment: 'polling', when: 'while it polls the printer' },
];

describe('print order fault drill', () => {
  it.each(drills)('completes with one job, one payment and one mail per status when $service is killed $when', async ({ service, moment }) => {
    const author = await newAuthor(drill().deps.orm);
    const orderId = await insertPrintOrder(drill().deps, { userId: author.id, contactEmail: author.email });
    const handle = drill().client.workflow.getHandle(printOrderWorkflowId(orderId));
    const start = () =>
      drill().client.workflow.start(printOrderWorkflow, {
        workflowId: printOrderWorkflowId(orderId),
        taskQueue: drill().config.TEMPORAL_TASK_QUEUE,
        args: [{ orderId, paymentWindow: '10 minutes', paymentReminderAfter: '10 minutes', pollEvery: '200 ms', pollAtMost: '1 second', heartbeatTimeout: '10 seconds' }],
      });

    if (moment === 'files' && service === 'minio') {
      // Gone before the run reads the files: the preflight fails until storage is back.
      await outage(drill(), service, { meanwhile: async () => void (await start()), felt: () => activityFailed(handle) });
    } else {
      await start();
    }
    if (moment === 'files' && service !== 'minio') {
      // Whatever the worker had in hand (drawing the cover, the preflight) is lost with it and done again by the next,
      // once the attempt's heartbeat time-out (shortened through the input) has passed.
      await reaching(orderId, 'validating');
      await outage(drill(), service);
    }

    const unpaid = await reaching(orderId, 'unpaid');
    const paid = await storeSessionPaid(drill(), {
      id: unpaid.stripeSessionId as string,
      userId: author.id,
      email: author.email,
      amountCents: toCents(unpaid.totalCost),
      metadata: { ...printCheckoutMetadata(orderId, author.id) },
    });
    let payment: Awaited<ReturnType<typeof paid.deliver>> | undefined;
    if (moment === 'payment') {
      // The webhook's payment workflow starts while the database is gone: it and the order wait for it, then go on.
      const paymentRun = drill().client.workflow.getHandle(paymentWorkflowId(paid.eventId));
      await outage(drill(), service, { meanwhile: async () => void (payment = await paid.deliver()), felt: () => activityFailed(paymentRun) });
    } else {
      payment = await paid.deliver();
    }
    expect(await payment?.result()).toMatchObject({ newlyPaid: true });

    const submitted = await reaching(orderId, 'submitted');
    const jobId = submitted.luluJobId as string;
    sim.setStatus(jobId, 'IN_PRODUCTION');
    await reaching(orderId, 'production');
    if (moment === 'polling') {
      // The printer ships the books while the service is down; the next poll after it is back finds out.
      await outage(drill(), service, {
        meanwhile: async () => void sim.setStatus(jobId, 'SHIPPED'),
        ...(service === 'worker' ? { felt: () => workWaiting(handle) } : {}),
      });
    } else {
      sim.setStatus(jobId, 'SHIPPED');
    }

    expect(await handle.result()).toEqual({ status: 'shipped' });
    const shipped = await orderRow(orderId);
    // Nothing lost: every status in order, each recorded once.
    expect(statusPath(shipped)).toEqual(['draft', 'validating', 'unpaid', 'paid', 'submitted', 'production', 'shipped']);
    const entries = shipped.history.map((entry) => `${entry.order_status}|${entry.lulu_status}|${entry.note ?? ''}`);
    expect(new Set(entries).size).toBe(entries.length);
    expect(shipped).toMatchObject({ luluStatus: 'SHIPPED', luluJobId: jobId, carrierName: 'USPS', paidAt: expect.any(Date) });
    // Nothing done twice: one job at the printer, one checkout, one payment, one mail per message.
    expect(jobsFor(shipped)).toHaveLength(1);
    expect(await drill().deps.orm.em.fork().count(CheckoutSession, { printOrderId: orderId })).toBe(1);
    const payments = await paymentsFor(drill(), { printOrderId: orderId });
    expect(payments.map((p) => [p.status, p.amount, p.stripeSessionId])).toEqual([['paid', toCents(shipped.totalCost), shipped.stripeSessionId]]);
    const subjects = await expectOneMailPerDelivery(drill(), author.email);
    expect(subjects.filter((subject) => subject.includes('has shipped'))).toHaveLength(1);
  }, 300_000);
});
