import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { BLEED_IN, sizeFits, type PrintProduct } from '../domain/index.ts';
import { POINTS_PER_INCH, printCoverSize } from './cover.ts';

/**
 * Our own preflight of a book's print files, before the provider sees them: the interior's page size against the
 * product's trim, its page count against the binding's limits, every font embedded, and the full-wrap cover's size
 * for that page count. The PDFs are read by poppler's pdfinfo and pdffonts (Debian's poppler-utils) in child
 * processes, with a time and an output limit, so a huge or hostile file neither blocks nor exhausts the caller.
 */

const run = promisify(execFile);
const TOOL_LIMITS = { timeout: 60_000, maxBuffer: 8 * 1024 * 1024 } as const;

export interface PdfFont {
  name: string;
  type: string;
  embedded: boolean;
}

/** What preflight needs to know of a PDF: its pages' sizes in points (as displayed, rotation applied) and its fonts. */
export interface PdfFacts {
  pages: number;
  pageSizes: { width: number; height: number }[];
  fonts: PdfFont[];
}

export class UnreadablePdfError extends Error {
  constructor(cause: unknown) {
    super('The PDF cannot be read', { cause });
    this.name = 'UnreadablePdfError';
  }
}

/** Page count and every page's size, from `pdfinfo -f 1 -l <all>` (poppler clamps the last page to the count). */
async function pageSizes(file: string): Promise<{ width: number; height: number }[]> {
  const { stdout } = await run('pdfinfo', ['-f', '1', '-l', '2147483647', file], TOOL_LIMITS);
  const sizes = new Map<number, { width: number; height: number }>();
  for (const [, page, width, height] of stdout.matchAll(/^Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+) pts/gm)) sizes.set(Number(page), { width: Number(width), height: Number(height) });
  for (const [, page, rotation] of stdout.matchAll(/^Page\s+(\d+) rot:\s+(\d+)/gm)) {
    const size = sizes.get(Number(page));
    if (size && Number(rotation) % 180 === 90) sizes.set(Number(page), { width: size.height, height: size.width });
  }
  const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? 0);
  return Array.from({ length: pages }, (_, i) => sizes.get(i + 1) ?? { width: 0, height: 0 });
}

/** The end of a pdffonts row: emb, sub, uni, object and generation (names may overflow their column, so read from the end). */
const FONT_ROW_TAIL = /\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/;

async function fonts(file: string): Promise<PdfFont[]> {
  return parsePdfFonts((await run('pdffonts', [file], TOOL_LIMITS)).stdout);
}

/** pdffonts' table, one font a row after the dashes: name, type and encoding, then the flags read from the row's end. */
export function parsePdfFonts(stdout: string): PdfFont[] {
  const lines = stdout.split('\n');
  const rule = lines.findIndex((line) => line.startsWith('---'));
  if (rule < 0) return [];
  return lines
    .slice(rule + 1)
    .filter((line) => line.trim())
    .map((line) => {
      const tail = FONT_ROW_TAIL.exec(line);
      const [name = '', ...rest] = (tail ? line.slice(0, tail.index) : line).trim().split(/\s+/);
      // The encoding is the last word before the flags; what lies between is the type ("CID Type 0C", "TrueType").
      return { name, type: rest.slice(0, -1).join(' '), embedded: tail?.[1] === 'yes' };
    });
}

/** Reads a PDF on disk; a file the tools cannot open (not a PDF, damaged, encrypted) is an UnreadablePdfError. */
export async function readPdfFacts(file: string): Promise<PdfFacts> {
  try {
    const [sizes, fontList] = await Promise.all([pageSizes(file), fonts(file)]);
    if (!sizes.length) throw new Error('no pages');
    return { pages: sizes.length, pageSizes: sizes, fonts: fontList };
  } catch (error) {
    throw new UnreadablePdfError(error);
  }
}

