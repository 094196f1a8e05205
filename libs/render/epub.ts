import escapeHtml from 'escape-html';
import { createRequire } from 'node:module';
import type { Chapter, EPub as EPubClass, Options } from 'epub-gen-memory';
import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { languageCode, referenceParts, type BookReference } from '../domain/index.ts';
import { NO_IMAGES, type BookImages } from './images.ts';
import type { Manuscript, ManuscriptImage } from './interior.ts';
import { parseBookMarkdown } from './safe-markdown.ts';
import { zipEntries, type ZipEntry } from './zip.ts';

// A CommonJS build of an ESM package: required.
const { EPub } = createRequire(import.meta.url)('epub-gen-memory') as { EPub: typeof EPubClass };

const EPUB_COMPRESSION_LEVEL = 6;

export const EPUB_REFUSES_DOWNLOADS = "An EPUB holds only its own text and the book's own images: it fetches no image, font or cover";

/**
 * What epub-gen-memory writes through its JSZip (`file` and `folder`, nothing else), kept in the order written, so
 * that the entries reach the zip as they are rather than through JSZip's own encoding.
 */
class EpubEntries {
  readonly written: ZipEntry[];
  private readonly folderPath: string;
  constructor(written: ZipEntry[] = [], folderPath = '') {
    this.written = written;
    this.folderPath = folderPath;
  }
  file(name: string, data: string | Uint8Array): this {
    this.written.push({ path: `${this.folderPath}${name}`, data });
    return this;
  }
  folder(name: string): EpubEntries {
    return new EpubEntries(this.written, `${this.folderPath}${name}/`);
  }
}

/**
 * epub-gen-memory downloads every `<img src>`, font and cover it is given (over HTTP, or from the disk for file:
 * URLs), and has no option to stop it. The book's HTML names nothing but the book's own images (see
 * safe-markdown.ts), whose bytes are packed from memory; should anything else ever get through, the EPUB fails
 * rather than fetch it.
 */
class SealedEpub extends EPub {
  private readonly bookImages: BookImages;
  private readonly entries = new EpubEntries();
  constructor(options: Options, sections: Chapter[], bookImages: BookImages) {
    super(options, sections);
    this.bookImages = bookImages;
    // The library's own JSZip, holding only the mimetype so far, is set aside.
    this.zip = this.entries as unknown as typeof this.zip;
  }
  protected override async downloadAllImages() {
    for (const image of this.images) {
      const own = this.bookImages.get(image.url);
      if (!own) throw new Error(EPUB_REFUSES_DOWNLOADS);
      // Where the manifest (written before) and the chapters point: images/<id>.<extension>.
      this.entries.file(`OEBPS/images/${image.id}.${image.extension}`, own.data);
    }
  }
  protected override async downloadAllFonts() {
    if (this.options.fonts.length) throw new Error(EPUB_REFUSES_DOWNLOADS);
  }
  protected override async makeCover() {
    if (this.cover) throw new Error(EPUB_REFUSES_DOWNLOADS);
  }
  override async genEpub(): Promise<Buffer> {
    await this.render();
    // The mimetype first and stored, as OCF requires; images are compressed already, so stored as they are.
    const entries = this.entries.written.map((entry) => (typeof entry.data === 'string' ? entry : { ...entry, stored: true }));
    return zipEntries([{ path: 'mimetype', data: 'application/epub+zip', stored: true }, ...entries], { level: EPUB_COMPRESSION_LEVEL, mtime: new Date() });
  }
}

/** An EPUB 3 of the given XHTML sections, fetching nothing: an `<img>` may name only one of `images`, by its path. */
export const writeEpub = (options: Options, sections: Chapter[], images: BookImages = NO_IMAGES): Promise<Buffer> =>
  new SealedEpub({ ...options, version: 3 }, sections, images).genEpub();

const toHtml = unified().use(remarkRehype).use(rehypeStringify);

/**
 * Markdown → XHTML-safe HTML: no raw HTML, links only to the web and to e-mail addresses, and images only the book's
 * own, each `<img>` with the source `src` gives it (by default the path the Markdown names it by).
 */
export function markdownToHtml(markdown: string, images: BookImages = NO_IMAGES, src: (image: ManuscriptImage, path: string) => string = (_, path) => path): string {
  const tree = toHtml.runSync(parseBookMarkdown(markdown, images));
  const visit = (node: (typeof tree)['children'][number] | typeof tree) => {
    if (node.type === 'element' && node.tagName === 'img') {
      const path = String(node.properties.src);
      const image = images.get(path);
      if (image) node.properties.src = src(image, path);
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  if (images.size) visit(tree);
  return toHtml.stringify(tree);
}

/** The references as an HTML list: each source's number, title and file name, then the passages the chapters quote. */
export function referencesHtml(references: BookReference[]): string {
  const item = (r: BookReference) => {
    const { source, passages } = referenceParts(r);
    return `<li value="${r.n}">${escapeHtml(source)}${passages.length ? `<br/><small>Passages cited: ${escapeHtml(passages.join('; '))}</small>` : ''}</li>`;
  };
  return `<ol>${[...references].sort((a, b) => a.n - b.n).map(item).join('')}</ol>`;
}

/** The same book as an EPUB 3: introduction, chapters, summary and references, with a navigable contents. */
export async function renderEpub(book: Manuscript): Promise<Buffer> {
  const images = book.images ?? NO_IMAGES;
  const html = (markdown: string) => markdownToHtml(markdown, images);
  const sections = [
    ...(book.introduction ? [{ title: 'Introduction', content: html(book.introduction) }] : []),
    ...book.chapters.map((c) => ({ title: `${c.number}. ${c.title}`, content: html(c.content) })),
    ...(book.summary ? [{ title: 'Summary', content: html(book.summary) }] : []),
    ...(book.references.length ? [{ title: 'References', content: referencesHtml(book.references) }] : []),
  ];
  return writeEpub(
    {
      title: book.title,
      author: book.author,
      lang: languageCode(book.language),
      description: `${book.title}, by ${book.author}`,
      tocTitle: 'Contents',
      publisher: 'Pressroom',
      verbose: false,
    },
    sections,
    images,
  );
}
