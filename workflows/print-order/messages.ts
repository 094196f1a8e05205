import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { Duration } from '@temporalio/common';
import type { PrintOrderStatus, ShippingAddress } from '../../libs/domain/index.ts';

export interface PrintOrderInput {
  orderId: string;
  /** Set when the copies are already paid for (an Elite request's quote, named here): no checkout, straight to print. */
  prepaidBy?: string;
  /** How long the order waits for its payment before it is cancelled (default PRINT_PAYMENT_WINDOW). */
  paymentWindow?: Duration;
  /** How long after the checkout opened an unpaid order's payment request is mailed (default PRINT_PAYMENT_REMINDER_AFTER). */
  paymentReminderAfter?: Duration;
  /** First and longest wait between two polls of the provider; signals wake the workflow at once in between. */
  pollEvery?: Duration;
  pollAtMost?: Duration;
  /** How long the cover drawing and the preflight may go without a heartbeat before another worker retries them (default 30 s). */
  heartbeatTimeout?: Duration;
  /** Polls of the provider one run makes before it continues as new (default 500; Temporal may ask for it sooner). */
  pollsPerRun?: number;
  /** Set when a run continues as new: the provider's job the order follows and what was last recorded of it. */
  following?: FollowedJob;
}

/** A print job being followed, as last recorded on the order. */
export interface FollowedJob {
  jobId: string;
  orderStatus: PrintOrderStatus;
  luluStatus: string | null;
  /** The tracking last recorded (id, carrier and links, as one comparable string), null before there is any. */
  tracking: string | null;
}

/** The order's Checkout Session was paid (sent by the payment workflow of the webhook's event). */
export const paidSignal = defineSignal<[{ sessionId: string }]>('paid');
/** The provider reported a change (its webhook, verified by the API): fetch the job now. */
export const providerChangedSignal = defineSignal<[{ jobId: string }]>('providerChanged');
/** The author or the team asked for fresh status (POST /api/print/orders/{id}/refresh, the back office's action). */
export const refreshSignal = defineSignal('refresh');

/** A corrected shipping address and who gave it (an author, or the team from the back office). */
export interface PrintAddressChange {
  address: ShippingAddress;
  by: { id: string; role: 'author' | 'team' };
}
/**
 * Corrects the order's shipping address until its job is submitted to the printer; refused after that (or with the
 * address rule's words when the address is not deliverable). The run's activity writes the order.
 */
export const changeAddressUpdate = defineUpdate<void, [PrintAddressChange]>('changeAddress');

export const printOrderStatusQuery = defineQuery<PrintOrderStatus>('printOrderStatus');
