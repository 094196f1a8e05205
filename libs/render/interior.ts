import {
  CJK_SCRIPTS, PAGE_MARGINS, bookLanguage, copyrightLine, fontStack, insideMarginIn, referenceParts,
  type BookImageType, type BookLanguage, type BookReference, type BookScript, type ScriptFonts,
} from '../domain/index.ts';
import { assertPrintable, compileToPdf, type PdfStandard } from './fonts.ts';
import { NO_IMAGES } from './images.ts';
import { escapeText, markdownToTypst, typstImagePath, typstString } from './markdown-to-typst.ts';
import { blockKey, chapterKey, manuscriptFingerprint, pageMark, PAGES_QUERY, printPagesOf, type PartKey, type PrintPages } from './print-pages.ts';

export interface Manuscript {
  title: string;
  author: string;
  language: string;
  introduction?: string | null;
  chapters: { number: number; title: string; content: string }[];
  summary?: string | null;
  references: BookReference[];
  /**
   * The book's own images (libs/domain/book-images.ts), keyed by the path the Markdown names them by
   * (`images/<id>.png`): the only images a renderer draws. Any other image source is dropped.
   */
  images?: ReadonlyMap<string, ManuscriptImage>;
  /** The page size the author chose (6 × 9 in when not given). */
  trim?: TrimSize;
}

export interface ManuscriptImage {
  contentType: BookImageType;
  data: Uint8Array;
  width: number;
  height: number;
}

export interface TrimSize {
  widthIn: number;
  heightIn: number;
}

export const TRIM_6X9: TrimSize = { widthIn: 6, heightIn: 9 };

/**
 * The pages that carry text are the title and copyright pages and every page with a folio: a verso left blank so
 * that a part opens on a right-hand page has none.
 */
const TEXT_PAGE_LABEL = '<text-page>';

/**
 * A font list for Typst: the role's families for the book's language, best first. In a CJK book the Latin face sets
 * only Latin letters, so punctuation the two share (quotes, dashes) comes from the CJK face, at its width.
 */
export function typstFonts(language: BookLanguage, role: keyof ScriptFonts): string {
  const [first, ...rest] = fontStack(language, role);
  const head = CJK_SCRIPTS.has(language.script) ? `(name: ${typstString(first as string)}, covers: "latin-in-cjk")` : typstString(first as string);
  return `(${[head, ...rest.map(typstString)].join(', ')})`;
}

// Arabic is set without kerning: Typst writes a kerned Arabic letter as runs of its own, which PDF readers then take
// for words apart ("فر يقنا"), and the text layer is what search, copy and screen readers get.

/** Type size by script: Naskh's letters are small on their body, so Arabic books are set larger to read as easily. */
const SIZE: Partial<Record<BookScript, string>> = { Arab: '12.5pt' };

/** Line spacing by script: room for CJK ideographs and for the marks above and below Arabic, Indic and Thai letters. */
const LEADING: Partial<Record<BookScript, string>> = { Jpan: '0.9em', Hans: '0.9em', Hant: '0.9em', Kore: '0.85em', Arab: '0.85em', Deva: '0.85em', Beng: '0.85em', Thai: '0.85em', Hebr: '0.7em' };

/** The typeset `text(lang:, region:)` arguments of a language: hyphenation, quotes and direction follow from them. */
export const typstLanguage = (language: BookLanguage) =>
  `lang: ${typstString(language.typst.lang)}${language.typst.region ? `, region: ${typstString(language.typst.region)}` : ''}`;

/** Fails with the characters, by name, that no font covers, so a book never prints a box where a letter should be. */
function assertManuscriptPrintable(book: Manuscript): void {
  const language = bookLanguage(book.language);
  const references = book.references.map((r) => Object.values(referenceParts(r, language)).flat().join(' ')).join('\n');
  assertPrintable(`${book.title}\n${book.author}`, 'the title or author');
  assertPrintable(book.introduction ?? '', 'the introduction');
  for (const c of book.chapters) assertPrintable(`${c.title}\n${c.content}`, `chapter ${c.number}`);
  assertPrintable(book.summary ?? '', 'the summary');
  assertPrintable(references, 'the references');
}

