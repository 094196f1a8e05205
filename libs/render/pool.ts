import { availableParallelism } from 'node:os';
import { UNPRINTABLE_TEXT, type CoverGeometry, type ProjectStructureCheck } from '../domain/index.ts';
import { boundedPool } from '../worker-pool/index.ts';
import type { CoverInput } from './cover.ts';
import { UnprintableTextError } from './fonts.ts';
import type { Manuscript } from './interior.ts';
import type { PrintPages } from './print-pages.ts';
import type { RenderFailure, RenderTask } from './render-worker.ts';

/**
 * The render pool: typesetting (interior, covers) and the EPUB, DOCX and Quarto zip builds run in worker threads, one
 * a core at most, so that the thread that answers workflow tasks, heartbeats and queries is never busy with them.
 * Each thread keeps its own Typst compiler (fonts loaded once) while books keep coming; the JavaScript heap of each is
 * bounded. A task given an aborted signal (a cancelled activity) ends its thread, so its CPU is freed at once.
 */
export const RENDER_THREADS = availableParallelism();
const RENDER_HEAP_MB = 1024;
/** A thread idle this long ends; a new one loads the compiler and its fonts again (about half a second). */
const RENDER_IDLE_MS = 5 * 60_000;

const pool = boundedPool('./render-worker', import.meta.url, { threads: RENDER_THREADS, heapMb: RENDER_HEAP_MB, idleMs: RENDER_IDLE_MS });

/** A Buffer over bytes moved from a thread (no copy). */
const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Copies of the book's image bytes, moved to the thread rather than cloned there. */
function movedBook(book: Manuscript, transferList: ArrayBuffer[]): Manuscript {
  if (!book.images?.size) return book;
  const images = new Map([...book.images].map(([path, image]) => {
    const data = new Uint8Array(image.data);
    transferList.push(data.buffer);
    return [path, { ...image, data }] as const;
  }));
  return { ...book, images };
}

async function run<T>(task: RenderTask, transferList: ArrayBuffer[], signal: AbortSignal | undefined): Promise<T> {
  const result = (await pool.run(task, { transferList, ...(signal ? { signal } : {}) })) as T | RenderFailure;
  if (result && typeof result === 'object' && 'failed' in result) {
    const { name, message } = result.failed;
    throw name === UNPRINTABLE_TEXT ? new UnprintableTextError(message) : Object.assign(new Error(message), { name });
  }
  return result as T;
}

export interface TypesetInterior {
  pdf: Buffer;
  pageCount: number;
  printPages: PrintPages;
  /** The first `count` pages with text among the first `scanPages`, drawn `widthPx` wide. */
  previews: { page: number; png: Buffer }[];
}

/** The interior PDF (renderInterior) and PNG previews of its first pages with text, drawn by Typst. */
export async function typesetInterior(book: Manuscript, previews: { scanPages: number; count: number; widthPx: number }, signal?: AbortSignal): Promise<TypesetInterior> {
  const transferList: ArrayBuffer[] = [];
  const out = await run<{ pdf: Uint8Array; pageCount: number; printPages: PrintPages; previews: { page: number; png: Uint8Array }[] }>(
    { kind: 'interior', book: movedBook(book, transferList), previews }, transferList, signal,
  );
  return { pdf: buffer(out.pdf), pageCount: out.pageCount, printPages: out.printPages, previews: out.previews.map(({ page, png }) => ({ page, png: buffer(png) })) };
}

/** The cover wrap PDF and, when `png`, its front panel as a PNG (renderCover). */
export async function typesetCover<Png extends boolean>(input: CoverInput, { png }: { png: Png }, signal?: AbortSignal): Promise<{ pdf: Buffer; png: Png extends true ? Buffer : null; geometry: CoverGeometry }> {
  const transferList: ArrayBuffer[] = [];
  const frontImage = input.frontImage ? { ...input.frontImage, data: new Uint8Array(input.frontImage.data) } : input.frontImage;
  if (frontImage) transferList.push(frontImage.data.buffer as ArrayBuffer);
  const out = await run<{ pdf: Uint8Array; png: Uint8Array | null; geometry: CoverGeometry }>({ kind: 'cover', input: { ...input, frontImage }, png }, transferList, signal);
  return { pdf: buffer(out.pdf), png: (out.png && buffer(out.png)) as Png extends true ? Buffer : null, geometry: out.geometry };
}

/** renderEpub, on the pool. */
export async function buildEpubOnPool(book: Manuscript, printPages: PrintPages | undefined, signal?: AbortSignal): Promise<Buffer> {
  const transferList: ArrayBuffer[] = [];
  return buffer(await run<Uint8Array>({ kind: 'epub', book: movedBook(book, transferList), printPages }, transferList, signal));
}

/** renderDocx, on the pool. */
export async function buildDocxOnPool(book: Manuscript, signal?: AbortSignal): Promise<Buffer> {
  const transferList: ArrayBuffer[] = [];
  return buffer(await run<Uint8Array>({ kind: 'docx', book: movedBook(book, transferList) }, transferList, signal));
}

/** renderQuartoProject, on the pool. */
export async function buildQuartoZipOnPool(book: Manuscript, generatedAt: Date, signal?: AbortSignal): Promise<{ zip: Buffer; fileName: string; check: ProjectStructureCheck }> {
  const transferList: ArrayBuffer[] = [];
  const out = await run<{ zip: Uint8Array; fileName: string; check: ProjectStructureCheck }>({ kind: 'zip', book: movedBook(book, transferList), generatedAt }, transferList, signal);
  return { ...out, zip: buffer(out.zip) };
}
