import type { ManuscriptImage } from './interior.ts';

/** A book's own images by the path its Markdown names them by (`images/<id>.png`): the only images drawn. */
export type BookImages = ReadonlyMap<string, ManuscriptImage>;

export const NO_IMAGES: BookImages = new Map();

/** An image with no size of its own is drawn at 300 pixels to the inch, print resolution. */
const IMAGE_DPI = 300;

/** An image's natural width in inches; it is drawn at that width, or as wide as the text when that is narrower. */
export const naturalWidthIn = (image: ManuscriptImage) => image.width / IMAGE_DPI;

/** The image as a data: URI (an HTML page that must fetch nothing). */
export const imageDataUri = (image: ManuscriptImage) => `data:${image.contentType};base64,${Buffer.from(image.data).toString('base64')}`;
