import type { PrintOrderStatus } from './print.ts';

/**
 * The dashboard's progress bar: it moves at every status an order passes, from placed to delivered. An order that
 * ended early (failed, error, cancelled) shows none.
 */
const PROGRESS: Record<PrintOrderStatus, number> = {
  draft: 5,
  validating: 10,
  unpaid: 15,
  paid: 30,
  submitted: 45,
  processing: 60,
  production: 75,
  shipped: 90,
  delivered: 100,
  failed: 0,
  error: 0,
  cancelled: 0,
};
export const printOrderProgress = (status: string): number => PROGRESS[status as PrintOrderStatus] ?? 0;

/**
 * An order's payment request is mailed this long after its checkout opened, if it is still unpaid: never while the
 * author is still at the checkout or its payment's webhook is on its way.
 */
export const PRINT_PAYMENT_REMINDER_AFTER = '1 hour';

export const PrintStatusWords = {
  /** From the checkout's return (its success address) until the payment's webhook reaches the order. */
  awaitingConfirmation: 'Awaiting payment confirmation',
} as const;

/**
 * The printer's job status in the author's words. Lulu's own UNPAID and PAYMENT_IN_PROGRESS are Pressroom's payment to
 * the printer, not the author's (which is done by then): they read as the printer confirming the order.
 */
const LULU_WORDS: Record<string, string> = {
  CREATED: 'received by the printer',
  UNPAID: 'being confirmed with the printer',
  PAYMENT_IN_PROGRESS: 'being confirmed with the printer',
  PRODUCTION_DELAYED: 'waiting for production',
  PRODUCTION_READY: 'ready for production',
  IN_PRODUCTION: 'in production',
  SHIPPED: 'shipped',
  DELIVERED: 'delivered',
  REJECTED: 'rejected by the printer',
  CANCELED: 'cancelled',
};
export const luluStatusWords = (status: string): string => LULU_WORDS[status] ?? status.replaceAll('_', ' ').toLowerCase();
