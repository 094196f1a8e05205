// The chapter editor's formatting toolbar (document 2, §2.5): each button rewrites the Markdown around the author's
// selection and says what to select afterwards. Pure: the editor applies the result to its textarea.

/** The text and what is selected in it (character offsets, start ≤ end). */
export interface TextSelection {
  text: string;
  start: number;
  end: number;
}

export const FORMATS = ['heading', 'bold', 'italic', 'bulleted', 'numbered', 'quote', 'link'] as const;
export type Format = (typeof FORMATS)[number];

export const FORMAT_LABELS: Record<Format, string> = {
  heading: 'Heading',
  bold: 'Bold',
  italic: 'Italic',
  bulleted: 'Bulleted list',
  numbered: 'Numbered list',
  quote: 'Quote',
  link: 'Link',
};

/** Ctrl/Cmd + key. */
export const FORMAT_SHORTCUTS: Partial<Record<string, Format>> = { b: 'bold', i: 'italic', k: 'link' };

/** What a button inserts when nothing is selected, selected so that typing replaces it. */
const PLACEHOLDERS = { bold: 'bold text', italic: 'italic text', link: 'link text', url: 'https://' } as const;

export function applyFormat(format: Format, at: TextSelection): TextSelection {
  switch (format) {
    case 'bold':
      return toggleInline(at, '**', PLACEHOLDERS.bold);
    case 'italic':
      return toggleInline(at, '*', PLACEHOLDERS.italic);
    case 'link':
      return link(at);
    case 'heading':
      return toggleLines(at, HEADING, () => '## ');
    case 'bulleted':
      return toggleLines(at, BULLET, () => '- ');
    case 'numbered':
      return toggleLines(at, NUMBERED, (i) => `${i + 1}. `);
    case 'quote':
      return toggleLines(at, QUOTE, () => '> ');
  }
}

// Inline formats: emphasis cannot start or end with a space or cross a blank line, so each line of the selection is
// wrapped on its own, without the spaces around it.

/** A marker that is exactly `marker` at `index`, not part of a longer run of the same character (`*` inside `**`). */
function markerAt(text: string, index: number, marker: string): boolean {
  if (index < 0 || text.slice(index, index + marker.length) !== marker) return false;
  const char = marker[0];
  if (marker.length > 1) return true;
  return text[index - 1] !== char && text[index + marker.length] !== char;
}

function toggleInline(at: TextSelection, marker: string, placeholder: string): TextSelection {
  const { text, start, end } = at;
  const m = marker.length;
  if (start === end) {
    // The caret inside an empty pair (just inserted): take the pair away again.
    if (markerAt(text, start - m, marker) && markerAt(text, start, marker)) return { text: text.slice(0, start - m) + text.slice(start + m), start: start - m, end: start - m };
    const inserted = `${marker}${placeholder}${marker}`;
    return { text: text.slice(0, start) + inserted + text.slice(end), start: start + m, end: start + m + placeholder.length };
  }
  // Already formatted: the markers just outside the selection, or at its own edges.
  if (markerAt(text, start - m, marker) && markerAt(text, end, marker)) {
    return { text: text.slice(0, start - m) + text.slice(start, end) + text.slice(end + m), start: start - m, end: end - m };
  }
  const selected = text.slice(start, end);
  if (selected.length > 2 * m && markerAt(selected, 0, marker) && markerAt(selected, selected.length - m, marker) && !selected.includes('\n')) {
    return { text: text.slice(0, start) + selected.slice(m, -m) + text.slice(end), start, end: end - 2 * m };
  }
  const wrapped = selected
    .split('\n')
    .map((line) => {
      const lead = /^\s*/.exec(line)?.[0] ?? '';
      const trail = /\s*$/.exec(line.slice(lead.length))?.[0] ?? '';
      const core = line.slice(lead.length, line.length - trail.length);
      return core ? `${lead}${marker}${core}${marker}${trail}` : line;
    })
    .join('\n');
  if (wrapped === selected) return at;
  const trailing = selected.length - selected.trimEnd().length;
  return { text: text.slice(0, start) + wrapped + text.slice(end), start, end: start + wrapped.length - trailing };
}

const looksLikeUrl = (value: string) => /^(?:https?:\/\/|mailto:)\S+$/i.test(value);

function link(at: TextSelection): TextSelection {
  const { text, start, end } = at;
  const selected = text.slice(start, end).trim();
  const before = text.slice(0, start);
  const after = text.slice(end);
  if (looksLikeUrl(selected)) {
    // A URL selected: it becomes the destination, and the link's words are what to type next.
    const inserted = `[${PLACEHOLDERS.link}](${selected})`;
    return { text: before + inserted + after, start: start + 1, end: start + 1 + PLACEHOLDERS.link.length };
  }
  const words = selected.replace(/\s+/g, ' ') || PLACEHOLDERS.link;
  const inserted = `[${words}](${PLACEHOLDERS.url})`;
  const urlAt = start + words.length + 3;
  return { text: before + inserted + after, start: urlAt, end: urlAt + PLACEHOLDERS.url.length };
}

// Line formats: every line the selection touches gets the prefix, or loses it when each already has it.

const HEADING = /^#{1,6}[ \t]+/;
const BULLET = /^[-*+][ \t]+/;
const NUMBERED = /^\d{1,9}[.)][ \t]+/;
const QUOTE = /^>[ \t]?/;
/** A list format replaces the other list's marker rather than stacking on it. */
const EXCLUSIVE = new Map<RegExp, RegExp[]>([
  [BULLET, [NUMBERED]],
  [NUMBERED, [BULLET]],
  [HEADING, [BULLET, NUMBERED]],
]);

function toggleLines(at: TextSelection, pattern: RegExp, prefix: (index: number) => string): TextSelection {
  const { text, start } = at;
  // A selection ending just after a line break does not take in the next line.
  const end = at.end > start && text[at.end - 1] === '\n' ? at.end - 1 : at.end;
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end);
  const to = lineEnd === -1 ? text.length : lineEnd;
  const lines = text.slice(from, to).split('\n');
  const filled = lines.filter((line) => line.trim());
  const removing = filled.length > 0 && filled.every((line) => pattern.test(line));
  let n = 0;
  const changed = lines.map((line) => {
    if (!line.trim() && lines.length > 1) return line;
    if (removing) return line.replace(pattern, '');
    let bare = line;
    for (const other of EXCLUSIVE.get(pattern) ?? []) bare = bare.replace(other, '');
    return prefix(n++) + bare.replace(pattern, '');
  });
  const block = changed.join('\n');
  // The caret alone (no selection) moves with its line's text; a selection covers the changed lines.
  if (at.start === at.end && lines.length === 1) {
    const caret = Math.max(from, start + block.length - (to - from));
    return { text: text.slice(0, from) + block + text.slice(to), start: caret, end: caret };
  }
  return { text: text.slice(0, from) + block + text.slice(to), start: from, end: from + block.length };
}

/**
 * A block of its own (an uploaded image's Markdown) after the line the caret is on, with a blank line on either side
 * so that it is a paragraph and not part of the author's sentence; the caret goes just after it.
 */
export function insertBlock(at: TextSelection, block: string): TextSelection {
  const { text, end } = at;
  const lineEnd = text.indexOf('\n', end);
  const cut = lineEnd === -1 ? text.length : lineEnd;
  const before = text.slice(0, cut);
  const after = text.slice(cut);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const inserted = `${lead}${block}${trail}`;
  const caret = before.length + lead.length + block.length;
  return { text: before + inserted + after, start: caret, end: caret };
}
