import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { admitNoExternalResources, withoutExternalResources } from '../domain/index.ts';
import { recentlyUsed } from './recently-used.ts';

const parser = unified().use(remarkParse).use(remarkGfm);

// A book's formats are rendered one after another by the same long-lived worker, each from the same chapters: every
// text is parsed once for all of them (parsing is most of the cost outside Typst). The trees are shared: read-only.
// A tree takes about 5 bytes of heap per character of its text, so each memo holds at most some 20 MB.
const LIMIT_CHARS = 4_000_000;
const parsed = recentlyUsed<Root>(LIMIT_CHARS);
const admitted = recentlyUsed<Root>(LIMIT_CHARS);

/** Book Markdown (GFM) as written, parsed; the tree is shared and must not be changed. */
export const parseMarkdown = (markdown: string): Root => parsed(markdown, () => parser.parse(markdown));

/** Book Markdown as every renderer reads it: parsed, then rid of anything that names an external resource. Read-only. */
export const parseBookMarkdown = (markdown: string): Root => admitted(markdown, () => admitNoExternalResources(structuredClone(parseMarkdown(markdown))));

/** Book Markdown for a tool that renders it later (Quarto): the same rule, applied to the source. */
export const safeMarkdownSource = (markdown: string) => withoutExternalResources(markdown, parseMarkdown);

/** Forgets every parsed text (so the bench renders each run as a new book). */
export const forgetParsedMarkdown = () => {
  parsed.clear();
  admitted.clear();
};
