import { imageSize } from 'image-size';
import { BOOK_IMAGE_LIMITS, BOOK_IMAGE_TYPES, BookImageMessages, type BookImageExtension, type BookImageType } from '../domain/index.ts';
import { decodeBookImage } from './decode.ts';

/** Why an upload is not a book image: the message the author reads, and the HTTP status that goes with it. */
export class BookImageError extends Error {
  readonly status: 400 | 413 | 415 | 422;

  constructor(status: 400 | 413 | 415 | 422, message: string) {
    super(message);
    this.name = 'BookImageError';
    this.status = status;
  }
}

export interface MeasuredImage {
  contentType: BookImageType;
  extension: BookImageExtension;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** The type the bytes are, by their signature; the name and the content type a client sends are not trusted. */
export function sniffBookImageType(bytes: Uint8Array): BookImageType | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, PNG_SIGNATURE.length));
  if (head.length === PNG_SIGNATURE.length && head.equals(PNG_SIGNATURE)) return 'image/png';
  if (head.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

/**
 * The rule for an uploaded image: PNG or JPEG by its bytes, a size image-size reads from the header alone, no side
 * over the limit, and then every pixel decoded (in a worker thread, within a time limit), so a file the renderers
 * cannot read never reaches a book. Rejects with BookImageError and the author's message.
 */
export async function measureBookImage(bytes: Uint8Array): Promise<MeasuredImage> {
  if (bytes.byteLength > BOOK_IMAGE_LIMITS.maxBytes) throw new BookImageError(413, BookImageMessages.tooLarge);
  const contentType = sniffBookImageType(bytes);
  if (!contentType) throw new BookImageError(415, BookImageMessages.typeNotAllowed);
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    throw new BookImageError(422, BookImageMessages.unreadable);
  }
  const extension = BOOK_IMAGE_TYPES[contentType];
  const { width, height } = size;
  if (size.type !== extension || !Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw new BookImageError(422, BookImageMessages.unreadable);
  if (width > BOOK_IMAGE_LIMITS.maxSide || height > BOOK_IMAGE_LIMITS.maxSide) throw new BookImageError(422, BookImageMessages.tooManyPixels);
  const decoded = await decodeBookImage(contentType, bytes);
  if (decoded === 'too-slow') throw new BookImageError(422, BookImageMessages.tooSlow);
  if (decoded === 'damaged') throw new BookImageError(422, BookImageMessages.unreadable);
  return { contentType, extension, width, height };
}

// eslint-disable-next-line no-control-regex
const oneLine = (text: string, max: number) => [...text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim()].slice(0, max).join('');

/** The name an upload is kept under: the client's file name on one line, without control characters, at most 255 characters. */
export const bookImageFilename = (original: string): string => oneLine(original, 255) || 'image';

/** The description the inserted Markdown carries: the author's, on one line (never made up, as from the file name). */
export const bookImageAlt = (alt: string | undefined): string => oneLine(alt ?? '', BOOK_IMAGE_LIMITS.altMax);
