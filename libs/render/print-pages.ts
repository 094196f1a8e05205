import { createHash } from 'node:crypto';
import { DEFAULT_TRIM_SIZE, trimInches } from '../domain/index.ts';
import type { Manuscript } from './interior.ts';
import { typstString } from './markdown-to-typst.ts';

/**
 * Where the printed book's pages begin, for the EPUB's page-list (EPUB Accessibility: a reader can follow a class
 * that cites "page 42" of the print edition). The interior marks the start of each block of text (a Markdown block
 * of a part, a reference, a part's heading) with a Typst metadata element, which lays out nothing; after typesetting,
 * one query reads the page each mark fell on.
 */
export interface PrintPages {
  /** The manuscript the pages were typeset from (manuscriptFingerprint): another text has other pages. */
  fingerprint: string;
  /** For each block (blockKey), the print pages that begin at it, before its text; in reading order. */
  before: Record<string, number[]>;
}

/** A part of the book, as both the interior and the EPUB name it. */
export type PartKey = 'introduction' | 'summary' | 'references' | `chapter-${number}`;

/**
 * A block of a part: its heading (`h`), a Markdown block by where it begins in the part's source (the offset both
 * renderers read from the same syntax tree), or a reference by its number.
 */
export const blockKey = (part: PartKey, block: 'h' | number | `ref-${number}`) => `${part}:${block}`;

/** A chapter's part key, by its place in the book (its EPUB file is numbered the same way). */
export const chapterKey = (index: number): PartKey => `chapter-${index + 1}`;

const MARK_LABEL = '<print-page-mark>';
const PAGES_LABEL = '<print-pages>';

/** The mark of a block, on its own line before the block's markup. */
export const pageMark = (key: string) => `#metadata(${typstString(key)}) ${MARK_LABEL}\n`;

/** At the end of the interior: the page of every mark, as one metadata value the typesetter is asked for. */
export const PAGES_QUERY = {
  source: `#context [#metadata(query(${MARK_LABEL}).map(m => (m.value, m.location().page()))) ${PAGES_LABEL}]`,
  label: PAGES_LABEL,
};

/**
 * Each mark's block gets the pages that begin between the mark before it and its own: a page that begins inside a
 * long block is marked before the next one (the nearest a reflowable book can show it), a blank verso before the part
 * that follows it. The pages before the first mark (title, copyright, contents) are not in the EPUB's text.
 */
export function printPagesOf(marks: readonly (readonly [key: string, page: number])[], fingerprint: string): PrintPages {
  const before: Record<string, number[]> = {};
  let last = (marks[0]?.[1] ?? 1) - 1;
  for (const [key, page] of marks) {
    if (page <= last) continue;
    (before[key] ??= []).push(...Array.from({ length: page - last }, (_, i) => last + 1 + i));
    last = page;
  }
  return { fingerprint, before };
}

/** What decides a book's pages: its text, images, language and page size (the default trim when it names none). */
export function manuscriptFingerprint(book: Manuscript): string {
  const hash = createHash('sha256');
  const { images, ...text } = book;
  hash.update(JSON.stringify({ ...text, trim: text.trim ?? trimInches(DEFAULT_TRIM_SIZE) }));
  for (const [path, image] of [...(images ?? new Map())].sort(([a], [b]) => a.localeCompare(b))) hash.update(`\n${path}\n`).update(image.data);
  return hash.digest('hex');
}
