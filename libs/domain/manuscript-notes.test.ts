import { describe, expect, it } from 'vitest';
import { anchorAt, applySuggestion, locateAnchor, NOTE_LIMITS } from './manuscript-notes.ts';

const TEXT = 'The tide came in. The tide went out. Nobody on the pier noticed either.';
const at = (text: string, quote: string, from = 0) => {
  const start = text.indexOf(quote, from);
  return { start, end: start + quote.length };
};

describe('anchoring a note to a passage', () => {
  it('keeps the passage, its offsets and the text around it', () => {
    const { start, end } = at(TEXT, 'The tide went out');
    expect(anchorAt(TEXT, start, end)).toEqual({ quote: 'The tide went out', start, end, prefix: TEXT.slice(0, start), suffix: TEXT.slice(end, end + NOTE_LIMITS.contextChars) });
  });

  it('refuses an empty range or one outside the text', () => {
    expect(anchorAt(TEXT, 4, 4)).toBeNull();
    expect(anchorAt(TEXT, 5, 2)).toBeNull();
    expect(anchorAt(TEXT, -1, 3)).toBeNull();
    expect(anchorAt(TEXT, 0, TEXT.length + 1)).toBeNull();
    expect(anchorAt(TEXT, 0.5, 3)).toBeNull();
  });
});

describe('finding the passage again after edits', () => {
  const anchor = anchorAt(TEXT, TEXT.indexOf('The tide', 1), TEXT.indexOf('The tide', 1) + 'The tide'.length);

  it('finds it where it was when nothing moved', () => {
    expect(anchor && locateAnchor(TEXT, anchor)).toEqual(at(TEXT, 'The tide', 1));
  });

  it('follows it when text is added before it, choosing the repeated quote whose surroundings match', () => {
    const edited = `A foreword. ${TEXT}`;
    // "The tide" is in the text twice: the second one (before "went out") is the one the note was about.
    const start = edited.indexOf('The tide went out');
    expect(anchor && locateAnchor(edited, anchor)).toEqual({ start, end: start + 'The tide'.length });
  });

  it('picks the nearest occurrence when the context no longer tells them apart', () => {
    const third = anchorAt('tick tick tick tick', 10, 14);
    // Three characters added in front: the occurrence nearest to where it was (10) starts at 8.
    expect(third && locateAnchor('xx tick tick tick tick', { ...third, prefix: '', suffix: '' })).toEqual({ start: 8, end: 12 });
  });

  it('is detached (null) once the quoted words are gone', () => {
    expect(anchor && locateAnchor(TEXT.replaceAll('The tide', 'The sea'), anchor)).toBeNull();
  });

  it('counts offsets as a textarea does, in UTF-16 code units, past emoji and accents', () => {
    const text = 'Café 🌊 by the sea; the sea was calm.';
    const range = at(text, 'the sea was');
    const found = anchorAt(text, range.start, range.end);
    expect(found?.quote).toBe('the sea was');
    expect(found && locateAnchor(`🌊🌊 ${text}`, found)).toEqual(at(`🌊🌊 ${text}`, 'the sea was'));
  });
});

describe('applying a suggested change', () => {
  it('replaces the passage where it is now, and refuses when the passage has changed', () => {
    const range = at(TEXT, 'Nobody on the pier');
    const anchor = anchorAt(TEXT, range.start, range.end);
    if (!anchor) throw new Error('no anchor');
    expect(applySuggestion(TEXT, anchor, 'No one at the pier')).toBe(TEXT.replace('Nobody on the pier', 'No one at the pier'));
    expect(applySuggestion(`Preface.\n\n${TEXT}`, anchor, '')).toBe(`Preface.\n\n${TEXT.replace('Nobody on the pier', '')}`);
    expect(applySuggestion(TEXT.replace('Nobody', 'Not one person'), anchor, 'No one at the pier')).toBeNull();
  });
});
