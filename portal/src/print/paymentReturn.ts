import type { PrintOrderView } from '../../../libs/contracts/index.ts';
import { PrintStatusWords } from '../../../libs/domain/index.ts';
import { statusLabel } from '../components/printFlow.ts';

// An author back from paying an order (the checkout's success address) has paid, though the payment's webhook may not
// have reached the order yet: until it does the order reads "Awaiting payment confirmation", never "unpaid", and
// offers no second payment. Remembered for the browser tab, so a reload or the Print Orders tab says the same.

const key = (orderId: string) => `pressroom.print-paid.${orderId}`;

export function rememberCheckoutReturn(orderId: string): void {
  try {
    sessionStorage.setItem(key(orderId), '1');
  } catch {
    // Storage may be off: the confirmation dialog still says it while it is open.
  }
}

export function returnedFromCheckout(orderId: string): boolean {
  try {
    return sessionStorage.getItem(key(orderId)) === '1';
  } catch {
    return false;
  }
}

/** Whether the order waits only for its payment's confirmation. */
export const awaitingConfirmation = (order: Pick<PrintOrderView, 'order_id' | 'order_status'>, returned = returnedFromCheckout(order.order_id)): boolean =>
  order.order_status === 'unpaid' && returned;

/** The order's status as the author reads it. */
export const orderStatusText = (order: Pick<PrintOrderView, 'order_id' | 'order_status'>, returned?: boolean): string =>
  awaitingConfirmation(order, returned) ? PrintStatusWords.awaitingConfirmation : statusLabel(order.order_status);
