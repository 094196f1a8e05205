import { describe, expect, it } from 'vitest';
import { wordDiff } from './wordDiff.ts';

const rebuild = (parts: ReturnType<typeof wordDiff>, side: 'before' | 'after') =>
  parts.filter((p) => (side === 'before' ? !p.added : !p.removed)).map((p) => p.value).join('');

describe('wordDiff', () => {
  it('marks the words removed and added between what they keep', () => {
    expect(wordDiff('The quick brown fox jumps.', 'The slow brown fox leaps far.')).toEqual([
      { value: 'The ' },
      { value: 'quick', removed: true },
      { value: 'slow', added: true },
      { value: ' brown fox ' },
      { value: 'jumps', removed: true },
      { value: 'leaps far', added: true },
      { value: '.' },
    ]);
  });

  it('gives back both texts exactly, spacing and line breaks included', () => {
    const before = 'One paragraph.\n\nAnother  one, with  spaces.';
    const after = 'One longer paragraph.\n\nAnother one, with spaces.\n\nAnd a third.';
    const parts = wordDiff(before, after);
    expect(rebuild(parts, 'before')).toBe(before);
    expect(rebuild(parts, 'after')).toBe(after);
  });

  it('answers one kept part for equal texts, and removed then added for texts with nothing in common', () => {
    expect(wordDiff('Same text.', 'Same text.')).toEqual([{ value: 'Same text.' }]);
    expect(wordDiff('alpha', 'beta')).toEqual([{ value: 'alpha', removed: true }, { value: 'beta', added: true }]);
    expect(wordDiff('', 'new')).toEqual([{ value: 'new', added: true }]);
  });

  it('still answers for long texts that share little', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' ');
    const after = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(' ');
    const parts = wordDiff(before, after);
    expect(rebuild(parts, 'before')).toBe(before);
    expect(rebuild(parts, 'after')).toBe(after);
  });
});
