// Print-ready PDFs for tests, written by hand: blank pages of an exact size (no text, so no fonts to embed).
import { printProduct } from '../libs/domain/index.ts';
import { printCoverSize } from '../libs/print/cover.ts';
import { pdfOfObjects } from './files.ts';

/** A PDF of `pages` blank pages, each `width` × `height` points. */
export function blankPdf(pages: number, width: number, height: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`];
  for (let i = 0; i < pages; i++) objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << >> >>`);
  return pdfOfObjects(objects);
}

/** An interior of `pages` pages at the product's trim and the full-wrap cover for that page count: what preflight accepts. */
export function printReadyFiles(podPackageId: string, pages: number): { interior: Buffer; cover: Buffer } {
  const product = printProduct(podPackageId);
  const cover = printCoverSize(podPackageId, pages);
  if (!product || !cover) throw new Error(`unknown print product ${podPackageId}`);
  return { interior: blankPdf(pages, product.spec.trim.width * 72, product.spec.trim.height * 72), cover: blankPdf(1, cover.widthPt, cover.heightPt) };
}
