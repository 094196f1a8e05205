import { describe, expect, it } from 'vitest';
import type { ChapterVersion } from '../../../../libs/db/index.ts';
import { EditingMessages } from '../../../../libs/domain/index.ts';
import { withoutHtml } from '../common/book-html.ts';
import { chapterNumber } from './chapters.service.ts';
import { compareVersions } from './chapters.view.ts';

describe('compareVersions', () => {
  const version = (n: number, title: string, content: string) =>
    ({ id: `v${n}`, chapter: 2, version: n, source: 'author', by: 'ada@example.com', title, content, words: content.split(' ').length, createdAt: new Date('2026-01-01T00:00:00Z') }) as ChapterVersion;

  it('gives the words removed and added, from a to b, in order', () => {
    const result = compareVersions(version(1, 'Soil', 'Rich soil is dark.'), version(2, 'Soil', 'Rich loam is dark and crumbly.'));
    expect(result.a).toMatchObject({ id: 'v1', version: 1 });
    expect(result.b).toMatchObject({ id: 'v2', version: 2 });
    expect(result.parts.filter((p) => p.added).map((p) => p.value.trim())).toEqual(['loam', 'and crumbly']);
    expect(result.parts.filter((p) => p.removed).map((p) => p.value.trim())).toEqual(['soil']);
    expect(result.parts.filter((p) => !p.removed).map((p) => p.value).join('')).toBe('Soil\n\nRich loam is dark and crumbly.');
    expect(result.parts.filter((p) => !p.added).map((p) => p.value).join('')).toBe('Soil\n\nRich soil is dark.');
  });

  it('shows a changed title', () => {
    const { parts } = compareVersions(version(1, 'Soil', 'Same.'), version(2, 'Loam', 'Same.'));
    expect(parts).toContainEqual({ value: 'Soil', removed: true });
    expect(parts).toContainEqual({ value: 'Loam', added: true });
  });
});

describe('withoutHtml', () => {
  it('takes html out of the formats a packaging run makes', () => {
    expect(withoutHtml(['pdf', 'html'], undefined)).toEqual({ html: true, formats: ['pdf'], format: undefined });
    expect(withoutHtml(undefined, 'html')).toEqual({ html: true, formats: [], format: undefined });
    expect(withoutHtml(['pdf'], undefined)).toEqual({ html: false, formats: ['pdf'], format: undefined });
    expect(withoutHtml(undefined, undefined)).toEqual({ html: false, formats: undefined, format: undefined });
  });
});

describe('chapterNumber', () => {
  it('reads a chapter number from the route, and anything else is no such chapter', () => {
    expect(chapterNumber('3')).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'abc', '99999', '']) expect(() => chapterNumber(bad), bad).toThrow(EditingMessages.chapterNotFound);
  });
});
