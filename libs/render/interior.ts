import { languageCode } from '../domain/index.ts';
import { compileToPdf } from './fonts.ts';
import { escapeText, markdownToTypst, typstString } from './markdown-to-typst.ts';

export interface Manuscript {
  title: string;
  author: string;
  language: string;
  introduction?: string | null;
  chapters: { number: number; title: string; content: string }[];
  summary?: string | null;
  references: { n: number; filename: string }[];
}

export interface TrimSize {
  widthIn: number;
  heightIn: number;
}

export const TRIM_6X9: TrimSize = { widthIn: 6, heightIn: 9 };

/** The interior as Typst source: a real book's front matter, chapters on right-hand pages, running heads. */
export function interiorSource(book: Manuscript, trim: TrimSize = TRIM_6X9): string {
  const lang = languageCode(book.language);
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
    // Each part ends with a marker before the break to the next right-hand page: pages strictly between the last
    // marker and the next chapter's opening are the blank versos that break inserts (no head, no folio there).
    '#show heading.where(level: 1): it => { [#metadata("part-end")<part-end>]; pagebreak(to: "odd", weak: true); v(1.4in); block(text(size: 20pt, weight: "bold", it.body)); v(0.45in) }',
    '#show heading.where(level: 2): it => block(above: 1.4em, below: 0.8em, text(size: 12.5pt, weight: "bold", it.body))',
    '#show quote.where(block: true): it => pad(x: 1.5em, text(style: "italic", it))',
    // Running heads: the book title on left pages, the chapter on right pages, none where a chapter opens.
    `#let blank-page() = {
      let here-page = here().page()
      let ends = query(<part-end>).filter(m => m.location().page() < here-page)
      if ends.len() == 0 { return false }
      let next = query(heading.where(level: 1).after(ends.last().location()))
      next.len() > 0 and next.first().location().page() > here-page
    }`,
    `#set page(header: context {
      if blank-page() { return }
      let here-page = here().page()
      let openings = query(heading.where(level: 1)).filter(h => h.location().page() == here-page)
      if openings.len() > 0 { return }
      let before = query(heading.where(level: 1).before(here()))
      if before.len() == 0 { return }
      set text(size: 8.5pt, style: "italic")
      if calc.even(here-page) { align(left, ${typstString(book.title)}) } else { align(right, before.last().body) }
    }, footer: context {
      if blank-page() { return }
      set text(size: 9pt)
      align(center, counter(page).display())
    })`,
    // Title page and copyright page, without heads or numbers.
    `#page(header: none, footer: none)[#v(2.2in)#align(center)[#text(size: 26pt, weight: "bold")[${title}] #v(0.4in) #text(size: 14pt)[${author}]]]`,
    `#page(header: none, footer: none)[#v(1fr)#text(size: 8.5pt)[Copyright © ${new Date().getFullYear()} ${author}. All rights reserved. #linebreak() Made with Pressroom.]]`,
    '#page(header: none)[#v(1.4in)#text(size: 20pt, weight: "bold")[Contents]#v(0.45in)#outline(title: none, depth: 1, indent: 0pt)#metadata("part-end")<part-end>]',
  ];
  if (book.introduction) parts.push(`= Introduction\n\n${markdownToTypst(book.introduction)}`);
  for (const chapter of book.chapters) parts.push(`= ${chapter.number}. ${escapeText(chapter.title)}\n\n${markdownToTypst(chapter.content)}`);
  if (book.summary) parts.push(`= Summary\n\n${markdownToTypst(book.summary)}`);
  if (book.references.length) {
    parts.push(`= References\n\n#set par(first-line-indent: 0pt)\n${book.references.map((r) => `[${r.n}] ${escapeText(r.filename)}`).join(' \\\n')}`);
  }
  return parts.join('\n\n');
}

/** Typesets the interior; the page count is read from the typeset document. */
export function renderInterior(book: Manuscript, trim: TrimSize = TRIM_6X9): { pdf: Buffer; pageCount: number } {
  return compileToPdf(interiorSource(book, trim));
}
