import { bookLanguage, DEFAULT_LANGUAGE_TAG, type BookLanguage } from './languages.ts';

/**
 * A source the book cites, as its References list it: its number, title, file name and the passages the chapters
 * quote from it. Books finished before titles and passages were kept have only n and filename.
 */
export interface BookReference {
  n: number;
  filename: string;
  title?: string;
  /** The words the chapters quote from the source, each at most QUOTE_WORDS words. */
  passages?: string[];
}

/** A cited passage is shown in at most this many words, and at most this many passages per source. */
const REFERENCE_LIMITS = { quoteWords: 25, passages: 8 } as const;

/** A quotation shortened to REFERENCE_LIMITS.quoteWords words (an ellipsis marks a cut). */
function shortQuote(text: string): string {
  const words = text.replace(/[“”"]/g, '').split(/\s+/).filter(Boolean);
  const kept = words.slice(0, REFERENCE_LIMITS.quoteWords).join(' ');
  return words.length > REFERENCE_LIMITS.quoteWords ? `${kept.replace(/[.,;:!?…]+$/, '')}…` : kept;
}

/**
 * What the chapters quote from each source: every “quotation” followed by its citation [n], shortened, in the order the
 * chapters quote them, each once, at most REFERENCE_LIMITS.passages a source.
 */
export function quotedPassages(chapters: string[]): Map<number, string[]> {
  const quoted = new Map<number, string[]>();
  for (const text of chapters) {
    for (const match of text.matchAll(/“([^”\n]{1,1000})”[^\S\n]?[.,;:!?]?[^\S\n]?\[(\d+)\]/g)) {
      const n = Number(match[2]);
      const list = quoted.get(n) ?? [];
      const quote = shortQuote(match[1] as string);
      if (quote && !list.includes(quote) && list.length < REFERENCE_LIMITS.passages) list.push(quote);
      quoted.set(n, list);
    }
  }
  return quoted;
}

const ENGLISH = bookLanguage(DEFAULT_LANGUAGE_TAG);

/**
 * A reference as a reader reads it: "[1] Field Notes on Trust (notes.md)", then the passages cited, each in the book's
 * language's quotation marks.
 */
export function referenceParts(reference: BookReference, language: BookLanguage = ENGLISH): { label: string; source: string; passages: string[] } {
  const title = reference.title?.trim();
  const [open, close] = language.quotes;
  return {
    label: `[${reference.n}]`,
    source: title && title !== reference.filename ? `${title} (${reference.filename})` : reference.filename,
    passages: (reference.passages ?? []).map((p) => `${open}${p}${close}`),
  };
}

/** The reference on one line of plain text: "[1] Field Notes on Trust (notes.md). Passages cited: “…”; “…”." */
export function referenceText(reference: BookReference, language: BookLanguage = ENGLISH): string {
  const { label, source, passages } = referenceParts(reference, language);
  return `${label} ${source}.${passages.length ? ` ${language.labels.passagesCited}: ${passages.join('; ')}.` : ''}`;
}
