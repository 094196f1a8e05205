import escapeHtml from 'escape-html';
import { createRequire } from 'node:module';
import type { Chapter, EPub as EPubClass, Options } from 'epub-gen-memory';
import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { DEFAULT_LANGUAGE_TAG, bookLanguage, copyrightLine, fillLabel, fontStack, referenceParts, type BookLanguage, type BookReference } from '../domain/index.ts';
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
  private readonly sections: Chapter[];
  constructor(options: Options, sections: Chapter[], bookImages: BookImages) {
    super(options, sections);
    this.bookImages = bookImages;
    this.sections = sections;
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
    if (path.endsWith('.xhtml')) return sectionWithRole(path, text.replace(/<html\b/, `<html dir="${language.dir}"`));
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
      .replace(/<\/metadata>/, `${accessibilityMetadata(this.sections.map((s) => s.content).join(''))}\n    </metadata>`);
  }
  /** The contents as `doc-toc`, and landmarks: where the contents are and where the book's text begins. */
  private navigation(text: string): string {
    const first = this.sections.find((s) => s.filename?.startsWith('chapter-')) ?? this.sections[0];
    const landmarks = [
      `<li><a epub:type="toc" href="#toc">${escapeHtml(this.options.tocTitle)}</a></li>`,
      ...(first ? [`<li><a epub:type="bodymatter" href="${escapeHtml(first.filename ?? '')}">${escapeHtml(first.title ?? '')}</a></li>`] : []),
    ];
    return text
      .replace(/<nav id="toc" epub:type="toc">/, '<nav id="toc" epub:type="toc" role="doc-toc">')
      .replace(/<\/body>/, `<nav epub:type="landmarks" id="landmarks" hidden="hidden"><ol>${landmarks.join('')}</ol></nav>\n</body>`);
  }
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

/**
 * EPUB Accessibility 1.1 metadata: how the book can be read (text alone suffices: every image carries its description,
 * or an empty one when it only decorates, as HTML means it), its navigation features, no hazards, and the conformance
 * it is built to (WCAG 2.1 AA).
 */
export function accessibilityMetadata(html: string): string {
  const described = /<img\b[^>]*\balt="[^"]*[^"\s][^"]*"/.test(html);
  const meta = (property: string, value: string) => `        <meta property="${property}">${escapeHtml(value)}</meta>`;
  return [
    meta('schema:accessMode', 'textual'),
    ...(described ? [meta('schema:accessMode', 'visual')] : []),
    meta('schema:accessModeSufficient', 'textual'),
    ...['structuralNavigation', 'tableOfContents', 'readingOrder', ...(described ? ['alternativeText'] : [])].map((f) => meta('schema:accessibilityFeature', f)),
    meta('schema:accessibilityHazard', 'none'),
    meta(
      'schema:accessibilitySummary',
      `Reflowable text with headings, a table of contents and landmarks, in reading order, in the book's language.${described ? ' Every image has a text description, except those that only decorate.' : ''}`,
    ),
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
export const writeEpub = (options: Options, sections: Chapter[], images: BookImages = NO_IMAGES): Promise<Buffer> =>
  new SealedEpub({ ...options, version: 3 }, sections, images).genEpub();

const ENGLISH = bookLanguage(DEFAULT_LANGUAGE_TAG);

/**
 * Markdown → XHTML-safe HTML: no raw HTML, links only to the web and to e-mail addresses, and images only the book's
 * own, each `<img>` with the source `src` gives it (by default the path the Markdown names it by). Footnotes are
 * headed in the book's language.
 */
export function markdownToHtml(
  markdown: string,
  images: BookImages = NO_IMAGES,
  src: (image: ManuscriptImage, path: string) => string = (_, path) => path,
  language: BookLanguage = ENGLISH,
): string {
  const toHtml = unified().use(remarkRehype, { footnoteLabel: language.labels.footnotes }).use(rehypeStringify);
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
export function referencesHtml(references: BookReference[], language: BookLanguage = ENGLISH): string {
  const item = (r: BookReference) => {
    const { source, passages } = referenceParts(r, language);
    return `<li value="${r.n}">${escapeHtml(source)}${passages.length ? `<br/><small>${escapeHtml(language.labels.passagesCited)}: ${escapeHtml(passages.join('; '))}</small>` : ''}</li>`;
  };
  return `<ol>${[...references].sort((a, b) => a.n - b.n).map(item).join('')}</ol>`;
}

/** The same book as an EPUB 3: introduction, chapters, summary and references, with a navigable contents. */
export async function renderEpub(book: Manuscript): Promise<Buffer> {
  const language = bookLanguage(book.language);
  const { labels } = language;
  const images = book.images ?? NO_IMAGES;
  const html = (markdown: string) => markdownToHtml(markdown, images, undefined, language);
  const sections = [
    ...(book.introduction ? [{ title: labels.introduction, content: html(book.introduction), filename: 'introduction.xhtml' }] : []),
    ...book.chapters.map((c, i) => ({ title: `${c.number}. ${c.title}`, content: html(c.content), filename: `chapter-${String(i + 1).padStart(3, '0')}.xhtml` })),
    ...(book.summary ? [{ title: labels.summary, content: html(book.summary), filename: 'summary.xhtml' }] : []),
    ...(book.references.length ? [{ title: labels.references, content: referencesHtml(book.references, language), filename: 'references.xhtml' }] : []),
  ];
  return writeEpub(
    {
      title: book.title,
      author: book.author,
      // Everything else in the book's language follows from its tag (SealedEpub).
      lang: language.tag,
      description: `${book.title} — ${fillLabel(labels.byline, { author: book.author })}`,
      tocTitle: labels.contents,
      publisher: 'Pressroom',
      verbose: false,
    },
    sections,
    images,
  );
}
