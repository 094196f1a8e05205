import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** PDF pages → PNG with poppler's pdftoppm (Debian's poppler-utils), in a temporary folder removed afterwards: for PDFs people upload (the books' own previews are drawn by Typst, preview.ts). */

const execute = promisify(execFile);
/** Poppler's processes at once: no more than the cores, so a burst of uploads queues rather than crowds the machine. */
const MAX_PROCESSES = availableParallelism();
let running = 0;
const waiting: (() => void)[] = [];

async function run(...args: Parameters<typeof execute>): Promise<{ stdout: string }> {
  if (running >= MAX_PROCESSES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return (await execute(...args)) as { stdout: string };
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
const PDF_MAGIC = Buffer.from('%PDF-');
const TIMEOUT_MS = 60_000;

export interface PngOptions {
  /** 1-based; the first page when not given. */
  page?: number;
  /** Scales the page to this width in pixels (height follows the page's proportions), within MAX_SIDE_PX. */
  widthPx?: number;
  /** Resolution when no width is given (150 by default), within MAX_SIDE_PX. */
  dpi?: number;
}

/** No side of a rendered page exceeds this, whatever the page's shape or the width or resolution asked for. */
export const MAX_SIDE_PX = 4000;
const DEFAULT_DPI = 150;

/** The reason is one of a few fixed phrases: what the tools printed goes in `cause`, for the logs, never in the message. */
const failed = (reason: string, cause?: unknown) => new Error(`PNG conversion failed: ${reason}`, cause === undefined ? undefined : { cause });

function checkSize({ widthPx, dpi }: { widthPx?: number | undefined; dpi?: number | undefined }): void {
  if (widthPx !== undefined && (!Number.isInteger(widthPx) || widthPx <= 0)) throw failed('the width must be a positive whole number of pixels');
  if (dpi !== undefined && !(dpi > 0)) throw failed('the resolution must be positive');
}

/** The media boxes (what pdftoppm renders) of the pages first…last that the PDF has, in points, before any rotation. */
async function pageBoxes(file: string, first: number, last: number): Promise<{ width: number; height: number }[]> {
  // From page 1: pdfinfo refuses a first page past the end, which is to be told apart from a broken file.
  const { stdout } = await run('pdfinfo', ['-box', '-f', '1', '-l', String(last), file], { timeout: TIMEOUT_MS, maxBuffer: 1024 * 1024 }).catch((error: unknown) => {
    throw failed('the PDF cannot be read', error);
  });
  return [...stdout.matchAll(/^Page\s+(\d+)\s+MediaBox:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)/gm)]
    .filter(([, page]) => Number(page) >= first)
    .map(([, , x1, y1, x2, y2]) => ({ width: Math.abs(Number(x2) - Number(x1)), height: Math.abs(Number(y2) - Number(y1)) }));
}

/**
 * pdftoppm's size arguments: the width or resolution asked for while every page then fits in MAX_SIDE_PX, else
 * `-scale-to`, which makes each page's longer side MAX_SIDE_PX. (pdftoppm scales before it rotates, so the
 * unrotated box is what counts.)
 */
function sizeArguments(boxes: { width: number; height: number }[], { widthPx, dpi = DEFAULT_DPI }: { widthPx?: number | undefined; dpi?: number | undefined }): string[] {
  const longest = (scale: (box: { width: number; height: number }) => number) => Math.max(...boxes.map((box) => Math.max(box.width, box.height) * scale(box)));
  if (widthPx !== undefined) {
    return longest((box) => widthPx / box.width) <= MAX_SIDE_PX ? ['-scale-to-x', String(widthPx), '-scale-to-y', '-1'] : ['-scale-to', String(MAX_SIDE_PX)];
  }
  return longest(() => dpi / 72) <= MAX_SIDE_PX ? ['-r', String(dpi)] : ['-scale-to', String(MAX_SIDE_PX)];
}

async function withPdf<T>(pdf: Buffer, work: (dir: string, file: string) => Promise<T>): Promise<T> {
  if (!Buffer.isBuffer(pdf) || pdf.length < PDF_MAGIC.length || !pdf.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    throw failed('the input is not a PDF');
  }
  const dir = await mkdtemp(join(tmpdir(), 'pdftoppm-'));
  try {
    const file = join(dir, 'input.pdf');
    await writeFile(file, pdf);
    return await work(dir, file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function pdftoppm(args: string[]): Promise<void> {
  await run('pdftoppm', args, { timeout: TIMEOUT_MS, maxBuffer: 1024 * 1024 }).catch((error: unknown) => {
    throw failed('the PDF cannot be rendered', error);
  });
}

/** One page of a PDF as a PNG. */
export async function pdfPageToPng(pdf: Buffer, { page = 1, widthPx, dpi }: PngOptions = {}): Promise<Buffer> {
  if (!Number.isInteger(page) || page < 1) throw failed('the page must be a positive whole number');
  checkSize({ widthPx, dpi });
  return withPdf(pdf, async (dir, file) => {
    const boxes = await pageBoxes(file, page, page);
    if (!boxes.length) throw failed(`the PDF has no page ${page}`);
    const out = join(dir, 'page');
    await pdftoppm(['-png', '-singlefile', '-f', String(page), '-l', String(page), ...sizeArguments(boxes, { widthPx, dpi }), file, out]);
    try {
      return await readFile(`${out}.png`);
    } catch (error) {
      throw failed(`page ${page} was not rendered`, error);
    }
  });
}

/** A rectangle of a PDF's first page (inches from its top left) as a PNG `widthPx` wide: the front panel of a full-wrap cover. */
export async function pdfAreaToPng(pdf: Buffer, area: { xIn: number; yIn: number; widthIn: number; heightIn: number }, widthPx: number): Promise<Buffer> {
  checkSize({ widthPx });
  const dpi = widthPx / area.widthIn;
  const px = (inches: number) => String(Math.round(inches * dpi));
  return withPdf(pdf, async (dir, file) => {
    const out = join(dir, 'area');
    await pdftoppm(['-png', '-singlefile', '-f', '1', '-l', '1', '-r', String(dpi), '-x', px(area.xIn), '-y', px(area.yIn), '-W', px(area.widthIn), '-H', px(area.heightIn), file, out]);
    try {
      return await readFile(`${out}.png`);
    } catch (error) {
      throw failed('the area was not rendered', error);
    }
  });
}

/** The first `pages` pages as PNGs, in order (fewer when the PDF is shorter), e.g. for a preview of the book. */
export async function pdfPagesToPng(pdf: Buffer, { pages, widthPx, dpi }: { pages: number; widthPx?: number; dpi?: number }): Promise<Buffer[]> {
  if (!Number.isInteger(pages) || pages < 1) throw failed('the number of pages must be a positive whole number');
  checkSize({ widthPx, dpi });
  return withPdf(pdf, async (dir, file) => {
    const boxes = await pageBoxes(file, 1, pages);
    if (!boxes.length) throw failed('no page was rendered');
    await pdftoppm(['-png', '-f', '1', '-l', String(pages), ...sizeArguments(boxes, { widthPx, dpi }), file, join(dir, 'page')]);
    // pdftoppm names them page-1.png … or page-01.png …, padded to the document's page count.
    const names = (await readdir(dir))
      .map((name) => ({ name, n: Number(/^page-(\d+)\.png$/.exec(name)?.[1]) }))
      .filter((f) => Number.isInteger(f.n))
      .sort((a, b) => a.n - b.n);
    if (!names.length) throw failed('no page was rendered');
    return Promise.all(names.map((f) => readFile(join(dir, f.name))));
  });
}

/**
 * The numbers of the pages among the first `within` that carry any text, in order: a preview skips the versos the
 * typesetter leaves blank so that each part opens on a right-hand page.
 */
export async function pagesWithText(pdf: Buffer, within: number): Promise<number[]> {
  if (!Number.isInteger(within) || within < 1) throw failed('the number of pages must be a positive whole number');
  return withPdf(pdf, async (_dir, file) => {
    const { stdout } = await run('pdftotext', ['-f', '1', '-l', String(within), '-layout', file, '-'], { timeout: TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 }).catch((error: unknown) => {
      throw failed('the PDF cannot be read', error);
    });
    // pdftotext ends every page with a form feed.
    return stdout
      .split('\f')
      .slice(0, within)
      .flatMap((text, i) => (text.trim() ? [i + 1] : []));
  });
}
