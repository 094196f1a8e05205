import { describe, expect, it } from 'vitest';
import {
  coverGeometry, coverImageDpi, defaultProductFor, isAnnouncedPrintStatus, OwnCoverMessages, PAPER_TYPES, PRINT_ORDER_STATUSES, PRINT_PRODUCTS, PrintMessages,
  printProduct, productMismatch, productsForBook, TRIM_SIZES, trimInches, trimLabel,
} from './index.ts';

describe('trims and papers', () => {
  it('names each trim in inches, and reads its size from its name', () => {
    expect(TRIM_SIZES.map((trim) => [trimLabel(trim), trimInches(trim)])).toEqual([
      ['5 × 8 in', { widthIn: 5, heightIn: 8 }],
      ['5.25 × 8 in', { widthIn: 5.25, heightIn: 8 }],
      ['5.5 × 8.5 in', { widthIn: 5.5, heightIn: 8.5 }],
      ['6 × 9 in', { widthIn: 6, heightIn: 9 }],
      ['7 × 10 in', { widthIn: 7, heightIn: 10 }],
      ['8.5 × 11 in', { widthIn: 8.5, heightIn: 11 }],
    ]);
  });

  it('makes a cream book’s KDP spine 11 % wider than a white one’s, for a page count padded to even', () => {
    const spine = (paper: 'white' | 'cream', pageCount: number) => coverGeometry({ template: 'amazon_kdp', pageCount, trim: trimInches('5.5x8.5'), paper }).spineIn;
    expect(spine('cream', 300) / spine('white', 300)).toBeCloseTo(1.11, 2);
    expect(spine('cream', 301)).toBe(spine('cream', 302));
  });
});

describe('print products by trim and paper', () => {
  it('offers every trim in black and white on white and cream paper and in colour, with Lulu SKUs that name them', () => {
    for (const trim of TRIM_SIZES) {
      const { widthIn, heightIn } = trimInches(trim);
      const hundredths = (n: number) => String(Math.round(n * 100)).padStart(4, '0');
      for (const paper of PAPER_TYPES) {
        const products = productsForBook(PRINT_PRODUCTS, { trimSize: trim, paper });
        expect(products.map((p) => [p.spec.color, p.spec.paper_type])).toEqual([['bw', paper], ['color', 'white']]);
        for (const p of products) {
          expect(p.spec.pod_package_id.startsWith(`${hundredths(widthIn)}X${hundredths(heightIn)}.`)).toBe(true);
          expect(p.spec.trim).toEqual({ width: widthIn, height: heightIn });
        }
      }
    }
    expect(new Set(PRINT_PRODUCTS.map((p) => p.spec.pod_package_id)).size).toBe(PRINT_PRODUCTS.length);
    expect(printProduct('0550X0850.BW.STD.PB.060UC444.MXX')?.spec).toMatchObject({ trim_size: '5.5x8.5', color: 'bw', paper_type: 'cream' });
  });

  it('keeps §9’s three products first, with their prices, the 6x9 black and white paperback the default', () => {
    expect(PRINT_PRODUCTS.slice(0, 3).map((p) => [p.spec.pod_package_id, p.spec.name, p.pricing])).toEqual([
      ['0600X0900.BW.STD.PB.060UW444.MXX', 'Standard Paperback 6x9 B&W', { 1: 4.5, 5: 4.25, 10: 4, 25: 3.75, 50: 3.5 }],
      ['0600X0900.FC.STD.PB.080CW444.MXX', 'Color Paperback 6x9', { 1: 12.5, 5: 12, 10: 11.5, 25: 11, 50: 10.5 }],
      ['0850X1100.FC.STD.PB.080CW444.MXX', 'Large Format Color 8.5x11', { 1: 18.75, 5: 18, 10: 17.25, 25: 16.5, 50: 15.75 }],
    ]);
    expect(defaultProductFor({}).spec.pod_package_id).toBe('0600X0900.BW.STD.PB.060UW444.MXX');
    expect(defaultProductFor({ trimSize: '5x8', paper: 'cream' }).spec.pod_package_id).toBe('0500X0800.BW.STD.PB.060UC444.MXX');
    expect(defaultProductFor({ trimSize: '6x9', paper: 'cream' }).spec.pod_package_id).toBe('0600X0900.BW.STD.PB.060UC444.MXX');
  });

  it('says why a product does not fit a book: another trim, or black and white on another paper', () => {
    const sixByNine = printProduct('0600X0900.BW.STD.PB.060UW444.MXX')!;
    expect(productMismatch(sixByNine, { trimSize: '6x9', paper: 'white' })).toBeNull();
    expect(productMismatch(sixByNine, { trimSize: '5x8', paper: 'white' })).toBe(PrintMessages.wrongTrim('Standard Paperback 6x9 B&W', '5x8'));
    expect(productMismatch(sixByNine, { trimSize: '6x9', paper: 'cream' })).toBe(PrintMessages.wrongPaper('Standard Paperback 6x9 B&W', 'Cream'));
    expect(productMismatch(printProduct('0600X0900.FC.STD.PB.080CW444.MXX')!, { trimSize: '6x9', paper: 'cream' })).toBeNull();
  });
});

describe('an uploaded front cover', () => {
  it('prints at the resolution its narrower fit gives across the front panel with bleed, and says what would print sharp', () => {
    // 6 × 9 in plus bleed on three edges: 6.125 × 9.25 in; 1838 × 2775 pixels is 300 dpi.
    expect(coverImageDpi({ width: 1838, height: 2775 }, trimInches('6x9'))).toBe(300);
    expect(coverImageDpi({ width: 3000, height: 1850 }, trimInches('6x9'))).toBe(200);
    expect(OwnCoverMessages.soft(200, '6 × 9 in', { widthIn: 6.125, heightIn: 9.25 })).toContain('at least 1838 × 2775 pixels');
  });
});

describe('print order statuses the author hears of', () => {
  it('are every status but the two an order passes while it is set up', () => {
    expect(PRINT_ORDER_STATUSES.filter((status) => !isAnnouncedPrintStatus(status))).toEqual(['draft', 'validating']);
  });
});
