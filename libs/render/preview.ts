import { Resvg } from '@resvg/resvg-js';
import { compileToSvg } from './fonts.ts';
import { typstString } from './markdown-to-typst.ts';

/**
 * Previews drawn by Typst, in process, with no other program: Typst reads a page of a PDF (its own output or any
 * other) and draws it as SVG, which resvg rasterizes. typst-ts-node-compiler 0.7.0 writes PDF and SVG but no raster
 * image, hence the SVG step.
 */

/** Where Typst reads the PDF from: a file in the compiler's memory for the one compile, never on disk. */
const PDF_PATH = '/preview.pdf';
/** No side of a preview exceeds this, whatever the width asked for. */
export const MAX_PREVIEW_SIDE_PX = 4000;

export interface PageSize {
  widthIn: number;
  heightIn: number;
}

export interface PdfArea extends PageSize {
  /** Inches from the page's top left. */
  xIn: number;
  yIn: number;
}

const inches = (n: number) => `${Number(n.toFixed(6))}in`;
const NESTED_PAGE = /<image\b[^>]*xlink:href="data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)"/;
const ROOT = /^\s*<svg\b[^>]*>/;

/**
 * The page's own SVG, cropped to `area`: Typst lays the PDF page out as an image whose SVG it nests in a page of its
 * own; resvg takes about half the time on the nested SVG alone, whose user units are the PDF page's.
 */
function areaSvg(typstSvg: string, pageSize: PageSize, area: PdfArea): string {
  const nested = NESTED_PAGE.exec(typstSvg)?.[1];
  const svg = nested && Buffer.from(nested, 'base64').toString('utf8');
  const root = svg && ROOT.exec(svg)?.[0];
  const box = root && /viewBox="([-\d.\s]+)"/.exec(root)?.[1]?.trim().split(/\s+/).map(Number);
  if (!svg || !root || !box || box.length !== 4 || box.some((n) => !Number.isFinite(n))) return typstSvg;
  const [minX, minY, width] = box as [number, number, number, number];
  const unit = width / pageSize.widthIn;
  const view = [minX + area.xIn * unit, minY + area.yIn * unit, area.widthIn * unit, area.heightIn * unit].map((n) => Number(n.toFixed(4)));
  const cropped = root.replace(/\s(viewBox|width|height)="[^"]*"/g, '').replace(/^(\s*<svg)/, `$1 viewBox="${view.join(' ')}" width="${view[2]}" height="${view[3]}"`);
  return svg.replace(root, cropped);
}

/**
 * `area` of page `page` (1-based) of a PDF whose pages are `pageSize`, as a PNG `widthPx` wide (the height follows the
 * area's proportions, both within MAX_PREVIEW_SIDE_PX).
 */
export function pdfAreaPreview(pdf: Uint8Array, { page = 1, pageSize, area, widthPx }: { page?: number; pageSize: PageSize; area: PdfArea; widthPx: number }): Buffer {
  const width = Math.min(widthPx, Math.floor((MAX_PREVIEW_SIDE_PX * area.widthIn) / Math.max(area.widthIn, area.heightIn)));
  // Both sides of the image are given: Typst would shrink an image taller than its page to fit, moving what is shown.
  const source = [
    `#set page(width: ${inches(area.widthIn)}, height: ${inches(area.heightIn)}, margin: 0pt)`,
    `#place(top + left, dx: ${inches(-area.xIn)}, dy: ${inches(-area.yIn)}, image(${typstString(PDF_PATH)}, format: "pdf", page: ${page}, width: ${inches(pageSize.widthIn)}, height: ${inches(pageSize.heightIn)}))`,
  ].join('\n');
  const svg = areaSvg(compileToSvg(source, new Map([[PDF_PATH, pdf]])), pageSize, area);
  return new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false }, background: 'white' }).render().asPng();
}

/** Whole pages of a PDF of `trim`-sized pages, as PNGs `widthPx` wide, in the order asked. */
export function pdfPagePreviews(pdf: Uint8Array, pages: readonly number[], trim: PageSize, widthPx: number): Buffer[] {
  const area = { xIn: 0, yIn: 0, ...trim };
  return pages.map((page) => pdfAreaPreview(pdf, { page, pageSize: trim, area, widthPx }));
}
