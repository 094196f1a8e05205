import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { remarkAdmitNoExternalResources, withoutExternalResources } from '../domain/index.ts';

/** Book Markdown (GFM) as every renderer reads it: parsed, then rid of anything that names an external resource. */
export const bookMarkdown = unified().use(remarkParse).use(remarkGfm).use(remarkAdmitNoExternalResources).freeze();

export const parseBookMarkdown = (markdown: string): Root => bookMarkdown.runSync(bookMarkdown.parse(markdown));

const parser = unified().use(remarkParse).use(remarkGfm);

/** Book Markdown for a tool that renders it later (Quarto): the same rule, applied to the source. */
export const safeMarkdownSource = (markdown: string) => withoutExternalResources(markdown, (source) => parser.parse(source));
