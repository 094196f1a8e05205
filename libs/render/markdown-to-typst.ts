import type { RootContent, PhrasingContent } from 'mdast';
import { bookImagePath, bookImageRef, joinCjkLines } from '../domain/index.ts';
import { NO_IMAGES, naturalWidthIn, type BookImages } from './images.ts';
import { parseBookMarkdown } from './safe-markdown.ts';

/**
 * Markdown (as chapters are written) → Typst markup, over remark's syntax tree, so every character of the
 * author's text is escaped and nothing in it can run as Typst code or make Typst read a file (links only to the web
 * and to e-mail addresses, and images only the book's own, at paths this module writes: safe-markdown.ts).
 */

/** Text in Typst markup: every character with a meaning is escaped. */
export function escapeText(text: string): string {
  return text.replace(/[\\#*_`$<>@[\]~=/+\-"']/g, (c) => (c === '"' || c === "'" ? c : `\\${c}`));
}

/**
 * Running text as Typst markup: the source's line breaks and spaces collapse to one space (none between CJK
 * characters, which are written without spaces), and non-breaking spaces stay non-breaking.
 */
export function flowText(text: string): string {
  return escapeText(joinCjkLines(text).replace(/[ \t\r\n]+/g, ' '))
    .replace(/\u00a0/g, '~')
    .replace(/\u202f/g, '\\u{202f}')
    // No line ends at a compound's hyphen: text extraction takes a hyphen ending a line for a break inside one word
    // and drops it ("would-" + "be" read as "wouldbe"), so search, copy and screen readers would get a wrong word.
    .replace(/[\p{L}\p{M}\p{N}]+(?:\\-[\p{L}\p{M}\p{N}]+)+/gu, '#box[$&];');
}

/** A Typst string literal. */
export const typstString = (text: string) => JSON.stringify(text);

/**
 * Where Typst finds a book image: a path under the compiler's root, made of the image's id alone (fonts.ts hands
 * Typst the bytes under this path; nothing is on disk). Null for a path that names no book image.
 */
export function typstImagePath(path: string): string | null {
  const ref = bookImageRef(path);
  return ref && `/${bookImagePath(ref)}`;
}

/**
 * `mark`, when given, writes markup before each top-level block, given where the block begins in `markdown` (the
 * interior marks where print pages begin: print-pages.ts).
 */
export function markdownToTypst(
  markdown: string,
  { headingOffset = 1, images = NO_IMAGES, mark }: { headingOffset?: number; images?: BookImages; mark?: (offset: number) => string } = {},
): string {
  const tree = parseBookMarkdown(markdown, images);
  const footnotes = new Map<string, RootContent[]>();
  for (const node of tree.children) if (node.type === 'footnoteDefinition') footnotes.set(node.identifier, node.children);

  const inline = (nodes: PhrasingContent[]): string => nodes.map(phrasing).join('');
  // Outline levels without gaps (a chapter whose sections start at ### still nests them right under its title, as
  // tagged PDF and screen readers require): the depths of the open headings, shallowest first.
  const open: number[] = [];
  const level = (depth: number) => {
    while (open.length && (open.at(-1) as number) >= depth) open.pop();
    open.push(depth);
    return open.length;
  };
  const blocks = (nodes: RootContent[]): string => nodes.map(block).filter(Boolean).join('\n\n');

  function phrasing(node: PhrasingContent): string {
    switch (node.type) {
      case 'text':
        return flowText(node.value);
      case 'strong':
        return `#strong[${inline(node.children)}]`;
      case 'emphasis':
        return `#emph[${inline(node.children)}]`;
      case 'delete':
        return `#strike[${inline(node.children)}]`;
      case 'inlineCode':
        return `#raw(${typstString(node.value)})`;
      case 'break':
        return ' \\\n';
      case 'link':
        return `#link(${typstString(node.url)})[${inline(node.children)}]`;
      case 'image': {
        // Only the book's own images are left in the tree (safe-markdown.ts): drawn at their natural size, at most
        // as wide as the text, with the description as the caption and alt text. One without a description is
        // decorative (as in HTML): an artifact, which screen readers and the text layer pass by.
        const image = images.get(node.url);
        const path = typstImagePath(node.url);
        if (!image || !path) return '';
        const alt = (node.alt ?? '').replace(/\s+/g, ' ').trim();
        const width = naturalWidthIn(image).toFixed(3);
        const drawn = (described: string) => `layout(size => image(${typstString(path)}, width: calc.min(size.width, ${width}in)${described}))`;
        if (!alt) return `#align(center, pdf.artifact(${drawn('')}))`;
        return `#figure(${drawn(`, alt: ${typstString(alt)}`)}, caption: [${escapeText(alt)}])`;
      }
      case 'footnoteReference': {
        const content = footnotes.get(node.identifier);
        return content ? `#footnote[${blocks(content)}]` : '';
      }
      default:
        return 'children' in node ? inline((node as { children: PhrasingContent[] }).children) : '';
    }
  }

  function block(node: RootContent): string {
    switch (node.type) {
      case 'paragraph':
        return inline(node.children);
      case 'heading':
        return `${'='.repeat(Math.min(6, level(node.depth) + headingOffset))} ${inline(node.children)}`;
      case 'blockquote':
        return `#quote(block: true)[${blocks(node.children)}]`;
      case 'list': {
        const items = node.children.map((item) => `[${blocks(item.children)}]`).join(', ');
        return node.ordered ? `#enum(start: ${node.start ?? 1}, tight: ${!node.spread}, ${items})` : `#list(tight: ${!node.spread}, ${items})`;
      }
      case 'code':
        return `#raw(block: true${node.lang ? `, lang: ${typstString(node.lang)}` : ''}, ${typstString(node.value)})`;
      case 'thematicBreak':
        return '#align(center)[#sym.ast.op #h(1em) #sym.ast.op #h(1em) #sym.ast.op]';
      case 'table': {
        const [head, ...rows] = node.children;
        const header = `table.header(${(head?.children ?? []).map((cell) => `[#strong[${inline(cell.children)}]]`).join(', ')})`;
        const cells = rows.flatMap((row) => row.children.map((cell) => `[${inline(cell.children)}]`));
        return `#table(columns: ${head?.children.length ?? 1}, ${[header, ...cells].join(', ')})`;
      }
      case 'footnoteDefinition':
        return '';
      default:
        return 'children' in node ? blocks((node as { children: RootContent[] }).children) : '';
    }
  }

  if (!mark) return blocks(tree.children);
  return tree.children
    .map((node) => {
      const markup = block(node);
      return markup && `${mark(node.position?.start.offset ?? 0)}${markup}`;
    })
    .filter(Boolean)
    .join('\n\n');
}
