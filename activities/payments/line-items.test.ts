import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeMismatch, PaymentMismatchMessages } from '../../libs/domain/index.ts';
import { checkoutDepsFrom } from '../../libs/payments/index.ts';
import { sessionLineItems } from './line-items.ts';

// Stripe's API on loopback: the SDK's real calls, answered as Stripe answers GET /v1/checkout/sessions/{id}/line_items.
const asked: string[] = [];
let server: Server;
let apiUrl = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const found = /^\/v1\/checkout\/sessions\/(cs_[a-z_]+)\/line_items/.exec(req.url ?? '');
    const price = found?.[1] === 'cs_test_ours' ? 'price_book' : 'price_someone_elses';
    res.setHeader('Content-Type', 'application/json');
    if (found?.[1] === 'cs_test_unknown') {
      res.statusCode = 404;
      return res.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } }));
    }
    res.end(JSON.stringify({ object: 'list', has_more: false, url: req.url, data: [{ id: 'li_1', object: 'item', quantity: 1, amount_total: 9900, currency: 'usd', price: { id: price, object: 'price' } }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const withStripe = () => checkoutDepsFrom({ STRIPE_SECRET_KEY: 'sk_test_loopback', STRIPE_API_URL: apiUrl, PORTAL_URL: 'http://localhost:5173' });
const offer = { amount: 9900, currency: 'usd', priceId: 'price_book' };

describe("a session's line items from Stripe", () => {
  it('are read from Stripe and held to the price Pressroom set', async () => {
    const ours = await sessionLineItems(withStripe(), 'cs_test_ours');
    expect(ours).toEqual({ data: [{ quantity: 1, amount_total: 9900, price: { id: 'price_book' } }] });
    expect(chargeMismatch(offer, { amount_total: 9900, currency: 'usd', line_items: ours })).toBeNull();

    const theirs = await sessionLineItems(withStripe(), 'cs_test_theirs');
    expect(chargeMismatch(offer, { amount_total: 9900, currency: 'usd', line_items: theirs })).toBe(PaymentMismatchMessages.lineItems);
  });

  it('are none for a session Stripe does not know, which then matches nothing', async () => {
    const unknown = await sessionLineItems(withStripe(), 'cs_test_unknown');
    expect(unknown).toEqual({ data: [] });
    expect(chargeMismatch(offer, { amount_total: 9900, currency: 'usd', line_items: unknown })).toBe(PaymentMismatchMessages.lineItems);
  });

  it('are not asked for in local test mode', async () => {
    const before = asked.length;
    expect(await sessionLineItems(checkoutDepsFrom({ STRIPE_SECRET_KEY: undefined, STRIPE_API_URL: apiUrl, PORTAL_URL: 'http://localhost:5173' }), 'cs_test_ours')).toBeUndefined();
    expect(asked.length).toBe(before);
  });
});
