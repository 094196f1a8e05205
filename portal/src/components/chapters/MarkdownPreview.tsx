import type { Nodes, Root } from 'mdast';
import { createElement, Fragment, type ReactNode } from 'react';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { admitNoExternalResources, isAdmittedUrl } from '../../../../libs/domain/index.ts';
import { bookTextProps } from '../bookText.ts';
import { OwnedImage } from '../OwnedImage.tsx';

const parser = unified().use(remarkParse).use(remarkGfm);

/** The book's own images, by the path its text names them by (`images/<id>.png`), each with the API address of its bytes. */
export type PreviewImages = ReadonlyMap<string, string>;

const NO_IMAGES: PreviewImages = new Map();

/**
 * A chapter's Markdown as a syntax tree under the product's rule: no image but the book's own, no raw HTML, links
 * only to the web or mail.
 */
export const safeTree = (markdown: string, images: PreviewImages = NO_IMAGES): Root => admitNoExternalResources(parser.parse(markdown), images);

/**
 * The tree as React elements, node by node: text is only ever text, so nothing the author, a source or a model wrote
 * can become markup. Node kinds the rule already removed (other images, HTML) and any others render as their children.
 */
function render(node: Nodes, key: number | string, images: PreviewImages, tight = false): ReactNode {
  // A tight list's items hold their paragraphs without <p>, as Markdown renderers show them.
  const inner = node.type === 'list' ? !node.spread : node.type === 'listItem' && tight && !node.spread;
  const children = () => ('children' in node ? node.children.map((child, i) => render(child, i, images, inner)) : null);
  const el = (tag: string, props: Record<string, unknown> = {}) => createElement(tag, { key, ...props }, children());
  switch (node.type) {
    case 'text':
      return node.value;
    case 'inlineCode':
      return createElement('code', { key }, node.value);
    case 'code':
      return createElement('pre', { key }, createElement('code', null, node.value));
    case 'break':
      return createElement('br', { key });
    case 'thematicBreak':
      return createElement('hr', { key });
    case 'paragraph':
      return tight ? createElement(Fragment, { key }, children()) : el('p');
    case 'heading':
      return el(`h${Math.min(6, node.depth + 1)}`);
    case 'emphasis':
      return el('em');
    case 'strong':
      return el('strong');
    case 'delete':
      return el('del');
    case 'blockquote':
      return el('blockquote');
    case 'list':
      return el(node.ordered ? 'ol' : 'ul', node.ordered && node.start !== null && node.start !== undefined && node.start !== 1 ? { start: node.start } : {});
    case 'listItem':
      return el('li');
    case 'link':
      // The rule keeps only admitted links; checked again here because an href is where markup could run.
      return isAdmittedUrl(node.url) ? el('a', { href: node.url, target: '_blank', rel: 'noopener noreferrer nofollow' }) : createElement('span', { key }, children());
    case 'table':
      return createElement('table', { key }, createElement('tbody', null, children()));
    case 'tableRow':
      return el('tr');
    case 'tableCell':
      return el('td');
    case 'image': {
      // The rule kept only the book's own images; only they have an address to fetch, with the author's token.
      const src = images.get(node.url);
      return src ? createElement(OwnedImage, { key, src, alt: node.alt ?? '', className: 'chapter-image' }) : (node.alt ?? null);
    }
    case 'footnoteReference':
      return `[${node.label ?? node.identifier}]`;
    default:
      return 'children' in node ? createElement('span', { key }, children()) : null;
  }
}

/**
 * Preview mode of the chapter editor: the chapter as the book will show it, headings one level below the chapter's
 * title, in the book's language and direction (`language`, a tag; unknown: the direction the text starts with).
 */
export function MarkdownPreview({ markdown, label, images = NO_IMAGES, language }: { markdown: string; label: string; images?: PreviewImages; language?: string }) {
  const tree = safeTree(markdown, images);
  return (
    <div className="markdown-preview" aria-label={label} role="region" tabIndex={0} {...bookTextProps(language)}>
      {tree.children.length ? tree.children.map((child, i) => render(child, i, images)) : <p className="muted">Nothing written yet.</p>}
    </div>
  );
}
