import type { CheckoutProduct, CreateCheckoutSessionRequest } from '../../../libs/contracts/index.ts';
import { CheckoutMessages, IDEMPOTENCY_HEADER, ONESHOT_PRODUCT_TYPE, PRODUCT_TYPE_KEY, type ProductId } from '../../../libs/domain/index.ts';
import { apiFetch } from './client.ts';

export const PRODUCTS_QUERY_KEY = ['checkout-products'] as const;

/** The offers with this server's price ids (never written into the page). */
export const fetchCheckoutProducts = () => apiFetch<CheckoutProduct[]>('/api/checkout/products');

/** What /success reads to choose its variant: the one-shot variant after the AI Book Generator, the Elite one otherwise. */
export function rememberProductType(product: ProductId, storage: Pick<Storage, 'setItem' | 'removeItem'>): void {
  if (product === 'ai-book-generator') storage.setItem(PRODUCT_TYPE_KEY, ONESHOT_PRODUCT_TYPE);
  else storage.removeItem(PRODUCT_TYPE_KEY);
}

/**
 * The checkout answer read as the spec's catalogue orders it: the server's error text, else the HTTP status; a
 * success without an address to go to is an error too. This portal does not load Stripe's script, so a session id
 * without a URL cannot be followed.
 */
export function checkoutOutcome(response: { ok: boolean; status: number; statusText: string }, body: unknown): { url: string } | { error: string } {
  const fields = (typeof body === 'object' && body ? body : {}) as { url?: unknown; id?: unknown; error?: unknown; message?: unknown };
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
  if (!response.ok || text(fields.error)) {
    const serverText = text(fields.error) ?? text(fields.message);
    if (serverText) return { error: serverText };
    return { error: response.statusText ? CheckoutMessages.httpError(response.status, response.statusText) : CheckoutMessages.failed };
  }
  const url = text(fields.url);
  if (url) return { url };
  return { error: text(fields.id) ? CheckoutMessages.stripeScript : CheckoutMessages.noSession };
}

/** POST /api/create-checkout-session; never throws: a failure is the message to show. */
export async function createCheckoutSession(request: CreateCheckoutSessionRequest, token: string | undefined, key?: string): Promise<{ url: string } | { error: string }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  // The click's Idempotency-Key: a retried Buy opens one session.
  if (key) headers[IDEMPOTENCY_HEADER] = key;
  try {
    const response = await fetch('/api/create-checkout-session', { method: 'POST', headers, body: JSON.stringify(request) });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return checkoutOutcome(response, body);
  } catch {
    return { error: CheckoutMessages.failed };
  }
}
