import { describe, expect, it } from 'vitest';
import { salesCsvName, salesCsvUrl, salesQuery } from './sales.ts';

describe('the sales requests', () => {
  it('asks the API for one book and one edition, leaving out filters not set', () => {
    expect(salesQuery({})).toBe('');
    expect(salesQuery({ book: '', edition: '' })).toBe('');
    expect(salesQuery({ book: 'b 1&x', edition: 'print' })).toBe('?book=b+1%26x&edition=print');
    expect(salesQuery({ edition: 'ebook' })).toBe('?edition=ebook');
  });

  it('fetches the CSV with the same filters, and names it by the day it was saved (UTC)', () => {
    expect(salesCsvUrl({ edition: 'ebook' })).toBe('/api/sales.csv?edition=ebook');
    expect(salesCsvUrl()).toBe('/api/sales.csv');
    expect(salesCsvName(new Date('2026-11-29T23:30:00-05:00'))).toBe('pressroom-sales-2026-11-30.csv');
  });
});
