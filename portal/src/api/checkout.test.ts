import { describe, expect, it } from 'vitest';
import { CheckoutMessages, ONESHOT_PRODUCT_TYPE, PRODUCT_TYPE_KEY } from '../../../libs/domain/index.ts';
import { checkoutOutcome, rememberProductType } from './checkout.ts';

const ok = { ok: true, status: 200, statusText: 'OK' };
const refused = { ok: false, status: 400, statusText: 'Bad Request' };

describe('reading the checkout answer in the catalogue order', () => {
  it('follows the Checkout URL', () => {
    expect(checkoutOutcome(ok, { url: 'https://checkout.example/c/1', id: 'cs_1' })).toEqual({ url: 'https://checkout.example/c/1' });
  });

  it("shows the server's error text first", () => {
    expect(checkoutOutcome(refused, { error: 'Unknown price: choose one of the listed products' })).toEqual({ error: 'Unknown price: choose one of the listed products' });
    expect(checkoutOutcome(refused, { message: 'Payments are not configured on this server', statusCode: 400 })).toEqual({ error: 'Payments are not configured on this server' });
    expect(checkoutOutcome(ok, { error: 'declined' })).toEqual({ error: 'declined' });
  });

  it('falls back to the HTTP status, then to the default', () => {
    expect(checkoutOutcome({ ok: false, status: 502, statusText: 'Bad Gateway' }, '<html>')).toEqual({ error: 'HTTP 502: Bad Gateway' });
    expect(checkoutOutcome({ ok: false, status: 502, statusText: '' }, undefined)).toEqual({ error: CheckoutMessages.failed });
  });

  it('refuses an answer with nowhere to go', () => {
    expect(checkoutOutcome(ok, {})).toEqual({ error: CheckoutMessages.noSession });
    expect(checkoutOutcome(ok, { url: '', id: '' })).toEqual({ error: CheckoutMessages.noSession });
    // A session id alone needs Stripe's own script, which this portal does not load.
    expect(checkoutOutcome(ok, { id: 'cs_1' })).toEqual({ error: CheckoutMessages.stripeScript });
  });
});

describe('the product type /success reads', () => {
  const storage = () => {
    const items = new Map<string, string>();
    return { items, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
  };

  it('is oneshot for the AI Book Generator and cleared for the Elite Service', () => {
    const store = storage();
    rememberProductType('ai-book-generator', store);
    expect(store.items.get(PRODUCT_TYPE_KEY)).toBe(ONESHOT_PRODUCT_TYPE);
    rememberProductType('elite-service', store);
    expect(store.items.has(PRODUCT_TYPE_KEY)).toBe(false);
  });
});
