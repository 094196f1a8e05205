import type { Nodes, Parents, PhrasingContent, Root, RootContent } from 'mdast';
import { bookImageRef } from './book-images.ts';

/**
 * Book text comes from authors, their uploaded sources and model output, so anything in it may try to make a renderer
 * fetch or read a resource (`![x](file:///etc/hostname)`, `<img src="http://127.0.0.1/...">`). The rule every
 * renderer follows: a book admits no external resource. An image stays an image only when it names one of the book's
 * own images (book-images.ts) that the caller admits; every other image becomes its alt text, raw HTML becomes its
 * text, and a link stays a link only to the web or to an e-mail address; other links become their text. Pure: the
 * server's renderers and the portal's exports share it.
 */

/** A link a book may carry: http(s) or mailto, with nothing a later tool could read as markup or a shortcode. */
export const isAdmittedUrl = (url: string) => /^(?:https?:\/\/|mailto:)[^\s{}<>"\\]*$/i.test(url);

// Elements whose content is not text: dropped whole.
const NON_TEXT_ELEMENTS = /<(script|style|iframe|object|embed|template|noscript|textarea|title|svg|math|head)\b[\s\S]*?<\/\1\s*>/gi;

/** Raw HTML → the text in it: comments, scripts, styles, embeds and every tag dropped. */
export const htmlAsText = (html: string) =>
  html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(NON_TEXT_ELEMENTS, '')
    .replace(/<[^>]*(?:>|$)/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The book's own images a text may show, by the path it names them by (`images/<uuid>.png`). */
export interface AdmittedImages {
  has(path: string): boolean;
}

const NO_IMAGES: AdmittedImages = new Set<string>();

const isAdmittedImage = (url: string | undefined, images: AdmittedImages) => url !== undefined && bookImageRef(url) !== null && images.has(url);

const LINE_BREAK = /^<br\s*\/?>$/i;
const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

const definitionsOf = (tree: Root) => {
  const urls = new Map<string, string>();
  const collect = (node: Nodes) => {
    if (node.type === 'definition') urls.set(node.identifier, node.url);
    if ('children' in node) for (const child of node.children) collect(child);
  };
  collect(tree);
  return urls;
};

/**
 * The rule on a syntax tree (a remark transformer): images but the admitted ones, raw HTML, definitions and other
 * links replaced. An admitted image named through a definition becomes an image with the definition's path. The tree
 * given is left as it is: the result shares its unchanged parts (the tree itself when nothing goes).
 */
export function admitNoExternalResources(tree: Root, images: AdmittedImages = NO_IMAGES): Root {
  const definitions = definitionsOf(tree);
  const replace = (node: RootContent, parent: Parents): RootContent[] => {
    switch (node.type) {
      case 'image':
        if (isAdmittedImage(node.url, images)) return [node];
        return node.alt ? [{ type: 'text', value: node.alt }] : [];
      case 'imageReference': {
        const url = definitions.get(node.identifier);
        if (isAdmittedImage(url, images)) return [{ type: 'image', url: url as string, alt: node.alt ?? '' }];
        return node.alt ? [{ type: 'text', value: node.alt }] : [];
      }
      case 'html': {
        if (LINE_BREAK.test(node.value.trim())) return FLOW_PARENTS.has(parent.type) ? [] : [{ type: 'break' }];
        const value = htmlAsText(node.value);
        if (!value) return [];
        return FLOW_PARENTS.has(parent.type) ? [{ type: 'paragraph', children: [{ type: 'text', value }] }] : [{ type: 'text', value }];
      }
      case 'definition':
        return [];
      case 'link':
        return isAdmittedUrl(node.url) ? [node] : node.children;
      case 'linkReference': {
        const url = definitions.get(node.identifier);
        return url !== undefined && isAdmittedUrl(url) ? [{ type: 'link', url, children: node.children }] : node.children;
      }
      default:
        return [node];
    }
  };
  const same = (a: readonly RootContent[], b: readonly RootContent[]) => a.length === b.length && a.every((child, i) => child === b[i]);
  const admitted = <T extends Parents>(parent: T): T => {
    // A replacement's own children are checked too (an image inside a link that goes).
    let children = parent.children as RootContent[];
    for (let changed = true; changed; ) {
      const next = children.flatMap((child) => replace(child, parent));
      changed = !same(next, children);
      children = next;
    }
    children = children.map((child) => ('children' in child ? admitted(child) : child));
    return same(children, parent.children as RootContent[]) ? parent : { ...parent, children };
  };
  return admitted(tree);
}

/** The rule as a remark plugin: `unified().use(remarkParse).use(remarkGfm).use(remarkAdmitNoExternalResources[, images])`. */
export const remarkAdmitNoExternalResources = (images: AdmittedImages = NO_IMAGES) => (tree: Root) => admitNoExternalResources(tree, images);

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Text that Markdown (CommonMark or Pandoc) shows as typed: every ASCII punctuation character escaped. */
const markdownLiteral = (text: string) => text.replace(/[!-/:-@[-`{-~]/g, '\\$&');

// In a text node's source: an escape kept as it is, a backslash before a letter (raw TeX to Pandoc), a brace (a Pandoc
// attribute such as {=html}, or a Quarto shortcode {{< include ... >}}) or a `<`. GFM reads a `<` as text where Pandoc
// may read a tag: GFM splits a table row at every `|` before it reads the cells, Pandoc reads a tag whose attribute
// holds a `|` (`<img onerror="a||b">`) as one piece of raw HTML.
const TEXT_MARKUP = /\\(?=[A-Za-z])|\\[\s\S]|[{}<]/g;

/** Whether a fenced block's source (from its opening fence) ends with its closing fence: as many marks or more, on a line of their own after the container's marks. */
function closesFence(source: string, opening: string): boolean {
  const lines = source.split(/\r?\n|\r/);
  const last = lines.length > 1 ? /^[ \t>]*([`~]{3,})[ \t]*$/.exec(lines.at(-1) as string) : null;
  return !!last && (last[1] as string)[0] === opening[0] && (last[1] as string).length >= opening.length && new Set(last[1]).size === 1;
}

function sourceEdits(markdown: string, tree: Root, images: AdmittedImages): Edit[] {
  const definitions = definitionsOf(tree);
  const edits: Edit[] = [];
  const span = (node: Nodes) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    return start === undefined || end === undefined ? undefined : { start, end };
  };
  const replace = (node: Nodes, text: string) => {
    const at = span(node);
    if (at) edits.push({ ...at, text });
  };
  /** A link that goes: its brackets and destination removed, its text kept. */
  const unwrap = (node: Nodes & { children: PhrasingContent[] }) => {
    const at = span(node);
    const first = node.children[0] && span(node.children[0]);
    const last = node.children.at(-1) && span(node.children.at(-1) as PhrasingContent);
    if (!at) return;
    if (!first || !last) return edits.push({ ...at, text: '' });
    edits.push({ start: at.start, end: first.start, text: '' }, { start: last.end, end: at.end, text: '' });
  };
  const visit = (node: Nodes) => {
    switch (node.type) {
      case 'image':
      case 'imageReference': {
        // An admitted image is written out again, inline: its description as plain text, its path and nothing else.
        const url = node.type === 'image' ? node.url : definitions.get(node.identifier);
        return replace(node, isAdmittedImage(url, images) ? `![${markdownLiteral(node.alt ?? '')}](${url})` : markdownLiteral(node.alt ?? ''));
      }
      case 'html':
        return replace(node, LINE_BREAK.test(node.value.trim()) ? ' ' : markdownLiteral(htmlAsText(node.value)));
      case 'definition':
        return isAdmittedUrl(node.url) ? undefined : replace(node, '');
      case 'link':
        if (!isAdmittedUrl(node.url)) unwrap(node);
        break;
      case 'linkReference': {
        const url = definitions.get(node.identifier);
        if (url === undefined || !isAdmittedUrl(url)) unwrap(node);
        break;
      }
      case 'code': {
        const at = span(node);
        if (!at) return;
        const source = markdown.slice(at.start, at.end);
        const fence = /^([`~]{3,})[^\n]*/.exec(source);
        if (!fence) return;
        // GFM ends a fence left open where its container (a footnote, a quote, the text) ends; Pandoc reads no code
        // block there, so the lines under it are Markdown, raw HTML included. It is not a fence: the next round reads them.
        if (!closesFence(source, fence[1] as string)) return edits.push({ start: at.start, end: at.start + (fence[1] as string).length, text: markdownLiteral(fence[1] as string) });
        // A fenced block whose info is in braces runs code ({python}) or passes raw markup ({=html}) in Quarto.
        if (/[{}]/.test(`${node.lang ?? ''} ${node.meta ?? ''}`)) edits.push({ start: at.start, end: at.start + fence[0].length, text: `${fence[1]}${(node.lang ?? '').replace(/[^\w+-]/g, '')}` });
        return;
      }
      case 'text': {
        const at = span(node);
        if (!at) return;
        for (const match of markdown.slice(at.start, at.end).matchAll(TEXT_MARKUP)) {
          if (match[0].length === 2) continue;
          edits.push({ start: at.start + match.index, end: at.start + match.index + match[0].length, text: `\\${match[0]}` });
        }
        return;
      }
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return edits;
}

const apply = (markdown: string, edits: Edit[]) => {
  let out = markdown;
  for (const edit of edits.sort((a, b) => b.start - a.start || b.end - a.end)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
};

// Quarto expands a shortcode anywhere in a file, code included; tripled braces are its escape.
const escapeShortcodes = (markdown: string) => markdown.replace(/(?<!\{)\{\{</g, '{{{<').replace(/>\}\}(?!\})/g, '>}}}');

/**
 * The rule on Markdown that another tool renders later (Quarto and Pandoc for the project zip, a Markdown viewer for
 * an export): the source kept as written except where it names a resource or markup (images but the admitted ones,
 * raw HTML, links that are neither web nor mail, fences and attributes in braces, raw TeX, shortcodes). Removing text
 * can join what was apart (`!` + `<span>` + `[a](url)` becomes an image), so the source is parsed again until
 * nothing changes.
 */
export function withoutExternalResources(markdown: string, parse: (markdown: string) => Root, images: AdmittedImages = NO_IMAGES): string {
  let current = markdown;
  for (let round = 0; round < 10; round++) {
    const next = escapeShortcodes(apply(current, sourceEdits(current, parse(current), images)));
    if (next === current) return current;
    current = next;
  }
  return markdownLiteral(markdown);
}
