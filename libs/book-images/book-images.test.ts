import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { badCrc, damagedIdat, pngOf, TINY_GIF, TINY_JPEG, truncatedPng } from '../../testing/book-images.ts';
import { BOOK_IMAGE_LIMITS, BookImageMessages, namedBookImagePaths } from '../domain/index.ts';
import { BookImageError, bookImageAlt, bookImageFilename, measureBookImage } from './index.ts';

const refusal = async (bytes: Uint8Array) => {
  try {
    await measureBookImage(bytes);
  } catch (error) {
    if (error instanceof BookImageError) return { status: error.status, message: error.message };
    throw error;
  }
  return null;
};

describe('measureBookImage', () => {
  it('knows PNG and JPEG by their bytes and reads their size', async () => {
    expect(await measureBookImage(pngOf(7, 5))).toEqual({ contentType: 'image/png', extension: 'png', width: 7, height: 5 });
    expect(await measureBookImage(TINY_JPEG)).toEqual({ contentType: 'image/jpeg', extension: 'jpg', width: 4, height: 3 });
    expect(await measureBookImage(pngOf(BOOK_IMAGE_LIMITS.maxSide, 1))).toMatchObject({ width: BOOK_IMAGE_LIMITS.maxSide });
  });

  it.each([
    ['a GIF', TINY_GIF, 415, BookImageMessages.typeNotAllowed],
    ['HTML', Buffer.from('<svg onload="alert(1)"></svg>'), 415, BookImageMessages.typeNotAllowed],
    ['nothing', Buffer.alloc(0), 415, BookImageMessages.typeNotAllowed],
    ['a PNG signature and no more', pngOf(1, 1).subarray(0, 8), 422, BookImageMessages.unreadable],
    ['a JPEG start and no size', TINY_JPEG.subarray(0, 20), 422, BookImageMessages.unreadable],
    ['a JPEG start before a PNG', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), pngOf(1, 1)]), 422, BookImageMessages.unreadable],
    ['a side over the limit', pngOf(10, BOOK_IMAGE_LIMITS.maxSide + 1), 422, BookImageMessages.tooManyPixels],
    ['more bytes than the limit', Buffer.concat([pngOf(1, 1), Buffer.alloc(BOOK_IMAGE_LIMITS.maxBytes)]), 413, BookImageMessages.tooLarge],
    ['a PNG whose pixel data is damaged', damagedIdat(pngOf(64, 64)), 422, BookImageMessages.unreadable],
    ['a PNG cut off in its pixel data', truncatedPng(pngOf(64, 64, [10, 200, 30])), 422, BookImageMessages.unreadable],
    ['a PNG with a wrong checksum', badCrc(pngOf(16, 16)), 422, BookImageMessages.unreadable],
    ['a JPEG cut off in its scan', TINY_JPEG.subarray(0, TINY_JPEG.length - 40), 422, BookImageMessages.unreadable],
  ])('refuses %s', async (_, bytes, status, message) => {
    expect(await refusal(bytes)).toEqual({ status, message });
  });
});

describe('namedBookImagePaths', () => {
  it('finds every book-image path the texts name, and nothing else', () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const texts = [`Intro ![bed](images/${a}.png) and again ![](images/${a}.png)`, null, `[ref]: images/${b}.jpg\n\n![x](images/${c}.gif) ![y](https://example.com/images/${c}.png) ![z](images/${c.toUpperCase()}.png)`];
    expect([...namedBookImagePaths(texts)].sort()).toEqual([`images/${a}.png`, `images/${b}.jpg`, `images/${c}.png`].sort());
    expect(namedBookImagePaths(['no images here', undefined]).size).toBe(0);
  });
});

describe('names and descriptions', () => {
  it('keeps a file name on one line, without control characters, at most 255 characters', () => {
    expect(bookImageFilename('my\u0007 photo\n.png')).toBe('my photo .png');
    expect([...bookImageFilename(`${'é'.repeat(300)}.png`)]).toHaveLength(255);
    expect(bookImageFilename('\u0001')).toBe('image');
  });

  it("describes an image by the author's words, or else by its file name without the extension", () => {
    expect(bookImageAlt(undefined)).toBe('');
    expect(bookImageAlt('  ')).toBe('');
    expect(bookImageAlt('Two\nlines')).toBe('Two lines');
    expect([...bookImageAlt('x'.repeat(400))]).toHaveLength(BOOK_IMAGE_LIMITS.altMax);
  });
});
