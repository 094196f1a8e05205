import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BOOK_LANGUAGES } from '../../../libs/domain/index.ts';
import { filterLanguages, LanguagePicker, languageLabel } from './LanguagePicker.tsx';

const tags = (text: string) => filterLanguages(text).map((l) => l.tag);

describe("the language picker's filter", () => {
  it('lists every language, in the list order, for no text', () => {
    expect(tags('')).toEqual(BOOK_LANGUAGES.map((l) => l.tag));
    expect(tags('   ')).toHaveLength(BOOK_LANGUAGES.length);
  });

  it('finds a language by its own name, its English name or its tag, whatever the case', () => {
    expect(tags('日本')).toEqual(['ja']);
    expect(tags('العربية')).toEqual(['ar']);
    expect(tags('arabic')).toEqual(['ar']);
    expect(tags('JAPANESE')).toEqual(['ja']);
    expect(tags('zh-hant')).toEqual(['zh-Hant']);
    expect(tags('chinese')).toEqual(['zh-Hans', 'zh-Hant']);
  });

  it('ignores accents, so a name can be typed without them', () => {
    expect(tags('francais')).toEqual(['fr']);
    expect(tags('turkce')).toEqual(['tr']);
  });

  it('puts first the language a tag or other name stands for, when the list spells it otherwise', () => {
    expect(tags('pt-BR')[0]).toBe('pt');
    expect(tags('zh-TW')[0]).toBe('zh-Hant');
    expect(tags('Farsi')).toEqual(['fa']);
  });

  it('finds nothing for a language the list does not have', () => {
    expect(tags('klingon')).toEqual([]);
  });
});

describe('the language picker', () => {
  it("shows each language in its own name, with the English name beside it", () => {
    const arabic = BOOK_LANGUAGES.find((l) => l.tag === 'ar');
    const english = BOOK_LANGUAGES.find((l) => l.tag === 'en');
    expect(arabic && languageLabel(arabic)).toBe('العربية — Arabic');
    expect(english && languageLabel(english)).toBe('English');
  });

  it('is a labelled combobox showing the chosen language, its list closed', () => {
    const html = renderToStaticMarkup(<LanguagePicker value="ja" onChange={() => undefined} />);
    expect(html).toContain('<label for="language">Book language</label>');
    expect(html).toMatch(/<input id="language" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="[^"]+"/);
    expect(html).toContain('value="日本語 — Japanese"');
    expect(html).toMatch(/<ul id="[^"]+" role="listbox" aria-label="Book language" class="language-options" hidden="">/);
  });

  it("reads the language a stored book has, read-only", () => {
    const html = renderToStaticMarkup(<LanguagePicker value="Arabic" readOnly />);
    expect(html).toContain('value="العربية — Arabic"');
    expect(html).toContain('readOnly=""');
    expect(html).not.toContain('combobox');
  });
});
