import { getExternalWorkflowHandle, log, proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../../activities/index.ts';
import { eliteWorkflowId, innermostMessage, printOrderWorkflowId, saleWorkflowId } from '../../libs/domain/index.ts';
import { bookkeepingOptions, mailOptions } from '../activity-options.ts';
import { elitePaidSignal } from '../elite/messages.ts';
import { paidSignal } from '../print-order/messages.ts';
import { salePaidSignal } from '../sale/messages.ts';

type Activities = ReturnType<typeof createActivities>;
const { applyStripeEvent, recordLatePayment } = proxyActivities<Activities>(bookkeepingOptions);
const { sendMail } = proxyActivities<Activities>(mailOptions);

/**
 * Fulfils one verified Stripe event, started by the webhook with the id `payment-<eventId>`: the payment follows the
 * event (granting a book credit or the Elite entitlement when it becomes paid; telling a print order's or an Elite
 * request's or a shop sale's workflow that it is paid), then the buyer gets the receipt.
 */
export async function paymentWorkflow(eventId: string): Promise<{ paymentId: string | null; newlyPaid: boolean }> {
  const applied = await applyStripeEvent(eventId);
  if (applied.printOrderId && applied.sessionId && applied.newlyPaid) await tellPrintOrder(applied.printOrderId, applied.sessionId);
  if (applied.eliteRequestId && applied.sessionId && applied.newlyPaid) await tellEliteRequest(applied.eliteRequestId, applied.sessionId);
  if (applied.saleId && applied.sessionId && applied.newlyPaid) await tellSale(applied.saleId, applied.sessionId);
  if (applied.paymentId && applied.newlyPaid) await sendMail('purchase-receipt', applied.paymentId);
  return { paymentId: applied.paymentId, newlyPaid: applied.newlyPaid };
}

/**
 * The order's workflow waits for its payment. One that has ended (the order was cancelled unpaid, or is long done)
 * cannot be told: the payment is noted on the order for a refund, and this payment's fulfilment still succeeds.
 */
async function tellPrintOrder(orderId: string, sessionId: string): Promise<void> {
  try {
    await getExternalWorkflowHandle(printOrderWorkflowId(orderId)).signal(paidSignal, { sessionId });
  } catch (error) {
    log.warn('print order not told of its payment', { orderId, sessionId, error: innermostMessage(error) });
    await recordLatePayment(orderId, sessionId);
  }
}

/**
 * The request's workflow waits for its quote's payment (and notes one it no longer waits for as owed back). One that
 * has ended cannot be told: that is logged, and this payment's fulfilment still succeeds.
 */
async function tellEliteRequest(requestId: string, sessionId: string): Promise<void> {
  try {
    await getExternalWorkflowHandle(eliteWorkflowId(requestId)).signal(elitePaidSignal, { sessionId });
  } catch (error) {
    log.warn('elite request not told of its payment', { requestId, sessionId, error: innermostMessage(error) });
  }
}

/**
 * The sale's workflow waits for its payment and delivers once (its own record of the payment is idempotent too). One
 * that has ended (the sale expired unpaid) cannot be told: that is logged for a refund, and fulfilment still succeeds.
 */
async function tellSale(saleId: string, sessionId: string): Promise<void> {
  try {
    await getExternalWorkflowHandle(saleWorkflowId(saleId)).signal(salePaidSignal, { sessionId });
  } catch (error) {
    log.warn('sale not told of its payment: refund it', { saleId, sessionId, error: innermostMessage(error) });
  }
}
