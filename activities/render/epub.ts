import { createRequire } from 'node:module';
import type { Chapter, Options } from 'epub-gen-memory';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { languageCode } from '../../libs/domain/index.ts';
import type { Manuscript } from './interior.ts';

// A CommonJS build of an ESM package: required, its function is `default`.
const { default: epub } = createRequire(import.meta.url)('epub-gen-memory') as {
  default: (options: Options, content: Chapter[], version?: 3 | 2) => Promise<Buffer>;
};

const toHtml = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeStringify);

/** Markdown → XHTML-safe HTML (raw HTML in the text is dropped by remark-rehype, so nothing unsafe passes). */
export const markdownToHtml = (markdown: string) => String(toHtml.processSync(markdown));

/** The same book as an EPUB 3: introduction, chapters, summary and references, with a navigable contents. */
export async function renderEpub(book: Manuscript): Promise<Buffer> {
  const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
  const sections = [
    ...(book.introduction ? [{ title: 'Introduction', content: markdownToHtml(book.introduction) }] : []),
    ...book.chapters.map((c) => ({ title: `${c.number}. ${c.title}`, content: markdownToHtml(c.content) })),
    ...(book.summary ? [{ title: 'Summary', content: markdownToHtml(book.summary) }] : []),
    ...(book.references.length ? [{ title: 'References', content: `<ol>${book.references.map((r) => `<li value="${r.n}">${escape(r.filename)}</li>`).join('')}</ol>` }] : []),
  ];
  return epub(
    {
      title: book.title,
      author: book.author,
      lang: languageCode(book.language),
      description: `${book.title}, by ${book.author}`,
      tocTitle: 'Contents',
      publisher: 'Pressroom',
      ignoreFailedDownloads: true,
      verbose: false,
    },
    sections,
    3,
  );
}
