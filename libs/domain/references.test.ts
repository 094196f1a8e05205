import { describe, expect, it } from 'vitest';
import { estimatedPages, plural, TARGET_LENGTHS, wordsForPages, WORDS_PER_PAGE } from './generation.ts';
import { bookLanguage } from './languages.ts';
import { quotedPassages, referenceParts, referenceText } from './references.ts';

describe('references', () => {
  it('list the passages the chapters quote from each source, each once, shortened', () => {
    const long = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const quoted = quotedPassages(['As Field Notes puts it, “Trust grows early” [1]. Again: “Trust grows early” [1].', `A long one: “${long}” [2]. A claim [1].`]);
    expect(quoted.get(1)).toEqual(['Trust grows early']);
    expect(quoted.get(2)?.[0]).toMatch(/^w0 .* w24…$/);
  });

  it('read as title, file name and passages; an old reference has its file name alone', () => {
    expect(referenceText({ n: 1, filename: 'notes.md', title: 'Field Notes', passages: ['Trust grows early'] })).toBe('[1] Field Notes (notes.md). Passages cited: “Trust grows early”.');
    expect(referenceText({ n: 2, filename: 'memo.txt' })).toBe('[2] memo.txt.');
  });

  it("quote the passages in the book's language's marks, under its label (English when no language is given)", () => {
    const reference = { n: 1, filename: 'notes.md', passages: ['Vertrauen wächst', 'früh'] };
    expect(referenceParts(reference).passages).toEqual(['“Vertrauen wächst”', '“früh”']);
    expect(referenceParts(reference, bookLanguage('de')).passages).toEqual(['„Vertrauen wächst“', '„früh“']);
    expect(referenceParts(reference, bookLanguage('ja')).passages[0]).toBe('「Vertrauen wächst」');
    expect(referenceParts(reference, bookLanguage('fr')).passages[0]).toBe('«\u202FVertrauen wächst\u202F»');
    expect(referenceParts(reference, bookLanguage('ar')).passages[0]).toBe('«Vertrauen wächst»');
    expect(referenceText(reference, bookLanguage('de'))).toBe('[1] notes.md. Zitierte Passagen: „Vertrauen wächst“; „früh“.');
  });
});

describe('page estimates', () => {
  it('plan in the pages the interior template produces, and each length option comes out near its pages', () => {
    expect(WORDS_PER_PAGE).toBe(390);
    expect(estimatedPages(35_000)).toBe(100);
    expect(TARGET_LENGTHS.map((l) => estimatedPages(wordsForPages(l.pages)))).toEqual([51, 100, 151, 215]);
    // Each length is what it says (its estimate within 2 % of its pages), and each is well beyond the one before it.
    for (const [i, length] of TARGET_LENGTHS.entries()) {
      expect(Math.abs(estimatedPages(wordsForPages(length.pages)) - length.pages) / length.pages).toBeLessThanOrEqual(0.02);
      if (i > 0) expect(wordsForPages(length.pages) / wordsForPages((TARGET_LENGTHS[i - 1] as { pages: number }).pages)).toBeGreaterThanOrEqual(1.3);
    }
  });

  it('say minute and minutes as the number needs', () => {
    expect(plural(1, 'minute')).toBe('1 minute');
    expect(plural(12, 'minute')).toBe('12 minutes');
  });
});
