import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../../activities/index.ts';
import { bookkeepingOptions, mailOptions } from '../activity-options.ts';

type Activities = ReturnType<typeof createActivities>;
const { applyStripeEvent } = proxyActivities<Activities>(bookkeepingOptions);
const { sendMail } = proxyActivities<Activities>(mailOptions);

/**
 * Fulfils one verified Stripe event, started by the webhook with the id `payment-<eventId>`: the payment follows the
 * event (granting a book credit or the Elite entitlement when it becomes paid), then the buyer gets the receipt.
 */
export async function paymentWorkflow(eventId: string): Promise<{ paymentId: string | null; newlyPaid: boolean }> {
  const applied = await applyStripeEvent(eventId);
  if (applied.paymentId && applied.newlyPaid) await sendMail('purchase-receipt', applied.paymentId);
  return applied;
}
