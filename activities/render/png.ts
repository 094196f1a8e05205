import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** PDF pages → PNG with poppler's pdftoppm (Debian's poppler-utils), in a temporary folder removed afterwards. */

const run = promisify(execFile);
const PDF_MAGIC = Buffer.from('%PDF-');
const TIMEOUT_MS = 60_000;

export interface PngOptions {
  /** 1-based; the first page when not given. */
  page?: number;
  /** Scales the page to this width in pixels (height follows the page's proportions). */
  widthPx?: number;
  /** Resolution when no width is given (pdftoppm's default is 150). */
  dpi?: number;
}

const failed = (reason: string) => new Error(`PNG conversion failed: ${reason}`);

function sizeArguments({ widthPx, dpi }: { widthPx?: number | undefined; dpi?: number | undefined }): string[] {
  if (widthPx !== undefined) {
    if (!Number.isInteger(widthPx) || widthPx <= 0) throw failed(`width must be a positive whole number of pixels, not ${widthPx}`);
    return ['-scale-to-x', String(widthPx), '-scale-to-y', '-1'];
  }
  if (dpi !== undefined) {
    if (!(dpi > 0)) throw failed(`resolution must be positive, not ${dpi}`);
    return ['-r', String(dpi)];
  }
  return [];
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
  try {
    await run('pdftoppm', args, { timeout: TIMEOUT_MS, maxBuffer: 1024 * 1024 });
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw failed((stderr?.trim() || message).slice(0, 500));
  }
}

/** One page of a PDF as a PNG. */
export async function pdfPageToPng(pdf: Buffer, { page = 1, widthPx, dpi }: PngOptions = {}): Promise<Buffer> {
  if (!Number.isInteger(page) || page < 1) throw failed(`page must be a positive whole number, not ${page}`);
  const size = sizeArguments({ widthPx, dpi });
  return withPdf(pdf, async (dir, file) => {
    const out = join(dir, 'page');
    await pdftoppm(['-png', '-singlefile', '-f', String(page), '-l', String(page), ...size, file, out]);
    try {
      return await readFile(`${out}.png`);
    } catch {
      throw failed(`page ${page} was not rendered (does the PDF have that many pages?)`);
    }
  });
}

/** The first `pages` pages as PNGs, in order (fewer when the PDF is shorter), e.g. for a preview of the book. */
export async function pdfPagesToPng(pdf: Buffer, { pages, widthPx, dpi }: { pages: number; widthPx?: number; dpi?: number }): Promise<Buffer[]> {
  if (!Number.isInteger(pages) || pages < 1) throw failed(`pages must be a positive whole number, not ${pages}`);
  const size = sizeArguments({ widthPx, dpi });
  return withPdf(pdf, async (dir, file) => {
    await pdftoppm(['-png', '-f', '1', '-l', String(pages), ...size, file, join(dir, 'page')]);
    // pdftoppm names them page-1.png … or page-01.png …, padded to the document's page count.
    const names = (await readdir(dir))
      .map((name) => ({ name, n: Number(/^page-(\d+)\.png$/.exec(name)?.[1]) }))
      .filter((f) => Number.isInteger(f.n))
      .sort((a, b) => a.n - b.n);
    if (!names.length) throw failed('no page was rendered');
    return Promise.all(names.map((f) => readFile(join(dir, f.name))));
  });
}
