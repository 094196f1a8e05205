// A revised manuscript the Elite team uploads (Markdown, one `# ` heading per chapter), read into a book's chapters.
import { ELITE_MANUSCRIPT_MAX_BYTES, EliteMessages } from './elite.ts';
import { countWords, MAX_CHAPTERS, TOC_LIMITS } from './generation.ts';

export interface ManuscriptChapter {
  title: string;
  /** The chapter's Markdown after its heading, without surrounding blank lines. */
  content: string;
  wordCount: number;
}

export type ManuscriptReading = { chapters: ManuscriptChapter[]; problem?: undefined } | { problem: string; chapters?: undefined };

export const ManuscriptMessages = {
  size: EliteMessages.manuscriptSize,
  empty: EliteMessages.manuscriptEmpty,
  binary: 'The revised manuscript is not a text file (it contains NUL bytes)',
  encoding: 'The revised manuscript is not UTF-8 text',
  tooManyChapters: (count: number) => `The revised manuscript has ${count} chapters: a book has at most ${MAX_CHAPTERS}`,
  titleTooLong: (n: number) => `The title of chapter ${n} is longer than ${TOC_LIMITS.titleMax} characters`,
} as const;

const CHAPTER_HEADING = /^# (.*)$/;
// An ATX heading may close with a run of '#': "# Title ##".
const CLOSING_HASHES = /\s+#+\s*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Reads a manuscript's bytes into chapters: each line starting with '# ' opens one (its title is the heading's text,
 * its content the lines up to the next such heading); anything before the first heading (front matter, a title page)
 * is left out, and a '# ' line inside a fenced code block is text. Answers the problem instead when the bytes are not
 * UTF-8 text within the size limit, or the chapters are none, too many, or titled too long.
 */
export function parseManuscript(bytes: Uint8Array): ManuscriptReading {
  if (bytes.length > ELITE_MANUSCRIPT_MAX_BYTES) return { problem: ManuscriptMessages.size };
  if (bytes.includes(0)) return { problem: ManuscriptMessages.binary };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { problem: ManuscriptMessages.encoding };
  }

  const found: { title: string; lines: string[] }[] = [];
  let fence: string | null = null;
  for (const line of text.split(/\r\n|\r|\n/)) {
    const marker = FENCE.exec(line)?.[1];
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) fence = fence === null ? marker : null;
    const heading = fence === null ? CHAPTER_HEADING.exec(line) : null;
    if (heading) found.push({ title: (heading[1] ?? '').replace(CLOSING_HASHES, '').trim(), lines: [] });
    else found.at(-1)?.lines.push(line);
  }

  if (found.length === 0) return { problem: ManuscriptMessages.empty };
  if (found.length > MAX_CHAPTERS) return { problem: ManuscriptMessages.tooManyChapters(found.length) };
  const chapters: ManuscriptChapter[] = [];
  for (const [i, { title, lines }] of found.entries()) {
    if (title.length > TOC_LIMITS.titleMax) return { problem: ManuscriptMessages.titleTooLong(i + 1) };
    const content = lines.join('\n').replace(/^\s*\n/, '').trimEnd();
    chapters.push({ title: title || `Chapter ${i + 1}`, content, wordCount: countWords(content) });
  }
  return { chapters };
}
