import { describe, expect, it } from 'vitest';
import { chargeMismatch, formatAmount, PaymentMismatchMessages, roundToCent, toCents } from './payments.ts';

describe('money', () => {
  it('reads amounts in cents as money (a quote, a payment), in either case of currency', () => {
    expect(formatAmount(125_000, 'USD')).toBe('$1,250.00');
    expect(formatAmount(49_900, 'usd')).toBe('$499.00');
  });

  it('turns dollars into the whole cents Stripe charges, and rounds quoted dollars to the cent', () => {
    expect(toCents(12.5)).toBe(1250);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents('43.99' as unknown as number)).toBe(4399);
    expect(roundToCent(12.3456)).toBe(12.35);
    expect(roundToCent(3 * 4.1)).toBe(12.3);
  });
});

describe('chargeMismatch', () => {
  const offer = { amount: 9900, currency: 'usd', priceId: 'price_book' };

  it('accepts the amount and currency Pressroom created, in either case, with or without its line item', () => {
    expect(chargeMismatch(offer, { amount_total: 9900, currency: 'USD' })).toBeNull();
    expect(chargeMismatch(offer, { amount_total: 9900, currency: 'usd', line_items: { data: [{ quantity: 1, amount_total: 9900, price: { id: 'price_book' } }] } })).toBeNull();
    expect(chargeMismatch({ amount: 4399, currency: 'USD' }, { amount_total: 4399, currency: 'usd', line_items: { data: [{ quantity: 1, amount_total: 4399, price: { id: 'price_adhoc' } }] } })).toBeNull();
  });

  it('names a different amount or currency, and a missing one', () => {
    expect(chargeMismatch(offer, { amount_total: 1, currency: 'usd' })).toBe(PaymentMismatchMessages.amount('$0.01 (usd)', '$99.00 (usd)'));
    expect(chargeMismatch(offer, { amount_total: 9900, currency: 'eur' })).toBe(PaymentMismatchMessages.amount('€99.00 (eur)', '$99.00 (usd)'));
    expect(chargeMismatch(offer, { amount_total: 9900, currency: 'zz' })).toBe(PaymentMismatchMessages.amount('9900 cents (zz)', '$99.00 (usd)'));
    expect(chargeMismatch(offer, { currency: 'usd' })).toBe(PaymentMismatchMessages.noAmount);
    expect(chargeMismatch(offer, { amount_total: '9900', currency: 'usd' })).toBe(PaymentMismatchMessages.noAmount);
  });

  it('refuses line items other than the one Pressroom set', () => {
    const stated = (data: unknown) => chargeMismatch(offer, { amount_total: 9900, currency: 'usd', line_items: { data } });
    expect(stated([{ quantity: 1, amount_total: 9900, price: { id: 'price_other' } }])).toBe(PaymentMismatchMessages.lineItems);
    expect(stated([{ quantity: 99, amount_total: 9900, price: { id: 'price_book' } }])).toBe(PaymentMismatchMessages.lineItems);
    expect(stated([{ quantity: 1, amount_total: 9900, price: { id: 'price_book' } }, { quantity: 1, amount_total: 0, price: { id: 'price_book' } }])).toBe(PaymentMismatchMessages.lineItems);
    expect(stated([])).toBe(PaymentMismatchMessages.lineItems);
    expect(stated('not a list')).toBe(PaymentMismatchMessages.lineItems);
  });
});
