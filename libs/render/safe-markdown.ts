import type { Root } from 'mdast';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Construct, Extension, Tokenizer } from 'micromark-util-types';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import { admitNoExternalResources, withoutExternalResources } from '../domain/index.ts';
import { NO_IMAGES, type BookImages } from './images.ts';
import { recentlyUsed } from './recently-used.ts';

// The text being parsed (parsing is synchronous): the table construct below reads ahead in it.
let source = '';

const isLineEnd = (c: string | undefined) => c === '\n' || c === '\r';
const blank = (line: string) => /^[ \t]*$/.test(line);

/** The raw line holding index `i` (a line ending ends the line before it), as its bounds. */
function lineAt(i: number): { start: number; end: number } {
  let start = i;
  while (start > 0 && !isLineEnd(source[start - 1])) start--;
  let end = i;
  while (end < source.length && !isLineEnd(source[end])) end++;
  return { start, end };
}

/** The raw line after the one holding `offset`, and whether the line before it is blank (or there is none). */
function around(offset: number): { next: string; blankBefore: boolean } {
  const line = lineAt(offset);
  const after = line.end < source.length ? lineAt(line.end + (source.startsWith('\r\n', line.end) ? 2 : 1)) : null;
  const before = line.start > 0 ? lineAt(line.start - (source.startsWith('\r\n', line.start - 2) ? 2 : 1)) : null;
  return {
    next: after ? source.slice(after.start, after.end) : '',
    blankBefore: !before || blank(source.slice(before.start, before.end)),
  };
}

/**
 * GFM's table construct, tried only where a row could be. micromark tries it at the start of every line, and reads
 * the whole line as a head row before it finds no delimiter row under it: in prose, a third of the parse. A line can
 * only start a table when the line under it holds a hyphen (every delimiter cell has one), and only continue one
 * when the line above it is not blank; any other line is refused at once, so the tree is the same.
 */
function gfmTableWhereRowsCanBe(): Extension {
  const table = gfmTable().flow?.null as Construct;
  const tokenize: Tokenizer = function (effects, ok, nok) {
    const row = table.tokenize.call(this, effects, ok, nok);
    return (code) => {
      const { next, blankBefore } = around(this.now().offset);
      return next.includes('-') || !blankBefore ? row(code) : nok(code);
    };
  };
  return { flow: { null: { ...table, tokenize } } };
}

/**
 * GFM's constructs, in remark-gfm's order, each with what a text must hold to contain one. micromark tries a
 * construct wherever it could start (autolink literals at every letter, a table at every line), which costs as much as
 * the rest of the parse; so a text is parsed with only the constructs whose marker it holds, to the tree full GFM
 * gives it (safe-markdown.test.ts).
 */
const GFM = [
  { marker: /www\.|https?:\/\/|@/i, syntax: gfmAutolinkLiteral, tree: gfmAutolinkLiteralFromMarkdown }, // bare addresses and e-mail addresses
  { marker: /\[\^/, syntax: gfmFootnote, tree: gfmFootnoteFromMarkdown },
  { marker: /~/, syntax: gfmStrikethrough, tree: gfmStrikethroughFromMarkdown },
  { marker: /\|/, syntax: gfmTableWhereRowsCanBe, tree: gfmTableFromMarkdown },
  { marker: /\[/, syntax: gfmTaskListItem, tree: gfmTaskListItemFromMarkdown },
] as const;
const parsers = new Map<number, (markdown: string) => Root>();

function parse(markdown: string): Root {
  const key = GFM.reduce((bits, construct, i) => (construct.marker.test(markdown) ? bits | (1 << i) : bits), 0);
  let parser = parsers.get(key);
  if (!parser) {
    const used = GFM.filter((_, i) => key & (1 << i));
    const processor = unified()
      .use(remarkParse)
      .use(function gfmConstructs(this: Processor) {
        const data = this.data();
        (data.micromarkExtensions ??= []).push(...used.map((c) => c.syntax()));
        (data.fromMarkdownExtensions ??= []).push(...used.map((c) => c.tree()));
      });
    parser = (text) => {
      source = text;
      try {
        return processor.parse(text);
      } finally {
        source = '';
      }
    };
    parsers.set(key, parser);
  }
  return parser(markdown);
}

// A book's formats are rendered one after another by the same long-lived worker, each from the same chapters: every
// text is parsed once for all of them (parsing is most of the cost outside Typst). The trees are shared: read-only.
// A tree takes about 5 bytes of heap per character of its text, so each memo holds at most some 20 MB.
const LIMIT_CHARS = 4_000_000;
const parsed = recentlyUsed<Root>(LIMIT_CHARS);
const admitted = recentlyUsed<Root>(LIMIT_CHARS);
// The admitted tree of a book with images depends on them too: keyed by their paths (JSON, so on one line) and the text.
const admittedWithImages = recentlyUsed<Root>(LIMIT_CHARS);

/** Book Markdown (GFM) as written, parsed; the tree is shared and must not be changed. */
export const parseMarkdown = (markdown: string): Root => parsed(markdown, () => parse(markdown));

/**
 * Book Markdown as every renderer reads it: parsed, then rid of anything that names an external resource; an image
 * stays only when it names one of the book's own images. Read-only.
 */
export function parseBookMarkdown(markdown: string, images: BookImages = NO_IMAGES): Root {
  const admit = () => admitNoExternalResources(parseMarkdown(markdown), images);
  return images.size ? admittedWithImages(`${JSON.stringify([...images.keys()].sort())}\n${markdown}`, admit) : admitted(markdown, admit);
}

/** Book Markdown for a tool that renders it later (Quarto): the same rule, applied to the source. */
export const safeMarkdownSource = (markdown: string, images: BookImages = NO_IMAGES) => withoutExternalResources(markdown, parseMarkdown, images);

/** Forgets every parsed text (so the bench renders each run as a new book). */
export const forgetParsedMarkdown = () => {
  parsed.clear();
  admitted.clear();
  admittedWithImages.clear();
};
