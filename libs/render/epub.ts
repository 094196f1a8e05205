import escapeHtml from 'escape-html';
import type { Element } from 'hast';
import { createRequire } from 'node:module';
import type { Chapter, EPub as EPubClass, Options } from 'epub-gen-memory';
import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { DEFAULT_LANGUAGE_TAG, bookLanguage, copyrightLine, fillLabel, fontStack, referenceParts, type BookLanguage, type BookReference } from '../domain/index.ts';
import { NO_IMAGES, type BookImages } from './images.ts';
import type { Manuscript, ManuscriptImage } from './interior.ts';
import { blockKey, chapterKey, manuscriptFingerprint, type PartKey, type PrintPages } from './print-pages.ts';
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
  private readonly sections: Chapter[];
  private readonly pageList: readonly PageTarget[];
  constructor(options: Options, sections: Chapter[], bookImages: BookImages, pageList: readonly PageTarget[]) {
    super(options, sections);
    this.bookImages = bookImages;
    this.sections = sections;
    this.pageList = pageList;
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
    const entries = this.entries.written.map((entry) => (typeof entry.data === 'string' ? { ...entry, data: this.inBookLanguage(entry.path, entry.data) } : { ...entry, stored: true }));
    return zipEntries([{ path: 'mimetype', data: 'application/epub+zip', stored: true }, ...entries], { level: EPUB_COMPRESSION_LEVEL, mtime: new Date() });
  }
  /**
   * What the library's templates leave out or write in English, set from the book's language (its `lang` option):
   * every document's direction, the package's language, the reading order of the pages, the rights (the author's,
   * in the book's language) and the stylesheet's fonts and emphasis; and what assistive technology reads: each
   * section's role, the contents' role and landmarks, and the package's accessibility metadata.
   */
  private inBookLanguage(path: string, text: string): string {
    const language = bookLanguage(this.options.lang);
    if (path.endsWith('/toc.xhtml')) return this.navigation(text.replace(/<html\b/, `<html dir="${language.dir}"`));
    if (path.endsWith('.xhtml')) return sectionWithRole(path, decorativeImages(text.replace(/<html\b/, `<html dir="${language.dir}"`)));
    if (path.endsWith('.ncx')) return text.replace(/<ncx\b/, `<ncx xml:lang="${language.tag}" dir="${language.dir}"`);
    if (path.endsWith('.css')) return `${text}\n\n${languageCss(language)}`;
    if (!path.endsWith('.opf')) return text;
    const rights = escapeHtml(copyrightLine(language, this.options.author.join(', '), new Date().getFullYear()));
    return text
      .replace(/(<package\b[^>]*?\bxml:lang=")[^"]*"/, `$1${language.tag}"`)
      .replace(/<spine\b/, `<spine page-progression-direction="${language.dir}"`)
      .replace(/(<meta property="dcterms:rights">)[^<]*/, `$1${rights}`)
      .replace(/(<dc:rights>)[^<]*/, `$1${rights}`)
      .replace(/(<reference type="text" title=")[^"]*/, `$1${escapeHtml(this.options.tocTitle)}`)
      .replace(/<\/metadata>/, `${accessibilityMetadata(this.sections.map((s) => s.content).join(''), this.pageList.length > 0)}\n    </metadata>`);
  }
  /**
   * The contents as `doc-toc`; landmarks: where the contents are and where the book's text begins; and the print
   * edition's pages, where the book has them.
   */
  private navigation(text: string): string {
    const first = this.sections.find((s) => s.filename?.startsWith('chapter-')) ?? this.sections[0];
    const landmarks = [
      `<li><a epub:type="toc" href="#toc">${escapeHtml(this.options.tocTitle)}</a></li>`,
      ...(first ? [`<li><a epub:type="bodymatter" href="${escapeHtml(first.filename ?? '')}">${escapeHtml(first.title ?? '')}</a></li>`] : []),
    ];
    const pages = this.pageList.map(({ page, href }) => `<li><a href="${escapeHtml(href)}">${page}</a></li>`);
    const pageList = pages.length ? `<nav epub:type="page-list" role="doc-pagelist" id="page-list" hidden="hidden"><ol>${pages.join('')}</ol></nav>\n` : '';
    return text
      .replace(/<nav id="toc" epub:type="toc">/, '<nav id="toc" epub:type="toc" role="doc-toc">')
      .replace(/<\/body>/, `<nav epub:type="landmarks" id="landmarks" hidden="hidden"><ol>${landmarks.join('')}</ol></nav>\n${pageList}</body>`);
  }
}

/** A print page in the EPUB: its number and where its marker is (`chapter-001.xhtml#page-12`). */
interface PageTarget {
  page: number;
  href: string;
}

/**
 * An image without a description only decorates (markdownToHtml marks it `role="presentation"`): its alt text is
 * empty, as HTML means it, where epub-gen-memory writes "image-placeholder" for screen readers to read out.
 */
function decorativeImages(text: string): string {
  return text.replace(/<img\b[^>]*\brole="presentation"[^>]*>/g, (img) => img.replace(/\balt="[^"]*"/, 'alt=""'));
}

/** Each section's semantics, by its file (renderEpub names them): what it is to reading systems and screen readers. */
const SECTION_SEMANTICS: [file: RegExp, epubType: string, role: string][] = [
  [/\/introduction\.xhtml$/, 'introduction', 'doc-introduction'],
  [/\/chapter-\d+\.xhtml$/, 'chapter', 'doc-chapter'],
  [/\/summary\.xhtml$/, 'conclusion', 'doc-conclusion'],
  [/\/references\.xhtml$/, 'bibliography', 'doc-bibliography'],
];

function sectionWithRole(path: string, text: string): string {
  const semantics = SECTION_SEMANTICS.find(([file]) => file.test(path));
  if (!semantics) return text;
  const [, epubType, role] = semantics;
  return text.replace(/<body>/, `<body epub:type="bodymatter"><section epub:type="${epubType}" role="${role}">`).replace(/<\/body>/, '</section></body>');
}

/** The source of the EPUB's page numbers: the book's print edition. */
const PRINT_EDITION = 'The print edition (Pressroom)';

/**
 * EPUB Accessibility 1.1 metadata: how the book can be read (text alone suffices: every image carries its description,
 * or an empty one when it only decorates, as HTML means it), its navigation features, no hazards, and the conformance
 * it is built to (WCAG 2.1 AA).
 */
function accessibilityMetadata(html: string, printPages = false): string {
  const described = /<img\b[^>]*\balt="[^"]*[^"\s][^"]*"/.test(html);
  const meta = (property: string, value: string) => `        <meta property="${property}">${escapeHtml(value)}</meta>`;
  const features = ['structuralNavigation', 'tableOfContents', 'readingOrder', ...(described ? ['alternativeText'] : []), ...(printPages ? ['pageBreakMarkers', 'pageNavigation'] : [])];
  return [
    meta('schema:accessMode', 'textual'),
    ...(described ? [meta('schema:accessMode', 'visual')] : []),
    meta('schema:accessModeSufficient', 'textual'),
    ...features.map((f) => meta('schema:accessibilityFeature', f)),
    meta('schema:accessibilityHazard', 'none'),
    meta(
      'schema:accessibilitySummary',
      `Reflowable text with headings, a table of contents and landmarks, in reading order, in the book's language.${printPages ? " The print edition's page numbers are marked and listed." : ''}${described ? ' Every image has a text description, except those that only decorate.' : ''}`,
    ),
    // The pages are the print edition's, which Pressroom typesets from the same text: named the EPUB 3.2 way (the
    // source of the pagination), which EPUB 3.3's pageBreakSource replaces but the epubcheck stores run still knows.
    ...(printPages ? [`        <dc:source id="pagination-source">${escapeHtml(PRINT_EDITION)}</dc:source>`, '        <meta refines="#pagination-source" property="source-of">pagination</meta>'] : []),
    meta('dcterms:conformsTo', 'EPUB Accessibility 1.1 - WCAG 2.1 Level AA'),
    meta('a11y:certifiedBy', 'Pressroom'),
  ].join('\n');
}

/**
 * The rules a book's language adds to a stylesheet: its fonts (named, not embedded: a CJK face alone is megabytes, and
 * readers have their own), and emphasis that a script without italics can show.
 */
export function languageCss(language: BookLanguage): string {
  const serif = [...new Set(fontStack(language, 'serif'))].map((font) => `"${font}"`).join(', ');
  return [`body { font-family: ${serif}, serif; }`, ...(language.italic ? [] : ['em, i { font-style: normal; font-weight: bold; }'])].join('\n');
}

/** An EPUB 3 of the given XHTML sections, fetching nothing: an `<img>` may name only one of `images`, by its path. */
export const writeEpub = (options: Options, sections: Chapter[], images: BookImages = NO_IMAGES, pageList: readonly PageTarget[] = []): Promise<Buffer> =>
  new SealedEpub({ ...options, version: 3 }, sections, images, pageList).genEpub();

const ENGLISH = bookLanguage(DEFAULT_LANGUAGE_TAG);

/**
 * Markdown → XHTML-safe HTML: no raw HTML, links only to the web and to e-mail addresses, and images only the book's
 * own, each `<img>` with the source `src` gives it (by default the path the Markdown names it by); one without a
 * description is marked as decoration. Footnotes are headed in the book's language. `pagesBefore` gives the print
 * pages that begin at a top-level block, by where the block begins in `markdown`: their markers go before it.
 */
export function markdownToHtml(
  markdown: string,
  images: BookImages = NO_IMAGES,
  src: (image: ManuscriptImage, path: string) => string = (_, path) => path,
  language: BookLanguage = ENGLISH,
  pagesBefore: (offset: number) => readonly number[] = () => [],
): string {
  const toHtml = unified().use(remarkRehype, { footnoteLabel: language.labels.footnotes }).use(rehypeStringify);
  const tree = toHtml.runSync(parseBookMarkdown(markdown, images));
  const visit = (node: (typeof tree)['children'][number] | typeof tree) => {
    if (node.type === 'element' && node.tagName === 'img') {
      const path = String(node.properties.src);
      const image = images.get(path);
      if (image) node.properties.src = src(image, path);
      if (!String(node.properties.alt ?? '').trim()) node.properties.role = 'presentation';
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  if (images.size) visit(tree);
  tree.children = tree.children.flatMap((node) => (node.type === 'element' && node.position ? [...pagesBefore(node.position.start.offset ?? 0).map(pageBreak), node] : [node]));
  return toHtml.stringify(tree);
}

/** A print page's marker: where its text begins, named by its number (`id="page-12"`) for the page-list. */
const pageBreak = (page: number): Element => ({
  type: 'element',
  tagName: 'span',
  properties: { id: `page-${page}`, role: 'doc-pagebreak', ariaLabel: String(page), 'epub:type': 'pagebreak' },
  children: [],
});

const pageBreaksHtml = (pages: readonly number[] = []) => (pages.length ? unified().use(rehypeStringify).stringify({ type: 'root', children: pages.map(pageBreak) }) : '');

/**
 * The references as an HTML list: each source's number, title and file name, then the passages the chapters quote;
 * `pagesBefore` gives the print pages that begin at a reference, by its number.
 */
export function referencesHtml(references: BookReference[], language: BookLanguage = ENGLISH, pagesBefore: (n: number) => readonly number[] = () => []): string {
  const item = (r: BookReference) => {
    const { source, passages } = referenceParts(r, language);
    return `<li value="${r.n}">${pageBreaksHtml(pagesBefore(r.n))}${escapeHtml(source)}${passages.length ? `<br/><small>${escapeHtml(language.labels.passagesCited)}: ${escapeHtml(passages.join('; '))}</small>` : ''}</li>`;
  };
  return `<ol>${[...references].sort((a, b) => a.n - b.n).map(item).join('')}</ol>`;
}

/**
 * The same book as an EPUB 3: introduction, chapters, summary and references, with a navigable contents; with the
 * print edition's pages (marked in the text and listed) when `printPages` were typeset from this same manuscript.
 */
export async function renderEpub(book: Manuscript, printPages?: PrintPages): Promise<Buffer> {
  const language = bookLanguage(book.language);
  const { labels } = language;
  const images = book.images ?? NO_IMAGES;
  const pages = printPages && printPages.fingerprint === manuscriptFingerprint(book) ? printPages.before : {};
  const html = (part: PartKey, markdown: string) => markdownToHtml(markdown, images, undefined, language, (offset) => pages[blockKey(part, offset)] ?? []);
  // Each part's title is written here rather than by the library, so that the markers of the pages that begin with
  // the part come before it.
  const section = (part: PartKey, title: string, filename: string, body: string) => ({ part, title, filename, content: `${pageBreaksHtml(pages[blockKey(part, 'h')])}<h1>${escapeHtml(title)}</h1>\n${body}` });
  const parts = [
    ...(book.introduction ? [section('introduction', labels.introduction, 'introduction.xhtml', html('introduction', book.introduction))] : []),
    ...book.chapters.map((c, i) => section(chapterKey(i), `${c.number}. ${c.title}`, `chapter-${String(i + 1).padStart(3, '0')}.xhtml`, html(chapterKey(i), c.content))),
    ...(book.summary ? [section('summary', labels.summary, 'summary.xhtml', html('summary', book.summary))] : []),
    ...(book.references.length ? [section('references', labels.references, 'references.xhtml', referencesHtml(book.references, language, (n) => pages[blockKey('references', `ref-${n}`)] ?? []))] : []),
  ];
  // Every marker, in reading order (the keys were recorded in it), in the file of its part.
  const fileOf = new Map(parts.map(({ part, filename }) => [part, filename]));
  const pageList = Object.entries(pages).flatMap(([key, numbers]) => {
    const file = fileOf.get(key.slice(0, key.indexOf(':')) as PartKey);
    return file ? numbers.map((page) => ({ page, href: `${file}#page-${page}` })) : [];
  });
  return writeEpub(
    {
      title: book.title,
      author: book.author,
      // Everything else in the book's language follows from its tag (SealedEpub).
      lang: language.tag,
      description: `${book.title} — ${fillLabel(labels.byline, { author: book.author })}`,
      tocTitle: labels.contents,
      publisher: 'Pressroom',
      prependChapterTitles: false,
      verbose: false,
    },
    parts.map(({ part: _, ...section }) => section),
    images,
    pageList,
  );
}