/** The facts of a PDF given as bytes or a stream of them (copied to a file of its own), or null when it cannot be read. */
export async function pdfFactsOf(pdf: Buffer | NodeJS.ReadableStream): Promise<PdfFacts | null> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-facts-'));
  try {
    const file = join(dir, 'file.pdf');
    await (Buffer.isBuffer(pdf) ? writeFile(file, pdf) : pipeline(pdf, createWriteStream(file)));
    return await readPdfFacts(file);
  } catch (error) {
    if (error instanceof UnreadablePdfError) return null;
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const inches = (points: number) => points / POINTS_PER_INCH;
const show = (value: number) => String(Math.round(value * 1000) / 1000);
const sizeIn = (size: { width: number; height: number }) => ({ widthIn: inches(size.width), heightIn: inches(size.height) });

export const PreflightMessages = {
  interiorUnreadable: 'The interior PDF cannot be read: export it again as a standard PDF',
  coverUnreadable: 'The cover PDF cannot be read: export it again as a standard PDF',
  pageSize: (product: PrintProduct, page: number, widthIn: number, heightIn: number, others: number) =>
    `Interior pages must be ${show(product.spec.trim.width)} x ${show(product.spec.trim.height)} in, the trim size of ${product.spec.name}; ` +
    `page ${page} is ${show(widthIn)} x ${show(heightIn)} in${others ? ` (and ${others} more page${others === 1 ? '' : 's'} are off size)` : ''}.`,
  pageCount: (product: PrintProduct, pages: number) =>
    `${product.spec.name} takes ${product.spec.pages.min} to ${product.spec.pages.max} pages; this book has ${pages}.`,
  fontsNotEmbedded: (which: 'interior' | 'cover', names: string[]) =>
    `Every font must be embedded in the ${which} PDF; ${names.length === 1 ? 'this one is' : 'these are'} not: ${names.join(', ')}.`,
  coverPages: (pages: number) => `The cover PDF must be a single page (back cover, spine and front cover together); it has ${pages}.`,
  coverSize: (expected: { widthIn: number; heightIn: number; spineIn: number }, pages: number, actual: { widthIn: number; heightIn: number }) =>
    `The cover must be ${show(expected.widthIn)} x ${show(expected.heightIn)} in for ${pages} pages ` +
    `(back and front cover, a ${show(expected.spineIn)} in spine and ${show(BLEED_IN)} in bleed on each edge); it is ${show(actual.widthIn)} x ${show(actual.heightIn)} in. ` +
    'Draw the cover again for this product, or upload one of this size.',
  providerPending: 'The print provider is still checking the files; it finishes its check before anything is printed.',
  providerRefused: 'The print provider refused the files without saying why: contact support with this book.',
  evenPages: (pages: number) => `The book has ${pages} pages; the printer adds a blank page at the end to make the count even.`,
} as const;

export interface PreflightResult {
  errors: string[];
  warnings: string[];
  suggestions: string[];
}

/**
 * The rules, given what the PDFs hold. An interior page may be the trim size or the trim size with bleed on every
 * edge; the cover is the full wrap printCoverSize gives for the interior's page count.
 */
export function preflightProblems(product: PrintProduct, interior: PdfFacts, cover: PdfFacts): PreflightResult {
  const result: PreflightResult = { errors: [], warnings: [], suggestions: [] };
  const { trim, pages } = product.spec;
  const fits = (size: { width: number; height: number }) =>
    [0, 2 * BLEED_IN].some((bleed) => sizeFits(sizeIn(size), { widthIn: trim.width + bleed, heightIn: trim.height + bleed }));
  const offSize = interior.pageSizes.map((size, i) => ({ size, page: i + 1 })).filter(({ size }) => !fits(size));
  if (offSize.length) {
    const { size, page } = offSize[0] as (typeof offSize)[number];
    result.errors.push(PreflightMessages.pageSize(product, page, inches(size.width), inches(size.height), offSize.length - 1));
  }
  if (interior.pages < pages.min || interior.pages > pages.max) result.errors.push(PreflightMessages.pageCount(product, interior.pages));
  else if (interior.pages % 2 === 1) result.warnings.push(PreflightMessages.evenPages(interior.pages));

  for (const [which, facts] of [['interior', interior], ['cover', cover]] as const) {
    const loose = [...new Set(facts.fonts.filter((f) => !f.embedded).map((f) => f.name || f.type))];
    if (loose.length) result.errors.push(PreflightMessages.fontsNotEmbedded(which, loose));
  }

  if (cover.pages !== 1) result.errors.push(PreflightMessages.coverPages(cover.pages));
  const actual = cover.pageSizes[0] as { width: number; height: number };
  const size = printCoverSize(product.spec.pod_package_id, interior.pages) as NonNullable<ReturnType<typeof printCoverSize>>;
  const expected = { widthIn: size.widthIn, heightIn: size.heightIn, spineIn: size.spineIn };
  if (!sizeFits(sizeIn(actual), expected)) result.errors.push(PreflightMessages.coverSize(expected, interior.pages, sizeIn(actual)));
  return result;
}
