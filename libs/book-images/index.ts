export { loadBookImages, loadCoverFront, loadManuscript } from './load.ts';
export { BookImageError, bookImageAlt, bookImageFilename, measureBookImage, sniffBookImageType, type MeasuredImage } from './measure.ts';
