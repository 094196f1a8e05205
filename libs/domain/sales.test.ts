import { describe, expect, it } from 'vitest';
import { defaultProductFor, earningsCents, maskEmail, minimumPrintPriceCents, printPriceFloor, printPriceProblem, stripeFeeCents, unitPrice } from './index.ts';

describe('the card fee and earnings', () => {
  it('charge 2.9 % plus 30¢, rounded to the cent', () => {
    expect(stripeFeeCents(1000)).toBe(59);
    expect(stripeFeeCents(1250)).toBe(66);
    expect(stripeFeeCents(0)).toBe(30);
  });

  it('leave the author the price less the fee and the print cost', () => {
    expect(earningsCents({ priceCents: 5000, stripeFeeCents: 175, printCostCents: 1800 })).toBe(3025);
  });
});

describe('the print price floor', () => {
  it('is the lowest price whose earnings after the card fee cover one copy', () => {
    for (const cost of [1, 450, 781, 1250, 99_999]) {
      const minimum = minimumPrintPriceCents(cost);
      expect(minimum - stripeFeeCents(minimum)).toBeGreaterThanOrEqual(cost);
      expect(minimum - 1 - stripeFeeCents(minimum - 1)).toBeLessThan(cost);
    }
  });

  it('refuses a price below it with the numbers, for the book’s product at one copy', () => {
    const product = defaultProductFor({ trimSize: '6x9', paper: 'white' });
    const { printCents, minimumCents } = printPriceFloor(product);
    expect(printCents).toBe(Math.round(unitPrice(product, 1) * 100));
    expect(printPriceProblem(minimumCents / 100, product)).toBeNull();
    const message = printPriceProblem((minimumCents - 1) / 100, product);
    expect(message).toBe(
      `The print price must be at least $${(minimumCents / 100).toFixed(2)}: printing costs $${(printCents / 100).toFixed(2)} a copy and card fees $${(stripeFeeCents(minimumCents) / 100).toFixed(2)}`,
    );
  });
});

it('masks a buyer’s address to its first letter and domain', () => {
  expect(maskEmail('ada@example.com')).toBe('a•••@example.com');
  expect(maskEmail('broken')).toBe('•••');
});
