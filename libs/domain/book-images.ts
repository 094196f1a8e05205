// Images in a book's chapters (spec document 2, §2.5 "upload image"): the only images any renderer draws are the
// book's own assets, uploaded by its author, stored in MinIO and named in the Markdown by the path below. Every other
// image in book text (a URL, a file path, a data: URI) is dropped as before.

import { UUID_PATTERN } from './input.ts';

/** The image types a book accepts, with their file extensions; each is recognised by its bytes, not its name. */
export const BOOK_IMAGE_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
export type BookImageType = keyof typeof BOOK_IMAGE_TYPES;
export type BookImageExtension = (typeof BOOK_IMAGE_TYPES)[BookImageType];

export const BOOK_IMAGE_LIMITS = {
  /** Bytes of one upload, counted while it streams. */
  maxBytes: 10 * 1024 * 1024,
  /** Pixels on either side; a larger image is refused before anything decodes it. */
  maxSide: 8000,
  /** Images one book may hold. */
  perBook: 200,
  altMax: 300,
} as const;

/** How Markdown names a book image: `![alt](images/<uuid>.png)`, the same relative path the Quarto project ships. */
export const bookImagePath = (image: { id: string; extension: BookImageExtension }) => `images/${image.id}.${image.extension}`;

const IMAGE_PATH = String.raw`images\/(${UUID_PATTERN})\.(png|jpg)`;
const WHOLE_IMAGE_PATH = new RegExp(`^${IMAGE_PATH}$`);

/** The asset an image source names (null: it names none, so no renderer will draw it). */
export function bookImageRef(src: string): { id: string; extension: BookImageExtension } | null {
  const match = WHOLE_IMAGE_PATH.exec(src);
  return match ? { id: match[1]!, extension: match[2] as BookImageExtension } : null;
}

/**
 * Every book-image path the texts name (`images/<id>.png`), wherever it stands: what a renderer then draws is decided
 * by the safe-Markdown rule, so naming more than it draws costs only a lookup.
 */
export function namedBookImagePaths(texts: readonly (string | null | undefined)[]): Set<string> {
  const paths = new Set<string>();
  for (const text of texts) for (const [path] of (text ?? '').matchAll(new RegExp(IMAGE_PATH, 'g'))) paths.add(path);
  return paths;
}

/**
 * The Markdown the editor inserts for an uploaded image; brackets in the alt text are escaped. An empty description
 * is a decorative image, as in HTML: every format then lets readers and screen readers pass it by.
 */
export const bookImageMarkdown = (image: { id: string; extension: BookImageExtension }, alt: string) =>
  `![${alt.replace(/[\\[\]]/g, '\\$&')}](${bookImagePath(image)})`;

export const BookImageMessages = {
  fileRequired: 'Choose an image to upload (field "image")',
  typeNotAllowed: 'Images must be PNG or JPEG files',
  tooLarge: `Images must be ${BOOK_IMAGE_LIMITS.maxBytes / 1024 / 1024} MB or smaller`,
  tooManyPixels: `Images must be at most ${BOOK_IMAGE_LIMITS.maxSide.toLocaleString('en-US')} pixels on each side`,
  unreadable: 'This image could not be read: it may be damaged',
  tooSlow: 'This image takes too long to read: save it smaller and upload it again',
  tooMany: `A book holds at most ${BOOK_IMAGE_LIMITS.perBook} images`,
  altTooLong: `The image description must be ${BOOK_IMAGE_LIMITS.altMax} characters or less`,
  altRequired: 'Describe the image for readers who cannot see it (its alt text), or mark it decorative',
  notFound: 'Image not found',
} as const;