/**
 * The interior as Typst source: a real book's front matter, chapters on right-hand pages, running heads. `insideIn` is
 * the binding margin, which grows with the page count (renderInterior finds it).
 */
export function interiorSource(book: Manuscript, trim: TrimSize = book.trim ?? TRIM_6X9, insideIn = insideMarginIn(0)): string {
  const language = bookLanguage(book.language);
  const { labels } = language;
  const m = PAGE_MARGINS;
  const images = book.images ?? NO_IMAGES;
  const typst = (key: PartKey, markdown: string) => markdownToTypst(markdown, { images, mark: (offset) => pageMark(blockKey(key, offset)) });
  const title = escapeText(book.title);
  const author = escapeText(book.author);
  // Scripts without italics show emphasis and quotations upright, never slanted by a faux italic.
  const emphasis = language.italic ? '' : '#show emph: it => text(weight: "bold", it.body)';
  const quoteText = language.italic ? 'text(style: "italic", it)' : 'it';
  const parts = [
    `#set document(title: ${typstString(book.title)}, author: ${typstString(book.author)})`,
    // The binding follows the text direction: a right-to-left book is bound on the right, its first page on the left.
    `#set page(width: ${trim.widthIn}in, height: ${trim.heightIn}in, margin: (inside: ${insideIn}in, outside: ${m.outsideIn}in, top: ${m.topIn}in, bottom: ${m.bottomIn}in), header-ascent: ${m.headGapIn}in, footer-descent: ${m.footGapIn}in)`,
    `#set text(font: ${typstFonts(language, 'serif')}, size: ${SIZE[language.script] ?? '10.5pt'}, ${typstLanguage(language)}, hyphenate: ${language.hyphenate}, costs: (widow: 100%, orphan: 100%)${language.script === 'Arab' ? ', kerning: false' : ''})`,
    `#set par(justify: true, leading: ${LEADING[language.script] ?? '0.62em'}, spacing: ${LEADING[language.script] ?? '0.62em'}, first-line-indent: ${CJK_SCRIPTS.has(language.script) ? '1em' : '1.2em'})`,
    emphasis,
    `#set figure(supplement: [${escapeText(labels.figure)}])`,
    '#show heading: set text(hyphenate: false)',
    '#show heading.where(level: 2): set heading(bookmarked: false)',
    '#show heading.where(level: 3): set heading(bookmarked: false)',
    // A part opens on a right-hand page: the verso that the break may leave blank takes the break's own page
    // settings (no head, no folio); the part's page settings name its running head, so no page queries the headings.
    '#let recto() = { set page(header: none, footer: none); pagebreak(to: "odd", weak: true) }',
    '#show heading.where(level: 1): it => { v(1.4in); block(text(size: 20pt, weight: "bold", it.body)); v(0.45in) }',
    '#show heading.where(level: 2): it => block(above: 1.4em, below: 0.8em, text(size: 12.5pt, weight: "bold", it.body))',
    `#show quote.where(block: true): it => pad(x: 1.5em, ${quoteText})`,
    // Running heads on the outer edge: the book title on versos, the part on rectos, none where the part opens.
    // Even pages' outer edge is the text's start in either direction (left in a left-to-right book, right in a
    // right-to-left one), odd pages' its end.
    `#let running-head(part) = context {
      let here-page = here().page()
      let opening = query(part).at(0, default: none)
      if opening == none or here-page == opening.location().page() { return }
      set text(size: 8.5pt, style: ${language.italic ? '"italic"' : '"normal"'})
      if calc.even(here-page) { align(start, ${typstString(book.title)}) } else { align(end, opening.body) }
    }`,
    `#let folio = context { set text(size: 9pt); align(center, counter(page).display()); [#metadata(here().page()) ${TEXT_PAGE_LABEL}] }`,
    // Title page and copyright page, without heads or numbers.
    `#page(header: none, footer: none)[#v(2.2in)#align(center)[#text(size: 26pt, weight: "bold")[${title}] #v(0.4in) #text(size: 14pt)[${author}]]]`,
    `#page(header: none, footer: none)[#v(1fr)#text(size: 8.5pt)[${escapeText(copyrightLine(language, book.author, new Date().getFullYear()))}]]`,
    `#page(header: none, footer: folio)[#v(1.4in)#text(size: 20pt, weight: "bold")[${escapeText(labels.contents)}]#v(0.45in)#outline(title: none, depth: 1, indent: 0pt)]`,
  ].filter(Boolean);
  /** A part: on a right-hand page, its heading labelled for its running head. */
  const part = (key: PartKey, heading: string, body: string) => {
    const label = `<part-${parts.length}>`;
    return `#recto()\n#set page(header: running-head(${label}), footer: folio)\n${pageMark(blockKey(key, 'h'))}= ${heading} ${label}\n\n${body}`;
  };
  if (book.introduction) parts.push(part('introduction', escapeText(labels.introduction), typst('introduction', book.introduction)));
  book.chapters.forEach((chapter, i) => {
    const key = chapterKey(i);
    parts.push(part(key, `${chapter.number}. ${escapeText(chapter.title)}`, typst(key, chapter.content)));
  });
  if (book.summary) parts.push(part('summary', escapeText(labels.summary), typst('summary', book.summary)));
  if (book.references.length) {
    // Each source: its number, title and file name, then the passages the chapters quote from it.
    const entry = (r: BookReference) => {
      const { label, source, passages } = referenceParts(r, language);
      const cited = passages.length ? `\n#pad(${language.dir === 'rtl' ? 'right' : 'left'}: 1.2em, text(size: 9pt)[${escapeText(`${labels.passagesCited}: ${passages.join('; ')}`)}])` : '';
      return `${pageMark(blockKey('references', `ref-${r.n}`))}#block(above: 0.9em)[${escapeText(`${label} ${source}`)}${cited}]`;
    };
    parts.push(part('references', escapeText(labels.references), `#set par(first-line-indent: 0pt, justify: false)\n${[...book.references].sort((a, b) => a.n - b.n).map(entry).join('\n')}`));
  }
  parts.push(PAGES_QUERY.source);
  return parts.join('\n\n');
}

