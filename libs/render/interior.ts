import { languageCode, referenceParts, type BookImageType, type BookReference } from '../domain/index.ts';
import { compileToPdf } from './fonts.ts';
import { NO_IMAGES } from './images.ts';
import { escapeText, markdownToTypst, typstImagePath, typstString } from './markdown-to-typst.ts';

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

/** The interior as Typst source: a real book's front matter, chapters on right-hand pages, running heads. */
export function interiorSource(book: Manuscript, trim: TrimSize = TRIM_6X9): string {
  const lang = languageCode(book.language);
  const images = book.images ?? NO_IMAGES;
  const typst = (markdown: string) => markdownToTypst(markdown, { images });
  const title = escapeText(book.title);
  const author = escapeText(book.author);
  const parts = [
    `#set document(title: ${typstString(book.title)}, author: ${typstString(book.author)})`,
    `#set page(width: ${trim.widthIn}in, height: ${trim.heightIn}in, margin: (inside: 0.875in, outside: 0.625in, top: 0.8in, bottom: 0.75in))`,
    `#set text(font: "Libertinus Serif", size: 10.5pt, lang: ${typstString(lang)}, hyphenate: true, costs: (widow: 100%, orphan: 100%))`,
    '#set par(justify: true, leading: 0.62em, spacing: 0.62em, first-line-indent: 1.2em)',
    '#show heading: set text(hyphenate: false)',
    '#show heading.where(level: 2): set heading(bookmarked: false)',
    '#show heading.where(level: 3): set heading(bookmarked: false)',
    // A part opens on a right-hand page: the verso that the break may leave blank takes the break's own page
    // settings (no head, no folio); the part's page settings name its running head, so no page queries the headings.
    '#let recto() = { set page(header: none, footer: none); pagebreak(to: "odd", weak: true) }',
    '#show heading.where(level: 1): it => { v(1.4in); block(text(size: 20pt, weight: "bold", it.body)); v(0.45in) }',
    '#show heading.where(level: 2): it => block(above: 1.4em, below: 0.8em, text(size: 12.5pt, weight: "bold", it.body))',
    '#show quote.where(block: true): it => pad(x: 1.5em, text(style: "italic", it))',
    // Running heads: the book title on left pages, the part on right pages, none where the part opens.
    `#let running-head(part) = context {
      let here-page = here().page()
      let opening = query(part).at(0, default: none)
      if opening == none or here-page == opening.location().page() { return }
      set text(size: 8.5pt, style: "italic")
      if calc.even(here-page) { align(left, ${typstString(book.title)}) } else { align(right, opening.body) }
    }`,
    '#let folio = context { set text(size: 9pt); align(center, counter(page).display()) }',
    // Title page and copyright page, without heads or numbers.
    `#page(header: none, footer: none)[#v(2.2in)#align(center)[#text(size: 26pt, weight: "bold")[${title}] #v(0.4in) #text(size: 14pt)[${author}]]]`,
    `#page(header: none, footer: none)[#v(1fr)#text(size: 8.5pt)[Copyright © ${new Date().getFullYear()} ${author}. All rights reserved. #linebreak() Made with Pressroom.]]`,
    '#page(header: none, footer: folio)[#v(1.4in)#text(size: 20pt, weight: "bold")[Contents]#v(0.45in)#outline(title: none, depth: 1, indent: 0pt)]',
  ];
  /** A part: on a right-hand page, its heading labelled for its running head. */
  const part = (heading: string, body: string) => {
    const label = `<part-${parts.length}>`;
    return `#recto()\n#set page(header: running-head(${label}), footer: folio)\n= ${heading} ${label}\n\n${body}`;
  };
  if (book.introduction) parts.push(part('Introduction', typst(book.introduction)));
  for (const chapter of book.chapters) parts.push(part(`${chapter.number}. ${escapeText(chapter.title)}`, typst(chapter.content)));
  if (book.summary) parts.push(part('Summary', typst(book.summary)));
  if (book.references.length) {
    // Each source: its number, title and file name, then the passages the chapters quote from it.
    const entry = (r: BookReference) => {
      const { label, source, passages } = referenceParts(r);
      const cited = passages.length ? `\n#pad(left: 1.2em, text(size: 9pt)[Passages cited: ${escapeText(passages.join('; '))}])` : '';
      return `#block(above: 0.9em)[${escapeText(`${label} ${source}`)}${cited}]`;
    };
    parts.push(part('References', `#set par(first-line-indent: 0pt, justify: false)\n${[...book.references].sort((a, b) => a.n - b.n).map(entry).join('\n')}`));
  }
  return parts.join('\n\n');
}

/** Typesets the interior, handing Typst the bytes of the images it draws; the page count is read from the typeset document. */
export function renderInterior(book: Manuscript, trim: TrimSize = TRIM_6X9): { pdf: Buffer; pageCount: number } {
  const source = interiorSource(book, trim);
  const files = new Map<string, Uint8Array>();
  for (const [path, image] of book.images ?? NO_IMAGES) {
    const at = typstImagePath(path);
    if (at && source.includes(typstString(at))) files.set(at, image.data);
  }
  return compileToPdf(source, files);
}
