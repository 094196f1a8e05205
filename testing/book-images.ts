// Real image bytes for tests of book images: made here, so no fixture file is needed.
import { crc32, deflateSync } from 'node:zlib';

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A valid RGB PNG of this size, one colour (compressed, so even 9000 × 10 is a few hundred bytes). */
export function pngOf(width: number, height: number, rgb: [number, number, number] = [200, 60, 40]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** A valid baseline JPEG, 4 × 3 pixels. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAUDBAQEAwUEBAQFBQUGBwwIBwcHBw8LCwkMEQ8SEhEPERETFhwXExQaFRERGCEYGh0dHx8fExciJCIeJBweHx4BBQUFBwYHDggIDh4UERQeHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHv/AABEIAAMABAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AOstdOsfJH+jR/lXwlTEVeb4j0sJk+B9kv3aP//Z',
  'base64',
);

/** The first bytes of a GIF: a real image, of a type books do not take. */
export const TINY_GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** The chunks of a PNG, in order: where each starts, its type and its data. */
const chunksOf = (png: Buffer) => {
  const chunks: { at: number; type: string; data: Buffer }[] = [];
  for (let at = 8; at + 12 <= png.length; ) {
    const length = png.readUInt32BE(at);
    chunks.push({ at, type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return chunks;
};

/** The PNG with its IDAT data scrambled after the zlib header, checksum recomputed: the header and every CRC read well, the pixels do not. */
export function damagedIdat(png: Buffer): Buffer {
  const idat = chunksOf(png).find((c) => c.type === 'IDAT') as { at: number; data: Buffer };
  const data = Buffer.from(idat.data.map((byte, i) => (i < 2 ? byte : (byte ^ 0xa5) + i)));
  return Buffer.concat([png.subarray(0, idat.at), chunk('IDAT', data), png.subarray(idat.at + 12 + idat.data.length)]);
}

/** The PNG cut off halfway through its IDAT data (an upload that stopped short). */
export function truncatedPng(png: Buffer): Buffer {
  const idat = chunksOf(png).find((c) => c.type === 'IDAT') as { at: number; data: Buffer };
  return png.subarray(0, idat.at + 8 + Math.floor(idat.data.length / 2));
}

/** The PNG with one wrong checksum: its IDAT's. */
export function badCrc(png: Buffer): Buffer {
  const idat = chunksOf(png).find((c) => c.type === 'IDAT') as { at: number; data: Buffer };
  const copy = Buffer.from(png);
  const at = idat.at + 8 + idat.data.length;
  copy[at] = (copy[at] as number) ^ 0xff;
  return copy;
}
