import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { BookImageType } from '../domain/index.ts';

/**
 * A task of the decoder pool (decode.ts), run in a worker thread: every pixel of an uploaded PNG or JPEG, decoded as
 * the renderers will, so a file whose header reads well but whose data does not (a damaged or cut-off IDAT or scan)
 * is refused on upload rather than failing every build of the book. True when the whole image decodes.
 */
export default function decode({ type, bytes, maxMemoryMb }: { type: BookImageType; bytes: Uint8Array; maxMemoryMb: number }): boolean {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (type === 'image/png') {
      // Checks every chunk's CRC, inflates all of IDAT and unfilters each row; a short or damaged stream throws.
      const png = PNG.sync.read(data);
      return png.width > 0 && png.height > 0;
    }
    const image = jpeg.decode(data, { tolerantDecoding: false, maxMemoryUsageInMB: maxMemoryMb, formatAsRGBA: false });
    return image.width > 0 && image.height > 0;
  } catch {
    return false;
  }
}
