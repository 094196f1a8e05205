// What the print-order and Elite fault drills share: their stack with a printer, a service down while the run needs it
// (and proof that the run felt it), the payment as Stripe's webhook delivers it, and the checks that nothing was lost or
// done twice.
import type { WorkflowHandle } from '@temporalio/client';
import { afterAll, beforeAll, expect } from 'vitest';
import { MailDelivery, Payment, StripeEvent } from '../libs/db/index.ts';
import { paymentWorkflowId } from '../libs/domain/index.ts';
import { paymentWorkflow } from '../workflows/payment/workflow.ts';
import { FaultDrill, waitFor, type DrillService } from './fault-drill.ts';
import { mailTo } from './mail-inbox.ts';
import { PrintSimulator } from './print-simulator/simulator.ts';
import { sessionEvent } from './stripe-events.ts';

/**
 * The test file's drill (its own services, testing/fault-drill.ts) printing with a Lulu simulator of its own whose jobs
 * move only when told (`sim.setStatus`): started before the file's tests, destroyed after them. The simulator, stripe-mock
 * and the mail catcher stand for remote services and stay up.
 */
export function drillWithPrintSimulator(): { sim: PrintSimulator; drill: () => FaultDrill } {
  const sim = new PrintSimulator({ stepMs: 'manual' });
  let started: FaultDrill | undefined;
  beforeAll(async () => {
    await sim.start();
    started = await FaultDrill.start({ config: sim.env() });
  }, 300_000);
  afterAll(async () => {
    await started?.destroy();
    await sim.stop();
  });
  const drill = () => {
    if (!started) throw new Error('the fault drill has not started (drillWithPrintSimulator runs it before the tests)');
    return started;
  };
  return { sim, drill };
}

/** Some activity of the run has failed at least once: the service it needed was gone. */
export async function activityFailed(handle: WorkflowHandle): Promise<boolean> {
  const { raw } = await handle.describe();
  return (raw.pendingActivities ?? []).some((activity) => (activity.attempt ?? 1) > 1);
}

/** The run has work due that no worker took: a workflow task or an activity waiting. */
export async function workWaiting(handle: WorkflowHandle): Promise<boolean> {
  const { raw } = await handle.describe();
  return !!raw.pendingWorkflowTask || !!raw.pendingActivities?.length;
}

/**
 * kill -9 `service`; once `felt` holds (the run tried to use it and could not), or at once without one, starts it again.
 * `meanwhile` runs while it is down (e.g. a payment arriving during the outage).
 */
export async function outage(drill: FaultDrill, service: DrillService, { felt, meanwhile }: { felt?: () => Promise<boolean>; meanwhile?: () => Promise<void> } = {}): Promise<void> {
  await drill.kill9(service);
  try {
    await meanwhile?.();
    if (felt) await waitFor(`the run to feel ${service} gone`, felt, 90_000);
  } finally {
    await drill.restart(service);
  }
}

/** A Checkout Session's paid event as the webhook stores it; `deliver` then runs its payment workflow (the webhook's start). */
export async function storeSessionPaid(drill: FaultDrill, session: { id: string; userId: string; email: string; amountCents: number; metadata: Record<string, string> }) {
  const event = sessionEvent('checkout.session.completed', {
    id: session.id,
    client_reference_id: session.userId,
    customer_details: { email: session.email },
    amount_total: session.amountCents,
    metadata: session.metadata,
  });
  await drill.deps.orm.em.fork().insert(StripeEvent, { id: event.id, type: event.type, payload: event as unknown as Record<string, unknown>, receivedAt: new Date() });
  const deliver = () => drill.client.workflow.start(paymentWorkflow, { workflowId: paymentWorkflowId(event.id), taskQueue: drill.config.TEMPORAL_TASK_QUEUE, args: [event.id] });
  return { eventId: event.id, deliver };
}

/** The payments recorded for what `where` names (a print order, an Elite request): the drill expects one. */
export const paymentsFor = (drill: FaultDrill, where: { printOrderId: string } | { eliteRequestId: string }) => drill.deps.orm.em.fork().find(Payment, where);

/**
 * One mail per message: every mail the inbox holds for `address` is one recorded delivery (a message sent again after
 * a lost answer would be a second mail for one delivery). Returns the subjects, for the test's own checks.
 */
export async function expectOneMailPerDelivery(drill: FaultDrill, address: string): Promise<string[]> {
  const deliveries = await drill.deps.orm.em.fork().find(MailDelivery, { recipient: address });
  const inbox = await mailTo(address);
  expect(deliveries.length).toBeGreaterThan(0);
  expect(inbox.map((mail) => mail.subject).sort()).toEqual(deliveries.map((delivery) => delivery.subject).sort());
  return inbox.map((mail) => mail.subject);
}
