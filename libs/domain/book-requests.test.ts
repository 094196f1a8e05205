import { describe, expect, it } from 'vitest';
import { BOOK_REQUEST_STATUSES, bookRequestTransitionProblem, bookStyleKey, isBookStyleKey, isFinalBookRequestStatus, styleLabel } from './index.ts';

describe('book request statuses', () => {
  it('let the team start or cancel a pending request and complete or cancel one in progress, nothing else', () => {
    const allowed = BOOK_REQUEST_STATUSES.flatMap((from) => BOOK_REQUEST_STATUSES.filter((to) => bookRequestTransitionProblem(from, to) === null).map((to) => `${from}→${to}`));
    expect(allowed).toEqual(['pending→in_progress', 'pending→cancelled', 'in_progress→completed', 'in_progress→cancelled']);
    expect(BOOK_REQUEST_STATUSES.filter(isFinalBookRequestStatus)).toEqual(['completed', 'cancelled']);
  });

  it('say why a change is refused', () => {
    expect(bookRequestTransitionProblem('pending', 'completed')).toBe('This request is pending: it can become in_progress or cancelled, not completed');
    expect(bookRequestTransitionProblem('cancelled', 'pending')).toBe('This request is cancelled: its status can no longer change');
  });
});

describe('book styles', () => {
  it.each([
    ['executive-memoir', 'executive-memoir'],
    ['  Executive Memoir ', 'executive-memoir'],
    ['how_to guide', 'how-to-guide'],
    ['Práctico', 'práctico'],
  ])('key %j as %j, which the dashboard shows title-cased', (typed, key) => {
    expect(bookStyleKey(typed)).toBe(key);
    expect(isBookStyleKey(key)).toBe(true);
  });

  it('refuse what is not words', () => {
    for (const style of ['<script>', 'a--b', '-lead', 'semi;colon', '']) expect(isBookStyleKey(bookStyleKey(style))).toBe(false);
    expect(styleLabel(bookStyleKey('Executive Memoir'))).toBe('Executive Memoir');
  });
});
