import { coverGeometry, printProduct, sizeFits, type CoverGeometry, type CoverUpload } from '../domain/index.ts';
import { PreflightMessages } from './preflight.ts';

export const POINTS_PER_INCH = 72;

export interface PrintCoverSize extends CoverGeometry {
  widthPt: number;
  heightPt: number;
}

/**
 * The full-wrap cover a product needs for a page count, as Lulu computes it for paperbacks: width = 2 × trim width +
 * spine + 2 × 0.125 in bleed, height = trim height + 2 × 0.125 in, spine = pages / 444 + 0.06 in (libs/domain/cover.ts).
 * Our preflight, the built-in mock and the Lulu simulator all use this one formula. Null for a product not on sale.
 */
export function printCoverSize(podPackageId: string, pageCount: number): PrintCoverSize | null {
  const product = printProduct(podPackageId);
  if (!product) return null;
  const geometry = coverGeometry({ template: 'lulu', pageCount, trim: { widthIn: product.spec.trim.width, heightIn: product.spec.trim.height }, paper: product.spec.paper_type });
  return { ...geometry, widthPt: toPoints(geometry.widthIn), heightPt: toPoints(geometry.heightIn) };
}

const toPoints = (inches: number) => Math.round(inches * POINTS_PER_INCH * 1000) / 1000;

/**
 * Why the author's own full-wrap cover cannot be printed as a product for this page count (its size is not the
 * one the product's spine formula gives), in preflight's words; null when it fits or the book has no wrap of its own.
 */
export function ownWrapMismatch(upload: CoverUpload | null | undefined, podPackageId: string, pageCount: number): string | null {
  if (upload?.kind !== 'wrap') return null;
  const size = printCoverSize(podPackageId, pageCount);
  if (!size) return null;
  return sizeFits(upload, size) ? null : PreflightMessages.coverSize(size, pageCount, upload);
}
