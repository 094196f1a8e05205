import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { admitNoExternalResources, withoutExternalResources } from '../domain/index.ts';
import { NO_IMAGES, type BookImages } from './images.ts';
import { recentlyUsed } from './recently-used.ts';

const parser = unified().use(remarkParse).use(remarkGfm);

// A book's formats are rendered one after another by the same long-lived worker, each from the same chapters: every
// text is parsed once for all of them (parsing is most of the cost outside Typst). The trees are shared: read-only.
// A tree takes about 5 bytes of heap per character of its text, so each memo holds at most some 20 MB.
const LIMIT_CHARS = 4_000_000;
const parsed = recentlyUsed<Root>(LIMIT_CHARS);
const admitted = recentlyUsed<Root>(LIMIT_CHARS);
// The admitted tree of a book with images depends on them too: keyed by their paths (JSON, so on one line) and the text.
const admittedWithImages = recentlyUsed<Root>(LIMIT_CHARS);

/** Book Markdown (GFM) as written, parsed; the tree is shared and must not be changed. */
export const parseMarkdown = (markdown: string): Root => parsed(markdown, () => parser.parse(markdown));

/**
 * Book Markdown as every renderer reads it: parsed, then rid of anything that names an external resource; an image
 * stays only when it names one of the book's own images. Read-only.
 */
export function parseBookMarkdown(markdown: string, images: BookImages = NO_IMAGES): Root {
  const admit = () => admitNoExternalResources(structuredClone(parseMarkdown(markdown)), images);
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
