import { describe, expect, it } from 'vitest';
import { OfferMessages } from '../domain/index.ts';
import { checkoutProducts, offerForPrice, paymentsMode, signStripePayload, successUrlWithSessionId, verifyStripeEvent } from './index.ts';

const prices = { STRIPE_PRICE_AI_BOOK_GENERATOR: 'price_book', STRIPE_PRICE_ELITE_SERVICE: 'price_elite' };

describe('payments mode', () => {
  it('is stripe with a key, test with only an API address, off with neither', () => {
    expect(paymentsMode({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_API_URL: 'http://127.0.0.1:12111' })).toBe('stripe');
    expect(paymentsMode({ STRIPE_SECRET_KEY: undefined, STRIPE_API_URL: 'http://127.0.0.1:12111' })).toBe('test');
    expect(paymentsMode({ STRIPE_SECRET_KEY: undefined, STRIPE_API_URL: undefined })).toBe('off');
  });
});

describe('offers and prices', () => {
  it("lists the offers in the spec's order with the configured prices, and finds an offer by its price", () => {
    expect(checkoutProducts(prices, { realAi: true }).map((p) => [p.id, p.priceId, p.available])).toEqual([['ai-book-generator', 'price_book', true], ['elite-service', 'price_elite', true]]);
    expect(offerForPrice(prices, 'price_elite')?.id).toBe('elite-service');
    expect(offerForPrice(prices, 'price_other')).toBeUndefined();
  });
});

describe('offers a purchase nobody could use', () => {
  it('never: without a real AI provider the generator is listed as unavailable, saying why; the Elite Service still sells', () => {
    const [generator, elite] = checkoutProducts(prices, { realAi: false });
    expect(generator).toMatchObject({ id: 'ai-book-generator', available: false, unavailableReason: OfferMessages.realAiOff });
    expect(elite).toMatchObject({ id: 'elite-service', available: true, unavailableReason: null });
  });
});

describe('successUrlWithSessionId', () => {
  it.each([
    ['http://p.example/success', 'http://p.example/success?session_id={CHECKOUT_SESSION_ID}'],
    ['http://p.example/success?a=1', 'http://p.example/success?a=1&session_id={CHECKOUT_SESSION_ID}'],
    ['http://p.example/success#top', 'http://p.example/success?session_id={CHECKOUT_SESSION_ID}#top'],
    ['http://p.example/s?session_id={CHECKOUT_SESSION_ID}', 'http://p.example/s?session_id={CHECKOUT_SESSION_ID}'],
  ])('%s becomes %s', (given, expected) => {
    expect(successUrlWithSessionId(given)).toBe(expected);
  });
});

describe('webhook signatures', () => {
  const payload = JSON.stringify({ id: 'evt_test_1', object: 'event', type: 'checkout.session.completed', data: { object: {} } });

  it('verifies what it signed, and refuses another secret or an old timestamp', () => {
    expect(verifyStripeEvent(payload, signStripePayload(payload, 'whsec_one'), 'whsec_one').id).toBe('evt_test_1');
    expect(() => verifyStripeEvent(payload, signStripePayload(payload, 'whsec_two'), 'whsec_one')).toThrow();
    expect(() => verifyStripeEvent(payload, signStripePayload(payload, 'whsec_one', Math.floor(Date.now() / 1000) - 600), 'whsec_one')).toThrow();
  });
});

describe('webhook signatures dated ahead', () => {
  const payload = JSON.stringify({ id: 'evt_test_2', object: 'event', type: 'checkout.session.completed', data: { object: {} } });
  const now = Math.floor(Date.now() / 1000);

  it('takes a clock a little ahead, and refuses a signature dated 10 minutes or a month ahead', () => {
    expect(verifyStripeEvent(payload, signStripePayload(payload, 'whsec_one', now + 60), 'whsec_one').id).toBe('evt_test_2');
    for (const ahead of [600, 30 * 86_400]) {
      expect(() => verifyStripeEvent(payload, signStripePayload(payload, 'whsec_one', now + ahead), 'whsec_one')).toThrow(/future/);
    }
  });
});
