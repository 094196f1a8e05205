import type {
  CalculatePrintRequest,
  CoverAnswer,
  CoverRequest,
  CalculatePrintResponse,
  CreatePrintOrderRequest,
  PrintOrderView,
  PrintProductsResponse,
} from '../../../libs/contracts/index.ts';
import { PrintMessages, type CoverTemplate } from '../../../libs/domain/index.ts';
import { apiFetch, ApiError } from './client.ts';

/** A refusal that says why (4xx) keeps the server's message; a fault or a lost connection gets `fallback`. */
async function withFallback<T>(call: Promise<T>, fallback: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) throw error;
    throw new Error(fallback, { cause: error });
  }
}

export const fetchPrintProducts = () => withFallback(apiFetch<PrintProductsResponse>('/api/print/products'), PrintMessages.productsFailedRetry);

export const calculatePrint = (request: CalculatePrintRequest, signal?: AbortSignal) =>
  withFallback(apiFetch<CalculatePrintResponse>('/api/print/calculate', { method: 'POST', body: JSON.stringify(request), ...(signal ? { signal } : {}) }), PrintMessages.calculateFailedRetry);

/** `key`: the order's Idempotency-Key (one per wizard), so a retried Place Order makes one order. */
export const createPrintOrder = (request: CreatePrintOrderRequest, key?: string) =>
  withFallback(apiFetch<PrintOrderView>('/api/print/orders', { method: 'POST', body: JSON.stringify(request), ...(key ? { actionKey: key } : {}) }), PrintMessages.createFailedRetry);

export const fetchPrintOrder = (id: string) => withFallback(apiFetch<PrintOrderView>(`/api/print/orders/${encodeURIComponent(id)}`), PrintMessages.orderFailed);

/** The dashboard's list: any failure reads as the spec's one message. */
export async function fetchUserPrintOrders(userId: string): Promise<PrintOrderView[]> {
  try {
    return await apiFetch<PrintOrderView[]>(`/api/print/orders/user/${encodeURIComponent(userId)}`);
  } catch (error) {
    throw new Error(PrintMessages.ordersFailed, { cause: error });
  }
}

/** Draws the book's print cover again for a template (its spine follows the page count). */
export const regenerateCover = (projectId: string, template: CoverTemplate) =>
  apiFetch<CoverAnswer>(`/api/projects/${encodeURIComponent(projectId)}/generate-cover`, { method: 'POST', body: JSON.stringify({ template } satisfies CoverRequest) });

export const refreshPrintOrder = (id: string) => apiFetch<PrintOrderView>(`/api/print/orders/${encodeURIComponent(id)}/refresh`, { method: 'POST' });

/** How long the wizard waits for a new order's checkout page before it shows the order without one. */
export const PAYMENT_URL_WAIT_MS = 30_000;
const PAYMENT_URL_POLL_MS = 500;

/** An order before its payment with no checkout page yet (one that has ended or been paid has nothing to wait for). */
export const awaitingCheckout = (order: Pick<PrintOrderView, 'payment_url' | 'order_status'>): boolean =>
  !order.payment_url && ['draft', 'validating', 'unpaid'].includes(order.order_status);

/**
 * The order's workflow checks the files and prices the order before it opens the checkout: look again until the
 * order has its payment address, has ended, or `waitMs` has passed; the last view either way.
 */
export async function waitForPayment(order: PrintOrderView, waitMs = PAYMENT_URL_WAIT_MS, read = fetchPrintOrder): Promise<PrintOrderView> {
  const deadline = Date.now() + waitMs;
  let current = order;
  while (awaitingCheckout(current) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, PAYMENT_URL_POLL_MS));
    try {
      current = await read(order.order_id);
    } catch (error) {
      console.warn(PrintMessages.orderFailed, error);
    }
  }
  return current;
}
