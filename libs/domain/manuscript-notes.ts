// Comments and suggested changes on a book's chapters (issue 31, "A desk for the team"): the author and the Elite team
// both write them; a comment is anchored to a passage, a suggestion proposes replacing one. Pure rules: the API stores
// and checks them, the portal finds the passages in the text on screen with the same functions.

/** 'withdrawn': taken back by the team member who made it while it was pending; the author no longer sees it. */
export const SUGGESTION_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];
export const SUGGESTION_STATUS_LABELS: Record<SuggestionStatus, string> = { pending: 'Waiting for the author', accepted: 'Accepted', rejected: 'Rejected', withdrawn: 'Withdrawn' };

export const NOTE_LIMITS = {
  /** A comment's or reply's text. */
  bodyMax: 4000,
  /** The quoted passage a comment or suggestion is about. */
  quoteMax: 4000,
  /** The text a suggestion puts in the passage's place. */
  replacementMax: 20_000,
  /** Characters kept on each side of the passage, to find it again after edits. */
  contextChars: 48,
  /** Replies in one thread. */
  repliesMax: 200,
} as const;

export const NoteMessages = {
  bodyRequired: 'Write the comment',
  bodyTooLong: `A comment must be ${NOTE_LIMITS.bodyMax.toLocaleString('en-US')} characters or less`,
  noteTooLong: `The note must be ${NOTE_LIMITS.bodyMax.toLocaleString('en-US')} characters or less`,
  quoteRequired: 'Select the passage in the chapter first',
  quoteTooLong: `Select at most ${NOTE_LIMITS.quoteMax.toLocaleString('en-US')} characters of the chapter`,
  replacementTooLong: `The suggested text must be ${NOTE_LIMITS.replacementMax.toLocaleString('en-US')} characters or less`,
  replacementRequired: 'replacement must be text (empty to suggest deleting the passage)',
  sameText: 'The suggested text is the same as the passage: change it first',
  offsets: 'start and end must be whole numbers, start before end',
  /** The passage sent is not where it says in the chapter's current text. */
  quoteMismatch: 'The selected passage is not in the chapter as it is now: reload the chapter and select it again',
  commentNotFound: 'Comment not found',
  suggestionNotFound: 'Suggested change not found',
  tooManyReplies: `A thread can have at most ${NOTE_LIMITS.repliesMax} replies: start a new comment`,
  passageChanged: 'This passage has changed since the suggestion was made',
  suggestionClosed: 'This suggested change was already accepted or rejected',
  suggestionWithdrawn: 'This suggested change was withdrawn by the team member who made it',
  notYourSuggestion: 'Only the team member who suggested this change can withdraw it',
  /** The book's Elite request is completed, declined, expired or cancelled: its notes are kept to read. */
  requestClosed: 'This Elite request is closed: its comments and suggested changes can be read but no longer added to or changed',
  noBook: 'This request has no book yet: comments and suggestions start once it has one',
} as const;

/** Where a note points: the passage as it was quoted, its offsets in the chapter then, and the text around it. */
export interface NoteAnchor {
  quote: string;
  start: number;
  end: number;
  /** Up to NOTE_LIMITS.contextChars characters before the passage, and after it. */
  prefix: string;
  suffix: string;
}

export interface TextRange {
  start: number;
  end: number;
}

/** The anchor of text[start, end) (offsets in UTF-16 code units, as a textarea's selection gives them); null when the range is empty or outside the text. */
export function anchorAt(text: string, start: number, end: number): NoteAnchor | null {
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end <= start || end > text.length) return null;
  const n = NOTE_LIMITS.contextChars;
  return { quote: text.slice(start, end), start, end, prefix: text.slice(Math.max(0, start - n), start), suffix: text.slice(end, end + n) };
}

/** How many characters of `a`'s end and `b`'s end agree (read backwards), and of two starts (read forwards). */
const commonTail = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && i < b.length && a[a.length - 1 - i] === b[b.length - 1 - i]) i++;
  return i;
};
const commonHead = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};

/**
 * Finds an anchored passage in the chapter's text as it is now: where it was if it is still there, else the
 * occurrence of the quote whose surroundings match the recorded context best (the nearest to where it was on a tie).
 * Null when the quoted text is no longer in the chapter: the note is detached (shown, never lost).
 */
export function locateAnchor(text: string, anchor: NoteAnchor): TextRange | null {
  const { quote } = anchor;
  if (!quote) return null;
  if (text.slice(anchor.start, anchor.end) === quote) return { start: anchor.start, end: anchor.end };
  let best: { start: number; score: number; distance: number } | null = null;
  for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) {
    const n = NOTE_LIMITS.contextChars;
    const score = commonTail(text.slice(Math.max(0, at - n), at), anchor.prefix) + commonHead(text.slice(at + quote.length, at + quote.length + n), anchor.suffix);
    const distance = Math.abs(at - anchor.start);
    if (!best || score > best.score || (score === best.score && distance < best.distance)) best = { start: at, score, distance };
  }
  return best ? { start: best.start, end: best.start + quote.length } : null;
}

/** The chapter with the suggestion applied where its passage is now; null when the passage has changed (it cannot be applied). */
export function applySuggestion(text: string, anchor: NoteAnchor, replacement: string): string | null {
  const range = locateAnchor(text, anchor);
  return range ? text.slice(0, range.start) + replacement + text.slice(range.end) : null;
}