/**
 * Typesets the interior as PDF/UA-1 (a tagged PDF should the book break a rule of it), handing Typst the bytes of the
 * images it draws; the page count and the pages with text (`textPages`) are read from the typeset document. The
 * inside margin follows the page count: when the book is long enough to need a wider one, it is set again with it
 * (the margin only grows, so this ends).
 */
export function renderInterior(
  book: Manuscript,
  trim: TrimSize = book.trim ?? TRIM_6X9,
): { pdf: Buffer; pageCount: number; standard: PdfStandard | null; insideIn: number; printPages: PrintPages; textPages: number[] } {
  assertManuscriptPrintable(book);
  const files = new Map<string, Uint8Array>();
  for (const [path, image] of book.images ?? NO_IMAGES) {
    const at = typstImagePath(path);
    if (at) files.set(at, image.data);
  }
  let insideIn = insideMarginIn(0);
  for (;;) {
    const { queried, ...typeset } = compileToPdf(interiorSource(book, trim, insideIn), files, { standard: 'ua-1', queries: [PAGES_QUERY.label, TEXT_PAGE_LABEL] });
    const needed = insideMarginIn(typeset.pageCount);
    if (needed <= insideIn) {
      const [[marks], folios] = queried as [[[string, number][]], number[]];
      const textPages = [...new Set([1, 2, ...folios])].filter((page) => page <= typeset.pageCount).sort((a, b) => a - b);
      return { ...typeset, insideIn, printPages: printPagesOf(marks, manuscriptFingerprint({ ...book, trim })), textPages };
    }
    insideIn = needed;
  }
}
