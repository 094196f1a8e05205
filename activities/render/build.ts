import type { MikroORM } from '@mikro-orm/core';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { loadCoverFront, loadManuscript } from '../../libs/book-images/index.ts';
import { GeneratorProject, nextPackageRun, PrintOrder } from '../../libs/db/index.ts';
import {
  BOOK_FILES,
  bookLanguage,
  BuildMessages,
  COVER_DOES_NOT_FIT,
  DEFAULT_COVER_PAGE_COUNT,
  pressCoverKey,
  printProduct,
  PrintMessages,
  projectFileKey,
  standaloneCoverKey,
  OwnCoverMessages,
  wrapMismatch,
  type CoverChoice,
  type StandaloneCoverInput,
  type CoverGeometry,
  type CoverUpload,
  type PackageFormat,
} from '../../libs/domain/index.ts';
import type { StorageService } from '../../libs/storage/index.ts';
import { bookCoverGeometry, bookCoverInput, coverDesignOf, coverInput } from '../../libs/render/book-cover.ts';
import { FRONT_PNG_WIDTH_PX, type CoverInput } from '../../libs/render/cover.ts';
import { buildDocxOnPool, buildEpubOnPool, buildQuartoZipOnPool, typesetCover, typesetInterior } from '../../libs/render/pool.ts';
import type { PrintPages } from '../../libs/render/print-pages.ts';
import { pdfAreaToPng } from '../../libs/render/png.ts';
import { drawPressCover } from './press-cover.ts';

/** Files are cached by browsers for an hour (the spec's cache control). */
const CACHE = 'max-age=3600';
/** How many of the interior's first pages are kept as preview images, and how wide. */
export const PREVIEW_PAGES = 6;
/** How far into the interior the preview looks for pages with text (front matter leaves a few versos blank). */
const PREVIEW_SCAN_PAGES = 16;
const PREVIEW_WIDTH_PX = 480;

/** The running activity's cancellation (a cancelled or timed-out attempt's render task is ended), if there is one. */
function cancellation(): AbortSignal | undefined {
  try {
    return Context.current().cancellationSignal;
  } catch {
    return undefined;
  }
}

