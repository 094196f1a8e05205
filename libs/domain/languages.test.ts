import { describe, expect, it } from 'vitest';
import { BOOK_LANGUAGES, bookLanguage, fillLabel, findBookLanguage } from './languages.ts';

describe('the language table', () => {
  it.each(BOOK_LANGUAGES.map((l) => [l.tag, l] as const))('%s: every label is written, with its placeholders', (_tag, language) => {
    for (const [key, label] of Object.entries(language.labels)) {
      expect(label, key).toBeTruthy();
      expect(label.trim(), key).toBe(label);
      expect(label, key).not.toContain('|');
    }
    expect(language.labels.chapter).toContain('{n}');
    expect(language.labels.words).toContain('{n}');
    expect(language.labels.byline).toContain('{author}');
    expect(fillLabel(language.labels.words, { n: '1,234' })).not.toMatch(/[{}]/);
  });

  it('has one row per tag, and a distinct name for each in its own language', () => {
    expect(new Set(BOOK_LANGUAGES.map((l) => l.tag)).size).toBe(BOOK_LANGUAGES.length);
    expect(new Set(BOOK_LANGUAGES.map((l) => l.native)).size).toBe(BOOK_LANGUAGES.length);
  });

  it('finds a language by tag, regional tag, old alias or English name; anything else is not one', () => {
    expect(['ar', 'AR', 'Arabic', 'ar-EG'].map((v) => findBookLanguage(v)?.tag)).toEqual(['ar', 'ar', 'ar', 'ar']);
    expect(['zh-TW', 'zh-Hant-HK', 'zh', 'Chinese', 'zh_CN'].map((v) => findBookLanguage(v)?.tag)).toEqual(['zh-Hant', 'zh-Hant', 'zh-Hans', 'zh-Hans', 'zh-Hans']);
    expect(['pt-BR', 'iw', 'Farsi'].map((v) => findBookLanguage(v)?.tag)).toEqual(['pt', 'he', 'fa']);
    for (const value of ['', ' ', 'Klingon', 'xx', 'en--', '\u0000']) expect(findBookLanguage(value), value).toBeUndefined();
    expect(bookLanguage('Klingon').tag).toBe('en');
    expect(bookLanguage(null).tag).toBe('en');
  });
});
