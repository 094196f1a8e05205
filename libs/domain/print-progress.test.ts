import { describe, expect, it } from 'vitest';
import { eliteActionsFor, eliteIncludedLabel, elitePromiseLabel, luluStatusWords, printOrderProgress } from './index.ts';

describe('statuses and numbers that are true (issue 31)', () => {
  it('moves the progress bar at every status an order passes, and shows none for one that ended early', () => {
    const path = ['draft', 'validating', 'unpaid', 'paid', 'submitted', 'processing', 'production', 'shipped', 'delivered'].map(printOrderProgress);
    expect(path.every((value, i) => i === 0 || value > (path[i - 1] as number))).toBe(true);
    expect(path.at(-1)).toBe(100);
    expect(['failed', 'error', 'cancelled', 'nonsense'].map(printOrderProgress)).toEqual([0, 0, 0, 0]);
  });

  it("never shows the printer's UNPAID to an author who has paid", () => {
    expect(luluStatusWords('UNPAID')).toBe('being confirmed with the printer');
    expect(luluStatusWords('PAYMENT_IN_PROGRESS')).not.toMatch(/unpaid|payment/i);
    expect(luluStatusWords('SOMETHING_NEW')).toBe('something new');
  });

  it('promises the copies of the accepted quote', () => {
    expect(elitePromiseLabel('books', 10)).toBe('10 bound books within 2 weeks');
    expect(elitePromiseLabel('books', 1)).toBe('1 bound book within 2 weeks');
    expect(elitePromiseLabel('books', null)).toBe('2 bound books within 2 weeks');
  });

  it("prices an Elite request's copies as included in what the author paid", () => {
    expect(eliteIncludedLabel({ amount_cents: 75_000, currency: 'usd' })).toBe('$750.00 · included in your Elite quote');
    expect(eliteIncludedLabel({ amount_cents: null, currency: null })).toBe('Included in your Elite quote');
    // The back office speaks of the author's quote, not the reader's.
    expect(eliteIncludedLabel({ amount_cents: 75_000, currency: 'usd' }, 'team')).toBe("$750.00 · included in the author's Elite quote");
  });

  it('offers "I received my books" to the author of a shipped request, and completing it to the team', () => {
    const shipped = { status: 'shipped' as const, step: null, stepStarted: false, proof: null, bookReady: true };
    expect(eliteActionsFor(shipped, 'author')).toEqual(['confirm_receipt']);
    expect(eliteActionsFor(shipped, 'team')).toEqual(['assign', 'complete']);
  });
});
