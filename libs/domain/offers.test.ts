import { describe, expect, it } from 'vitest';
import { ELITE_BUDGETS, ELITE_QUOTE_AMOUNT, ELITE_SELECTS, eliteBudgetFloor } from './elite.ts';
import { ELITE_FEE, ELITE_FEE_INCLUDES, ELITE_PRICE_NOTE, OfferMessages, offerPrice, offerUnavailable, PRODUCT_OFFERS, PRODUCTS, SERVICE_TIERS } from './offers.ts';
import { CreditMessages, SubscriptionMessages } from './payments.ts';

describe('an offer nobody could use is not sold', () => {
  it('the AI Book Generator needs a real AI provider; without one it says why', () => {
    expect(offerUnavailable('ai-book-generator', { realAi: false })).toBe(OfferMessages.realAiOff);
    expect(OfferMessages.realAiOff).toBe("Real AI is not switched on yet — the generator can't be bought");
    expect(offerUnavailable('ai-book-generator', { realAi: true })).toBeNull();
  });

  it('the Elite Service is worked by people and sells either way', () => {
    expect(offerUnavailable('elite-service', { realAi: false })).toBeNull();
    expect(offerUnavailable('elite-service', { realAi: true })).toBeNull();
  });

  it('every offer that grants a book credit requires a real AI', () => {
    for (const offer of PRODUCT_OFFERS.filter((o) => o.grants === 'book_credit')) expect(offer.requires).toBe('real_ai');
  });
});

describe('the Elite fee has one home', () => {
  it('is the Elite Service offer, and the least a quote may ask', () => {
    expect(ELITE_FEE).toBe(PRODUCTS.eliteService.price);
    expect(ELITE_QUOTE_AMOUNT.min).toBe(ELITE_FEE);
  });

  it('every budget choice starts at or above it, in its value and in its words', () => {
    for (const budget of ELITE_BUDGETS) {
      const floor = eliteBudgetFloor(budget);
      if (floor === null) continue;
      expect(floor).toBeGreaterThanOrEqual(ELITE_FEE);
      const label = ELITE_SELECTS.budget_range.options.find((o) => o.value === budget)?.label ?? '';
      expect(Number(/^\$([\d,]+)/.exec(label)?.[1]?.replaceAll(',', ''))).toBe(floor);
    }
    expect(eliteBudgetFloor('discuss')).toBeNull();
    expect(eliteBudgetFloor('5000+')).toBe(5000);
  });

  it('pages name it as the offer price the quote builds on', () => {
    expect(ELITE_PRICE_NOTE).toBe(`from ${offerPrice('elite-service')}, quoted for your book`);
    expect(ELITE_FEE_INCLUDES).toContain(offerPrice('elite-service'));
    const quoted = SERVICE_TIERS.filter((tier) => tier.quoted);
    expect(quoted.length).toBeGreaterThan(0);
    for (const tier of quoted) expect(tier.price).toContain(`from ${offerPrice(tier.offer)}`);
  });
});

describe('the dashboard says what each purchase gives', () => {
  it('book credits with what they are for', () => {
    expect(CreditMessages.held(0)).toBe('Book credits: 0');
    expect(CreditMessages.held(1)).toBe('1 book credit — your next book written with Real AI uses it');
    expect(CreditMessages.held(3)).toBe('3 book credits — each of your next 3 books written with Real AI uses one');
  });

  it('purchases and Elite requests, counted', () => {
    expect(SubscriptionMessages.purchases(1)).toBe('1 purchase on this account');
    expect(SubscriptionMessages.purchases(2)).toBe('2 purchases on this account');
    expect(SubscriptionMessages.eliteRequests(1)).toBe('1 open request');
    expect(SubscriptionMessages.eliteRequests(2)).toBe('2 open requests');
  });
});