export function createRenderActivities({ orm, storage }: { orm: MikroORM; storage: StorageService }) {
  async function loadProject(projectId: string) {
    const em = orm.em.fork();
    return { em, project: await em.findOneOrFail(GeneratorProject, { id: projectId }, { populate: ['user'] }) };
  }

  async function load(projectId: string) {
    const { em, project } = await loadProject(projectId);
    return { em, project, ...(await loadManuscript(em, storage, project)) };
  }

  /** Stores a new file and forgets the one it replaces, so a rebuild leaves no orphans in MinIO. */
  async function replace(previous: string | null | undefined, key: string, body: Buffer, type: string): Promise<void> {
    await storage.put(key, body, type, body.length, CACHE);
    if (previous && previous !== key) await storage.delete(previous);
  }

  /** Stores one of the book's files (replacing the one before) and records it in its kind's columns (BOOK_FILES). */
  async function storeBookFile(project: GeneratorProject, kind: 'pdf' | 'epub' | 'docx' | 'zip', body: Buffer, name: string = BOOK_FILES[kind].suffix): Promise<void> {
    const { keyColumn, sizeColumn, type } = BOOK_FILES[kind];
    const key = projectFileKey(project, name);
    await replace(project[keyColumn], key, body, type);
    Object.assign(project, { [keyColumn]: key, [sizeColumn]: body.length });
  }

  async function coverFiles(input: CoverInput, at: (name: string) => string) {
    const { pdf, png } = await typesetCover(input, { png: true }, cancellation());
    const pdfKey = at('cover.pdf');
    const pngKey = at('cover.png');
    await storage.put(pdfKey, pdf, 'application/pdf', pdf.length, CACHE);
    await storage.put(pngKey, png, 'image/png', png.length, CACHE);
    return { pdfKey, pngKey, pdfSize: pdf.length, pngSize: png.length };
  }

  /**
   * The book's cover as the author's own full-wrap PDF, while it is the size the cover must be (a rebuild that changes
   * the page count, or another template, changes that size: the author is then told what to upload); the front PNG is
   * the wrap's front panel.
   */
  async function ownWrapFiles(project: GeneratorProject, wrap: Extract<CoverUpload, { kind: 'wrap' }>, design: CoverChoice, at: (name: string) => string) {
    const geometry = bookCoverGeometry({ ...project, coverDesign: design }) as CoverGeometry;
    const mismatch = wrapMismatch(wrap, geometry);
    if (mismatch) throw ApplicationFailure.nonRetryable(OwnCoverMessages.wrapNoLongerFits(mismatch), COVER_DOES_NOT_FIT);
    const pdf = await storage.getBuffer(wrap.key);
    const frontLeft = bookLanguage(project.language).dir === 'rtl' ? geometry.bleedIn : geometry.bleedIn + geometry.trim.widthIn + geometry.spineIn;
    const png = await pdfAreaToPng(pdf, { xIn: frontLeft, yIn: geometry.bleedIn, widthIn: geometry.trim.widthIn, heightIn: geometry.trim.heightIn }, FRONT_PNG_WIDTH_PX);
    const pdfKey = at('cover.pdf');
    const pngKey = at('cover.png');
    await storage.put(pdfKey, pdf, 'application/pdf', pdf.length, CACHE);
    await storage.put(pngKey, png, 'image/png', png.length, CACHE);
    return { pdfKey, pngKey, pdfSize: pdf.length, pngSize: png.length };
  }

  return {
    /** Counts a new packaging run for the project and returns its number (the n of `package-<id>-<n>`). */
    nextPackageRun(projectId: string): Promise<number> {
      return nextPackageRun(orm.em.fork(), projectId);
    },

    async startPackaging(projectId: string, run: number, formats: PackageFormat[], _workflowId: string): Promise<void> {
      const em = orm.em.fork();
      // Only the newest run speaks for the project; an older one finishing late changes nothing.
      await em.nativeUpdate(
        GeneratorProject,
        { id: projectId, packageRuns: { $lte: run } },
        { buildStatus: 'building', buildMessage: BuildMessages.buildingFormats(formats), buildError: null },
      );
    },

    async finishPackaging(projectId: string, run: number, error: string | null): Promise<void> {
      const em = orm.em.fork();
      await em.nativeUpdate(
        GeneratorProject,
        { id: projectId, packageRuns: { $lte: run } },
        error ? { buildStatus: 'error', buildMessage: BuildMessages.failed, buildError: error } : { buildStatus: 'complete', buildMessage: BuildMessages.complete, buildError: null },
      );
    },

    /** Typesets the interior PDF on the render pool, stores it with preview images of its first pages, and records the real page count. */
    async buildInterior(projectId: string): Promise<{ pageCount: number; size: number; printPages: PrintPages }> {
      // The files hold the text as it was read: an edit made while they are typeset leaves them out of date.
      const readAt = new Date();
      const { em, project, manuscript } = await load(projectId);
      const { pdf, pageCount, printPages, previews } = await typesetInterior(manuscript, { scanPages: PREVIEW_SCAN_PAGES, count: PREVIEW_PAGES, widthPx: PREVIEW_WIDTH_PX }, cancellation());
      await storeBookFile(project, 'pdf', pdf);
      // The key names the page it shows (previewsOf reads the number back); a blank verso gets none.
      const previewKeys = previews.map(({ page }) => projectFileKey(project, `preview-${page}.png`));
      await Promise.all(previews.map(({ png }, i) => storage.put(previewKeys[i] as string, png, 'image/png', png.length, CACHE)));
      const stale = (project.previewKeys ?? []).filter((k) => !previewKeys.includes(k));
      Object.assign(project, { pageCount, builtAt: readAt, previewKeys });
      await em.flush();
      await Promise.all(stale.map((k) => storage.delete(k)));
      return { pageCount, size: pdf.length, printPages };
    },

    /** The EPUB 3 of the same manuscript, with the print edition's pages when they were typeset from the same text. */
    async buildEpub(projectId: string, printPages?: PrintPages): Promise<{ size: number }> {
      const { em, project, manuscript } = await load(projectId);
      const book = await buildEpubOnPool(manuscript, printPages, cancellation());
      await storeBookFile(project, 'epub', book);
      await em.flush();
      return { size: book.length };
    },

    /** The same book as a Word document, for editors. */
    async buildDocx(projectId: string): Promise<{ size: number }> {
      const { em, project, manuscript } = await load(projectId);
      const docx = await buildDocxOnPool(manuscript, cancellation());
      await storeBookFile(project, 'docx', docx);
      await em.flush();
      return { size: docx.length };
    },

    /** The editable Quarto project; its structure is checked before it is stored. */
    async buildQuartoZip(projectId: string): Promise<{ size: number; warnings: string[] }> {
      const { em, project, manuscript, chapters } = await load(projectId);
      const generatedAt = chapters.reduce((latest, c) => (c.generatedAt > latest ? c.generatedAt : latest), project.createdAt);
      const { zip, fileName, check } = await buildQuartoZipOnPool(manuscript, generatedAt, cancellation());
      await storeBookFile(project, 'zip', zip, fileName);
      await em.flush();
      return { size: zip.length, warnings: check.warnings };
    },

    /**
     * The book's full-wrap cover and its front as PNG, in the author's design (with the front the author uploaded, if
     * any): `choice` is a new design the author made (kept for every later rebuild); without one the design kept is
     * drawn again. The cover is the book's trim; the spine follows the page count and the paper.
     */
    async buildCover(projectId: string, choice: Partial<CoverChoice> | null): Promise<{ pdfSize: number; pngSize: number }> {
      const { em, project } = await loadProject(projectId);
      const design = { ...coverDesignOf(project), ...choice };
      const at = (name: string) => projectFileKey(project, name);
      const files = project.coverUpload?.kind === 'wrap' ? await ownWrapFiles(project, project.coverUpload, design, at) : await coverFiles(bookCoverInput(project, design, await loadCoverFront(storage, project)), at);
      const stale = [project.coverPdfKey, project.coverPngKey];
      Object.assign(project, { coverPdfKey: files.pdfKey, coverPdfSize: files.pdfSize, coverPngKey: files.pngKey, coverPngSize: files.pngSize, coverTemplate: design.template, coverDesign: design });
      await em.flush();
      await Promise.all(stale.filter((k): k is string => !!k && k !== files.pdfKey && k !== files.pngKey).map((k) => storage.delete(k)));
      return { pdfSize: files.pdfSize, pngSize: files.pngSize };
    },

    /**
     * A print order's own cover: the book's design (and the author's front) drawn for the press at the product's trim,
     * on its paper, for the order's page count, into the order's file (the book's cover is never touched). Drawing it
     * again writes the same file.
     */
    async drawPrintOrderCover(orderId: string): Promise<void> {
      const em = orm.em.fork();
      const order = await em.findOneOrFail(PrintOrder, { id: orderId }, { populate: ['bookProject.generatorProject'] });
      const product = printProduct(order.podPackageId);
      const project = order.bookProject?.generatorProject;
      // Preflight then refuses the order, naming what is missing. A sale's copies print the cover drawn when it was sold.
      if (!product || !order.coverKey || !project || order.saleId) return;
      await drawPressCover(storage, project, product, order.pageCount ?? project.pageCount ?? DEFAULT_COVER_PAGE_COUNT, order.coverKey);
    },

    /** The cover the press would print for a product, drawn for the files check before any order: its key. */
    async drawProductCover(projectId: string, podPackageId: string): Promise<string> {
      const { project } = await loadProject(projectId);
      const product = printProduct(podPackageId);
      if (!product) throw ApplicationFailure.nonRetryable(PrintMessages.unknownProduct, 'UnknownProduct');
      const key = pressCoverKey(project, podPackageId);
      await drawPressCover(storage, project, product, project.pageCount ?? DEFAULT_COVER_PAGE_COUNT, key);
      return key;
    },

    /** A cover for fields alone; its files are kept under `anonymous/covers/<requestId>/` for the API to serve. */
    async buildStandaloneCover(requestId: string, input: StandaloneCoverInput) {
      return coverFiles(
        coverInput({ title: input.title, author: input.author, idea: input.bookIdea, blurbFrom: input.bookIdea, pageCount: input.pageCount, language: input.language }, input),
        (name) => standaloneCoverKey(requestId, name),
      );
    },
  };
}
