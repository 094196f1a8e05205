import { describe, expect, it } from 'vitest';
import { DEFAULT_POD_PACKAGE_ID, printProduct, type PrintProduct } from '../domain/index.ts';
import { printCoverSize } from './cover.ts';
import { parsePdfFonts, PreflightMessages, preflightProblems, type PdfFacts, type PdfFont } from './preflight.ts';

// pdffonts as poppler prints it: names longer than their column push the rest of the row to the right.
const OUTPUT = `name                                 type              encoding         emb sub uni object ID
------------------------------------ ----------------- ---------------- --- --- --- ---------
RGFRNO+LibertinusSerif-Regular-Identity-H CID Type 0C       Identity-H       yes yes yes      5  0
QAMTPT+LibertinusSerif-Bold-Identity-H CID TrueType      Identity-H       yes yes no       9  0
Helvetica                            Type 1            WinAnsi          no  no  no      12  0
[none]                               Type 3            Custom           yes no  no      14  0
`;

describe('reading pdffonts', () => {
  it('reads each row from its end, so long font names do not shift the embedded flag', () => {
    expect(parsePdfFonts(OUTPUT)).toEqual([
      { name: 'RGFRNO+LibertinusSerif-Regular-Identity-H', type: 'CID Type 0C', embedded: true },
      { name: 'QAMTPT+LibertinusSerif-Bold-Identity-H', type: 'CID TrueType', embedded: true },
      { name: 'Helvetica', type: 'Type 1', embedded: false },
      { name: '[none]', type: 'Type 3', embedded: true },
    ]);
  });

  it('finds no fonts in a PDF without any', () => {
    expect(parsePdfFonts('name type encoding emb sub uni object ID\n---- ---- ----\n')).toEqual([]);
  });
});

describe('the cover rules', () => {
  const product = printProduct(DEFAULT_POD_PACKAGE_ID) as PrintProduct;
  const interior: PdfFacts = { pages: 40, pageSizes: Array.from({ length: 40 }, () => ({ width: 6 * 72, height: 9 * 72 })), fonts: [] };
  const cover = (width: number, height: number, pages = 1, fonts: PdfFont[] = []): PdfFacts => ({ pages, pageSizes: Array.from({ length: pages }, () => ({ width, height })), fonts });
  const lulu40 = printCoverSize(DEFAULT_POD_PACKAGE_ID, 40) as NonNullable<ReturnType<typeof printCoverSize>>;

  it('pass the full wrap Lulu sizes for the page count', () => {
    expect(preflightProblems(product, interior, cover(lulu40.widthPt, lulu40.heightPt))).toEqual({ errors: [], warnings: [], suggestions: [] });
  });

  it('refuse a spine made for another formula or another page count, a cover of two pages, and loose fonts', () => {
    // A KDP-template cover: 0.06 in narrower than Lulu's spine for 40 pages.
    const kdpWidth = (2 * 6 + 40 * 0.002252 + 2 * 0.125) * 72;
    const [kdp] = preflightProblems(product, interior, cover(kdpWidth, lulu40.heightPt)).errors;
    expect(kdp).toMatch(/^The cover must be 12\.4 x 9\.25 in for 40 pages \(back and front cover, a 0\.15 in spine and 0\.125 in bleed on each edge\); it is 12\.34 x 9\.25 in\./);
    const other = printCoverSize(DEFAULT_POD_PACKAGE_ID, 400) as NonNullable<ReturnType<typeof printCoverSize>>;
    expect(preflightProblems(product, interior, cover(other.widthPt, other.heightPt)).errors).toHaveLength(1);
    expect(preflightProblems(product, interior, cover(lulu40.widthPt, lulu40.heightPt, 2)).errors).toEqual([PreflightMessages.coverPages(2)]);
    const loose = cover(lulu40.widthPt, lulu40.heightPt, 1, [{ name: 'Helvetica', type: 'Type 1', embedded: false }]);
    expect(preflightProblems(product, interior, loose).errors).toEqual([PreflightMessages.fontsNotEmbedded('cover', ['Helvetica'])]);
  });
});
