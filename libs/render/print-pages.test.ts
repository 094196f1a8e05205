import { describe, expect, it } from 'vitest';
import type { Manuscript } from './interior.ts';
import { manuscriptFingerprint, printPagesOf } from './print-pages.ts';

describe("the print pages an EPUB lists", () => {
  it('puts each page before the first block that begins on it, a page begun inside a block before the next, a blank verso before the part after it', () => {
    const marks = [
      ['introduction:h', 5],
      ['introduction:0', 5],
      // A long block runs from page 5 over page 6; page 6 is marked before the block that follows it.
      ['chapter-1:h', 7],
      ['chapter-1:0', 7],
      ['chapter-1:900', 8],
      // Block 900 runs on over page 9, page 10 is a blank verso: both go before the part that opens on page 11.
      ['chapter-2:h', 11],
      ['chapter-2:0', 11],
      ['chapter-2:600', 12],
    ] as const;
    expect(printPagesOf(marks, 'f').before).toEqual({
      'introduction:h': [5],
      'chapter-1:h': [6, 7],
      'chapter-1:900': [8],
      'chapter-2:h': [9, 10, 11],
      'chapter-2:600': [12],
    });
  });

  it('leaves out the pages before the text (title, copyright, contents) and lists each page once, in order', () => {
    const { before } = printPagesOf([['introduction:h', 5], ['introduction:0', 5], ['introduction:80', 6], ['summary:h', 7]], 'f');
    const pages = Object.values(before).flat();
    expect(pages).toEqual([5, 6, 7]);
    expect(printPagesOf([], 'f').before).toEqual({});
  });

  it('fingerprints what decides the pages: the text, the images, the trim (6 x 9 in when none is named)', () => {
    const book: Manuscript = { title: 'T', author: 'A', language: 'en', chapters: [{ number: 1, title: 'One', content: 'Text.' }], references: [] };
    const same = manuscriptFingerprint(book);
    expect(manuscriptFingerprint({ ...book, trim: { widthIn: 6, heightIn: 9 } })).toBe(same);
    expect(manuscriptFingerprint({ ...book, trim: { widthIn: 5, heightIn: 8 } })).not.toBe(same);
    expect(manuscriptFingerprint({ ...book, chapters: [{ number: 1, title: 'One', content: 'Text!' }] })).not.toBe(same);
    const image = (byte: number) => new Map([['images/a.png', { contentType: 'image/png' as const, data: new Uint8Array([byte]), width: 1, height: 1 }]]);
    expect(manuscriptFingerprint({ ...book, images: image(1) })).not.toBe(manuscriptFingerprint({ ...book, images: image(2) }));
  });
});
