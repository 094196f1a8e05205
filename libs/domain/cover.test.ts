import { describe, expect, it } from 'vitest';
import {
  BLEED_IN, COVER_TEMPLATES, CoverMessages, DEFAULT_COVER_TEMPLATE, barcodeArea, coverGeometry, isColorScheme, isCoverTemplate, isDesignStyle, spineWidth,
} from './index.ts';

const trim = { widthIn: 6, heightIn: 9 };

describe('cover geometry', () => {
  it.each(COVER_TEMPLATES.flatMap((template) => [24, 80, 150, 300, 600].map((pageCount) => [template, pageCount] as const)))(
    '%s, %i pages: width = 2 × trim + spine + 2 × bleed, height = trim + 2 × bleed',
    (template, pageCount) => {
      const g = coverGeometry({ template, pageCount, trim });
      expect(g.bleedIn).toBe(BLEED_IN);
      expect(g.widthIn).toBeCloseTo(2 * trim.widthIn + g.spineIn + 2 * BLEED_IN, 10);
      expect(g.heightIn).toBeCloseTo(trim.heightIn + 2 * BLEED_IN, 10);
      expect(g.spineIn).toBeGreaterThan(0);
    },
  );

  it('uses KDP paper thickness and Lulu’s perfect-bound formula', () => {
    expect(spineWidth('amazon_kdp', 300)).toBeCloseTo(0.6756, 6);
    expect(spineWidth('amazon_kdp', 300, 'cream')).toBeCloseTo(0.75, 6);
    expect(coverGeometry({ template: 'amazon_kdp', pageCount: 200, trim }).widthIn).toBeCloseTo(12.7004, 6);
    expect(spineWidth('lulu', 444)).toBeCloseTo(1.06, 6);
    expect(spineWidth('lulu', 222)).toBeCloseTo(0.56, 6);
  });

  it.each(COVER_TEMPLATES)('%s: sizes the spine for the printed pages (an odd count gains its blank last page)', (template) => {
    expect(spineWidth(template, 301)).toBe(spineWidth(template, 302));
    expect(spineWidth(template, 302)).toBeGreaterThan(spineWidth(template, 300));
  });

  it('widens the KDP cover for cream paper by its thicker leaves (11 % on the spine)', () => {
    const [white, cream] = (['white', 'cream'] as const).map((paper) => coverGeometry({ template: 'amazon_kdp', pageCount: 400, trim, paper }));
    expect(cream!.spineIn / white!.spineIn).toBeCloseTo(0.0025 / 0.002252, 6);
    expect(cream!.widthIn - white!.widthIn).toBeCloseTo(400 * (0.0025 - 0.002252), 6);
  });

  it.each(COVER_TEMPLATES)('%s: the spine grows with the page count', (template) => {
    const spines = [24, 80, 150, 300, 600].map((pageCount) => coverGeometry({ template, pageCount, trim }).spineIn);
    for (let i = 1; i < spines.length; i++) expect(spines[i]).toBeGreaterThan(spines[i - 1]!);
    expect(coverGeometry({ template, pageCount: 300, trim, paper: 'cream' }).spineIn).toBeGreaterThanOrEqual(spines[3]!);
  });

  it.each(COVER_TEMPLATES)('%s: spine text only above 79 pages', (template) => {
    expect(coverGeometry({ template, pageCount: 24, trim }).spineTitleAllowed).toBe(false);
    expect(coverGeometry({ template, pageCount: 78, trim }).spineTitleAllowed).toBe(false);
    expect(coverGeometry({ template, pageCount: 79, trim }).spineTitleAllowed).toBe(false);
    expect(coverGeometry({ template, pageCount: 80, trim }).spineTitleAllowed).toBe(true);
    expect(coverGeometry({ template, pageCount: 600, trim }).spineTitleAllowed).toBe(true);
  });

  it('rejects page counts that are not positive whole numbers', () => {
    for (const pageCount of [0, -4, 12.5, Number.NaN]) {
      expect(() => coverGeometry({ template: 'lulu', pageCount, trim })).toThrow(CoverMessages.invalidPageCount);
    }
  });

  it('puts the barcode box in the lower corner of the back cover, next to the spine', () => {
    const g = coverGeometry({ template: 'amazon_kdp', pageCount: 150, trim });
    const box = barcodeArea(g);
    expect(box).toMatchObject({ widthIn: 2, heightIn: 1.2 });
    expect(box.yIn).toBeCloseTo(BLEED_IN + 0.25, 10);
    expect(box.xIn + box.widthIn).toBeCloseTo(BLEED_IN + trim.widthIn - 0.25, 10);
    expect(box.xIn).toBeGreaterThan(BLEED_IN);
  });

  it('knows its choices', () => {
    expect(DEFAULT_COVER_TEMPLATE).toBe('amazon_kdp');
    expect(isCoverTemplate('lulu')).toBe(true);
    expect(isCoverTemplate('ingram')).toBe(false);
    expect(isDesignStyle('bold')).toBe(true);
    expect(isColorScheme('sepia')).toBe(false);
  });
});
