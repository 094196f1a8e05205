import escapeHtml from 'escape-html';
import { createRequire } from 'node:module';
import type { Chapter, EPub as EPubClass, Options } from 'epub-gen-memory';
import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { languageCode } from '../domain/index.ts';
import type { Manuscript } from './interior.ts';
import { parseBookMarkdown } from './safe-markdown.ts';

// A CommonJS build of an ESM package: required.
const { EPub } = createRequire(import.meta.url)('epub-gen-memory') as { EPub: typeof EPubClass };

export const EPUB_REFUSES_DOWNLOADS = 'An EPUB holds only its own text: it fetches no image, font or cover';

/**
 * epub-gen-memory downloads every `<img src>`, font and cover it is given (over HTTP, or from the disk for file:
 * URLs), and has no option to stop it. The book's HTML names nothing (see safe-markdown.ts); should anything ever
 * get through, the EPUB fails rather than fetch it.
 */
class SealedEpub extends EPub {
  protected override async downloadAllImages() {
    if (this.images.length) throw new Error(EPUB_REFUSES_DOWNLOADS);
  }
  protected override async downloadAllFonts() {
    if (this.options.fonts.length) throw new Error(EPUB_REFUSES_DOWNLOADS);
  }
  protected override async makeCover() {
    if (this.cover) throw new Error(EPUB_REFUSES_DOWNLOADS);
  }
}

/** An EPUB 3 of the given XHTML sections, fetching nothing. */
export const writeEpub = (options: Options, sections: Chapter[]): Promise<Buffer> => new SealedEpub({ ...options, version: 3 }, sections).genEpub();

const toHtml = unified().use(remarkRehype).use(rehypeStringify);

/** Markdown → XHTML-safe HTML: no image, no raw HTML, links only to the web and to e-mail addresses. */
export const markdownToHtml = (markdown: string) => toHtml.stringify(toHtml.runSync(parseBookMarkdown(markdown)));

/** The same book as an EPUB 3: introduction, chapters, summary and references, with a navigable contents. */
export async function renderEpub(book: Manuscript): Promise<Buffer> {
  const sections = [
    ...(book.introduction ? [{ title: 'Introduction', content: markdownToHtml(book.introduction) }] : []),
    ...book.chapters.map((c) => ({ title: `${c.number}. ${c.title}`, content: markdownToHtml(c.content) })),
    ...(book.summary ? [{ title: 'Summary', content: markdownToHtml(book.summary) }] : []),
    ...(book.references.length ? [{ title: 'References', content: `<ol>${book.references.map((r) => `<li value="${r.n}">${escapeHtml(r.filename)}</li>`).join('')}</ol>` }] : []),
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
  );
}
