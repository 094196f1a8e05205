import { setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { renderCoverPdf, coverFrontPng, type CoverInput } from './cover.ts';
import { renderDocx } from './docx.ts';
import { renderEpub } from './epub.ts';
import { renderInterior, TRIM_6X9, type Manuscript } from './interior.ts';
import { pdfPagePreviews } from './preview.ts';
import type { PrintPages } from './print-pages.ts';
import { renderQuartoProject } from './quarto.ts';

/**
 * A task of the render pool (pool.ts), run in a worker thread with its own Typst compiler: one format of one book.
 * Buffers come back moved, not copied; a failure comes back as its name and message, which a thread's error would
 * not keep (the build tells the author's faults from the server's by the name).
 */

export type RenderTask =
  | { kind: 'interior'; book: Manuscript; previews: { scanPages: number; count: number; widthPx: number } }
  | { kind: 'cover'; input: CoverInput; png: boolean }
  | { kind: 'epub'; book: Manuscript; printPages?: PrintPages | undefined }
  | { kind: 'docx'; book: Manuscript }
  | { kind: 'zip'; book: Manuscript; generatedAt: Date };

export type RenderFailure = { failed: { name: string; message: string } };

/**
 * Typesetting is work nobody watches as it happens: it yields to the worker's workflow tasks and heartbeats, and to
 * any process of the same scheduling group (Linux: this thread's niceness; the threads it starts inherit it). A CPU
 * left idle by them is still all typesetting's.
 */
export const RENDER_NICENESS = 10;
if (!isMainThread) setPriority(RENDER_NICENESS);

/** A Buffer of its own (not a slice of a shared pool or of memory Typst owns), so that it can be moved. */
const own = (bytes: Uint8Array): Uint8Array => new Uint8Array(bytes);

function moved<T>(value: T, buffers: Uint8Array[]) {
  return move({ get [transferableSymbol]() { return buffers.map((b) => b.buffer); }, get [valueSymbol]() { return value; } } as never);
}

async function run(task: RenderTask) {
  switch (task.kind) {
    case 'interior': {
      const { pdf, pageCount, printPages, textPages } = renderInterior(task.book);
      const { scanPages, count, widthPx } = task.previews;
      const shown = textPages.filter((page) => page <= scanPages).slice(0, count);
      const pngs = pdfPagePreviews(pdf, shown, task.book.trim ?? TRIM_6X9, widthPx).map(own);
      const file = own(pdf);
      return moved({ pdf: file, pageCount, printPages, previews: shown.map((page, i) => ({ page, png: pngs[i] as Uint8Array })) }, [file, ...pngs]);
    }
    case 'cover': {
      const { pdf, geometry } = renderCoverPdf(task.input);
      const file = own(pdf);
      const png = task.png ? own(coverFrontPng(pdf, geometry, task.input.language)) : null;
      return moved({ pdf: file, png, geometry }, png ? [file, png] : [file]);
    }
    case 'epub': {
      const file = own(await renderEpub(task.book, task.printPages));
      return moved(file, [file]);
    }
    case 'docx': {
      const file = own(await renderDocx(task.book));
      return moved(file, [file]);
    }
    case 'zip': {
      const { zip, fileName, check } = await renderQuartoProject(task.book, task.generatedAt);
      const file = own(zip);
      return moved({ zip: file, fileName, check }, [file]);
    }
  }
}

export default async function render(task: RenderTask): Promise<unknown> {
  try {
    return await run(task);
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    return { failed: { name, message } } satisfies RenderFailure;
  }
}
