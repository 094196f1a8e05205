// What a packaging run builds, and how the staged API reports it.
import { DEFAULT_COLOR_SCHEME, DEFAULT_COVER_TEMPLATE, DEFAULT_DESIGN_STYLE, DEFAULT_INCLUDE_SPINE_TITLE, type ColorScheme, type CoverTemplate, type DesignStyle } from './cover.ts';

/** The files a packaging run can make; `cover` is the print cover (PDF and front PNG). */
export const PACKAGE_FORMATS = ['pdf', 'epub', 'docx', 'zip', 'cover'] as const;
export type PackageFormat = (typeof PACKAGE_FORMATS)[number];
/** What the book's own build makes; the cover follows as its own stage when one is wanted. */
export const BOOK_FORMATS: PackageFormat[] = ['pdf', 'epub', 'docx', 'zip'];
/** How the author's pages name each file a run makes. */
export const PACKAGE_FORMAT_NAMES: Record<PackageFormat, string> = { pdf: 'PDF', epub: 'EPUB', docx: 'DOCX', zip: 'Quarto project', cover: 'cover' };

export const BuildMessages = {
  building: 'Typesetting the book',
  complete: 'Build complete',
  failed: 'Build failed',
  notStarted: 'Finalize the book to build its files',
  /** What the author reads while a run builds: the files it makes, never the run's id (the back office links the run). */
  buildingFormats: (formats: readonly PackageFormat[]) => `Typesetting the book: ${formats.map((f) => PACKAGE_FORMAT_NAMES[f]).join(', ')}`,
  pdfFirst: 'PDF must be built before the cover',
  unknownFormat: (value: string) => `Unknown format "${value}": use ${PACKAGE_FORMATS.join(', ')}`,
  notBuilt: (kind: string) => `The ${kind} is not built yet`,
  /** A character no font can print fails the build by name, rather than printing as a box. */
  uncovered: (characters: string[], where: string) =>
    `No font can print ${characters.slice(0, 5).map((c) => `"${c}" (U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')})`).join(', ')}${characters.length > 5 ? ` and ${characters.length - 5} more` : ''} in ${where}: replace or remove ${characters.length > 1 ? 'them' : 'it'}, then build again`,
} as const;

/**
 * The error type of a build that text no font can print stopped: the author's to fix, so never retried, and a 422.
 * Temporal names an activity's error by its class, so this is the class's name (libs/render/fonts.ts).
 */
export const UNPRINTABLE_TEXT = 'UnprintableTextError';
/** The error type of a cover run the author's own wrap no longer fits: theirs to fix (a new upload), so never retried, and a 422. */
export const COVER_DOES_NOT_FIT = 'CoverDoesNotFit';
/** The failures a request gets as 422, with their words: what the author, not the service, must change. */
export const AUTHOR_FIXES = [UNPRINTABLE_TEXT, COVER_DOES_NOT_FIT] as const;

/** `formats` (a list) or the older single `format`; unknown names are refused. */
export function parseFormats(formats: unknown, format?: unknown): { formats: PackageFormat[] } | { error: string } {
  const wanted = formats ?? (format === undefined ? undefined : [format]);
  if (wanted === undefined || wanted === null) return { formats: [...BOOK_FORMATS] };
  if (!Array.isArray(wanted) || wanted.length === 0) return { error: BuildMessages.unknownFormat(String(wanted)) };
  const out: PackageFormat[] = [];
  for (const f of wanted) {
    if (!(PACKAGE_FORMATS as readonly unknown[]).includes(f)) return { error: BuildMessages.unknownFormat(String(f)) };
    if (!out.includes(f as PackageFormat)) out.push(f as PackageFormat);
  }
  return { formats: out };
}

/** How the print cover is made: the template sets the spine, the style and scheme the design. */
export interface CoverChoice {
  template: CoverTemplate;
  designStyle: DesignStyle;
  colorScheme: ColorScheme;
  includeSpineTitle: boolean;
}

/**
 * A cover the author made elsewhere: a front image (PNG or JPEG) that Pressroom wraps with a spine and back in the
 * book's design, or a whole wrap as one PDF page (back, spine and front with bleed) sized for the book's template,
 * trim, paper and page count, used as it is wherever it fits.
 */
export type CoverUpload =
  | { kind: 'front'; key: string; contentType: 'image/png' | 'image/jpeg'; width: number; height: number }
  | { kind: 'wrap'; key: string; widthIn: number; heightIn: number };

export const DEFAULT_COVER_CHOICE: CoverChoice = {
  template: DEFAULT_COVER_TEMPLATE,
  designStyle: DEFAULT_DESIGN_STYLE,
  colorScheme: DEFAULT_COLOR_SCHEME,
  includeSpineTitle: DEFAULT_INCLUDE_SPINE_TITLE,
};
