/**
 * Source text as a reader sees it: Markdown syntax removed, so a chapter quotes prose ("Trust grows…"), never markup
 * ("# Field notes", "**Trust**"). Line by line, with expressions that cannot backtrack badly on long lines.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]+|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const RULE = /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*$/;
const LINK_DEFINITION = /^ {0,3}\[[^\]]{1,999}\]:[ \t]*\S/;

/** The title a YAML front matter block names (`title: …`), and the text after the block. */
function frontMatter(text: string): { title: string | null; body: string } {
  const match = /^---[ \t]*\n([\s\S]*?)\n(?:---|\.\.\.)[ \t]*(?:\n|$)/.exec(text);
  if (!match) return { title: null, body: text };
  const title = /^title:[ \t]*(.+)$/m.exec(match[1] as string)?.[1]?.trim().replace(/^(["'])(.*)\1$/, '$2') ?? null;
  return { title: title || null, body: text.slice(match[0].length) };
}

/** Inline Markdown to its text: images dropped, links to their text, code, emphasis and HTML markers removed. */
function inlineText(line: string): string {
  return line
    .replace(/!\[([^\]\n]{0,999})\]\([^)\n]{0,2000}\)/g, '')
    .replace(/\[\^[^\]\n]{1,99}\]/g, '')
    .replace(/\[([^\]\n]{0,999})\](?:\([^)\n]{0,2000}\)|\[[^\]\n]{0,999}\])/g, '$1')
    .replace(/<(https?:\/\/[^>\s]{1,2000})>/g, '$1')
    .replace(/<\/?[A-Za-z][A-Za-z0-9-]{0,30}(?:\s[^<>]{0,500})?\/?>/g, '')
    .replace(/`+/g, '')
    .replace(/~~|(?<!\s)\*+|\*+(?!\s)/g, '')
    .replace(/(?<![\p{L}\p{N}_])_{1,3}(?=\S)|(?<=\S)_{1,3}(?![\p{L}\p{N}_])/gu, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ ([.,;:!?])/g, '$1')
    .trim();
}

/**
 * Markdown as plain prose, paragraph by paragraph (blank-line separated): headings, rules, code blocks, tables, link
 * definitions and HTML comments dropped; list bullets, numbers and quote markers removed; inline markup as inlineText.
 */
export function markdownProse(markdown: string): string {
  const lines = frontMatter(markdown.replace(/\r\n?/g, '\n')).body.replace(/<!--[\s\S]*?-->/g, '').split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  for (const [i, raw] of lines.entries()) {
    const marker = FENCE.exec(raw)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (marker) {
      fence = marker;
      out.push('');
      continue;
    }
    const next = lines[i + 1] ?? '';
    // A setext heading's text line, then its underline.
    if (raw.trim() && SETEXT_UNDERLINE.test(next) && !RULE.test(raw) && !/^\s*[-*+]\s/.test(raw)) {
      out.push('');
      continue;
    }
    if (ATX_HEADING.test(raw) || RULE.test(raw) || SETEXT_UNDERLINE.test(raw) || TABLE_DELIMITER.test(raw) || LINK_DEFINITION.test(raw) || /^\s*\|.*\|\s*$/.test(raw)) {
      out.push('');
      continue;
    }
    let line = raw.replace(/^[ \t]*(?:>[ \t]?)+/, '');
    const item = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/.exec(line);
    if (item) {
      // Each list item stands on its own, as a paragraph would.
      out.push('');
      line = line.slice(item[0].length);
    }
    out.push(inlineText(line));
  }
  return out
    .join('\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.split('\n').map((l) => l.trim()).filter(Boolean).join(' '))
    .filter(Boolean)
    .join('\n\n');
}

/** A Markdown document's title: its front matter's `title:`, else its first heading (ATX or setext). */
export function markdownTitle(markdown: string): string | null {
  const { title, body } = frontMatter(markdown.replace(/\r\n?/g, '\n'));
  if (title) return clip(inlineText(title));
  const lines = body.split('\n');
  let fence: string | null = null;
  for (const [i, line] of lines.entries()) {
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    if (ATX_HEADING.test(line)) {
      const text = inlineText(line.replace(ATX_HEADING, '').replace(/[ \t]+#+[ \t]*$/, ''));
      if (text) return clip(text);
    }
    if (line.trim() && /^ {0,3}=+[ \t]*$/.test(lines[i + 1] ?? '')) return clip(inlineText(line));
  }
  return null;
}

/** A title is a line: at most 200 characters. */
const clip = (title: string) => (title.length > 200 ? `${title.slice(0, 199)}…` : title) || null;

/** A document's metadata title, tidied: blank or a generic placeholder ("Untitled", "Microsoft Word - x.docx") counts as none. */
export function metadataTitle(title: string | null | undefined): string | null {
  const text = (title ?? '').replace(/\s+/g, ' ').trim();
  if (!text || /^untitled\b/i.test(text) || /^Microsoft Word - /i.test(text) || /\.(docx?|pdf|md|txt)$/i.test(text)) return null;
  return clip(text);
}

/** How the book names a source: its own title (first heading or document metadata), else its file name. */
export function sourceTitle(source: { filename: string; kind: string; text: string; metadataTitle?: string | null }): string {
  const own = metadataTitle(source.metadataTitle) ?? (source.kind === 'md' ? markdownTitle(source.text) : null);
  return own ?? source.filename;
}

/** The text a passage is cut from: prose for a Markdown source, the extracted text as it is for the others. */
export const proseOf = (kind: string, text: string) => (kind === 'md' ? markdownProse(text) : text);
