import { describe, expect, it } from 'vitest';
import { PRINT_PRODUCTS, type ShippingAddress, type ShippingLevel } from '../domain/index.ts';
import { MockPrintProvider } from './mock.ts';
import { printCoverSize } from './cover.ts';

const BW = '0600X0900.BW.STD.PB.060UW444.MXX';
const COLOR = '0600X0900.FC.STD.PB.080CW444.MXX';
const LARGE = '0850X1100.FC.STD.PB.080CW444.MXX';
const address: ShippingAddress = { name: 'Ada Author', address_line1: '1 Main St', city: 'Springfield', state: 'IL', postcode: '62701', country: 'US', phone: '+1 217 555 0100' };

function mock() {
  const waits: number[] = [];
  const provider = new MockPrintProvider({ wait: async (ms) => void waits.push(ms), now: () => new Date('2026-03-02T12:00:00Z') });
  return { provider, waits };
}

describe('the built-in print mock (§9)', () => {
  it('lists every product, §9’s three first with their tiers and popular flags, after 500 ms', async () => {
    const { provider, waits } = mock();
    const products = await provider.products();
    expect(products.slice(0, 3).map((p) => [p.spec.name, p.spec.base_price, p.pricing, p.popular])).toEqual([
      ['Standard Paperback 6x9 B&W', 4.5, { 1: 4.5, 5: 4.25, 10: 4.0, 25: 3.75, 50: 3.5 }, true],
      ['Color Paperback 6x9', 12.5, { 1: 12.5, 5: 12, 10: 11.5, 25: 11, 50: 10.5 }, true],
      ['Large Format Color 8.5x11', 18.75, { 1: 18.75, 5: 18, 10: 17.25, 25: 16.5, 50: 15.75 }, false],
    ]);
    expect(products).toEqual([...PRINT_PRODUCTS]);
    expect(waits).toEqual([500]);
  });

  it.each([
    [BW, 4.5],
    [COLOR, 12.5],
    [LARGE, 12.5],
    ['0600X0900.BW.STD.PB.060UW444.GXX', 4.5],
  ])('costs %s at %d a copy, in USD, after 800 ms', async (podPackageId, unit) => {
    const { provider, waits } = mock();
    const quote = await provider.calculateCost({ podPackageId, pageCount: 200, quantity: 10, address, shippingLevel: 'MAIL' });
    expect(quote).toEqual({ unitCost: unit, printingCost: unit * 10, shippingCost: 3.99, tax: null, total: Math.round((unit * 10 + 3.99) * 100) / 100, currency: 'USD' });
    expect(waits).toEqual([800]);
  });

  it.each([
    ['MAIL', 3.99],
    ['GROUND', 6.99],
    ['EXPEDITED', 12.99],
    ['EXPRESS', 24.99],
    ['PRIORITY_MAIL', 8.99],
    ['SOMETHING_ELSE', 6.99],
  ])('ships %s for %d', async (level, cost) => {
    const { provider } = mock();
    const quote = await provider.calculateCost({ podPackageId: BW, pageCount: 200, quantity: 1, address, shippingLevel: level as ShippingLevel });
    expect(quote.shippingCost).toBe(cost);
    expect(quote.total).toBe(Math.round((4.5 + cost) * 100) / 100);
  });

  it('offers Standard Mail and Expedited, cheapest first, delivered within 7 days', async () => {
    const { provider, waits } = mock();
    expect(await provider.shippingOptions()).toEqual([
      { level: 'MAIL', cost: 3.99, days: '7-14 business days', deliveryDate: '2026-03-09' },
      { level: 'EXPEDITED', cost: 12.99, days: '2-3 business days', deliveryDate: '2026-03-09' },
    ]);
    expect(waits).toEqual([800]);
  });

  it('makes a mock job that stays CREATED, after 1000 ms, and finds it again by its id', async () => {
    const { provider, waits } = mock();
    const job = await provider.createPrintJob({
      externalId: 'PB-1700000000000',
      contactEmail: 'ada@example.com',
      title: 'A Book',
      podPackageId: BW,
      quantity: 2,
      interiorUrl: 'http://files/interior.pdf',
      coverUrl: 'http://files/cover.pdf',
      address,
      shippingLevel: 'MAIL',
    });
    expect(job).toMatchObject({ id: 'mock-PB-1700000000000', externalId: 'PB-1700000000000', status: 'CREATED', trackingId: null, trackingUrls: [] });
    expect(await provider.getPrintJob(job.id)).toEqual(job);
    expect(waits).toEqual([1000, 1000]);
    await expect(provider.getPrintJob('12345')).rejects.toMatchObject({ name: 'PrintProviderError', retryable: false, status: 404 });
  });

  it("sizes the cover with Lulu's formula: 2 × trim + spine (pages / 444 + 0.06 in) + 2 × 0.125 in bleed", async () => {
    const { provider } = mock();
    const { width, height } = await provider.coverDimensions(BW, 210);
    expect(width).toBeCloseTo((2 * 6 + (210 / 444 + 0.06) + 0.25) * 72, 2);
    expect(height).toBe(9.25 * 72);
    expect(printCoverSize(LARGE, 100)).toMatchObject({ heightPt: 11.25 * 72, spineIn: 100 / 444 + 0.06 });
    await expect(provider.coverDimensions('NOPE', 210)).rejects.toMatchObject({ retryable: false });
  });
});
