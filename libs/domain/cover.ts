// Print covers: templates, design choices and the full-wrap geometry (back | spine | front, with bleed).

export const COVER_TEMPLATES = ['amazon_kdp', 'lulu'] as const;
export type CoverTemplate = (typeof COVER_TEMPLATES)[number];
export const DEFAULT_COVER_TEMPLATE: CoverTemplate = 'amazon_kdp';

export const DESIGN_STYLES = ['modern', 'classic', 'minimalist', 'bold'] as const;
export type DesignStyle = (typeof DESIGN_STYLES)[number];
export const DEFAULT_DESIGN_STYLE: DesignStyle = 'modern';

export const COLOR_SCHEMES = ['professional', 'vibrant', 'monochrome', 'warm', 'cool'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
export const DEFAULT_COLOR_SCHEME: ColorScheme = 'professional';

export const PAPER_TYPES = ['white', 'cream'] as const;
export type PaperType = (typeof PAPER_TYPES)[number];
export const DEFAULT_PAPER: PaperType = 'white';
/** How the portal names a paper. */
export const PAPER_LABELS: Record<PaperType, string> = { white: 'White', cream: 'Cream' };

/** The page count a cover is sized for when the interior has not been typeset yet. */
export const DEFAULT_COVER_PAGE_COUNT = 150;
export const DEFAULT_INCLUDE_SPINE_TITLE = true;
/** Bleed on each outside edge of the wrap, in inches (KDP and Lulu alike). */
export const BLEED_IN = 0.125;
export const MIN_COVER_PDF_BYTES = 1000;

/** Inches of spine per interior page on KDP paperbacks (black-and-white interiors). */
const KDP_PAGE_THICKNESS_IN: Record<PaperType, number> = { white: 0.002252, cream: 0.0025 };
/**
 * Lulu softcover perfect bound: spine = pages / 444 + 0.06 in (444 pages per inch of its standard 60# paper, plus the
 * cover board). Source: Lulu's "How is spine width calculated?" (help.api.lulu.com, article 64000254616), which is also
 * what its cover-template calculator uses for paperbacks.
 */
const LULU_PAGES_PER_INCH = 444;
const LULU_COVER_ALLOWANCE_IN = 0.06;

/**
 * Spine text needs more than 79 pages (KDP's rule: below that the spine is under about 0.2 in, too thin to hold type
 * with KDP's 0.0625 in clearance on each side). Lulu publishes no page rule, only the same clearance; its spines are
 * wider for the same count (80 pages → 0.24 in), so the KDP threshold is safe there too and keeps one rule for both.
 */
const SPINE_TITLE_MIN_PAGES = 80;
/** Clearance between spine text and each fold, in inches. */
export const SPINE_TEXT_CLEARANCE_IN = 0.0625;

/** KDP's barcode box: 2 in × 1.2 in, 0.25 in from the bottom trim and from the spine, lower right of the back cover. */
const BARCODE_BOX = { widthIn: 2, heightIn: 1.2, insetIn: 0.25 } as const;

export const CoverMessages = {
  tooSmall: 'Cover PDF too small',
  invalidPageCount: 'Page count must be a positive whole number',
  invalidTrim: 'Trim size must be positive',
  unknownTemplate: (value: string) => `Unknown cover template "${value}": use ${COVER_TEMPLATES.join(' or ')}`,
  unknownDesignStyle: (value: string) => `Unknown design style "${value}": use ${DESIGN_STYLES.join(', ')}`,
  unknownColorScheme: (value: string) => `Unknown color scheme "${value}": use ${COLOR_SCHEMES.join(', ')}`,
} as const;

export const isCoverTemplate = (value: unknown): value is CoverTemplate => (COVER_TEMPLATES as readonly unknown[]).includes(value);
export const isDesignStyle = (value: unknown): value is DesignStyle => (DESIGN_STYLES as readonly unknown[]).includes(value);
export const isColorScheme = (value: unknown): value is ColorScheme => (COLOR_SCHEMES as readonly unknown[]).includes(value);

export interface CoverGeometryInput {
  template: CoverTemplate;
  pageCount: number;
  trim: { widthIn: number; heightIn: number };
  /** KDP only (Lulu's formula has one paper); white when not given. */
  paper?: PaperType;
}

export interface CoverGeometry {
  template: CoverTemplate;
  pageCount: number;
  trim: { widthIn: number; heightIn: number };
  spineIn: number;
  bleedIn: number;
  /** The whole wrap: back + spine + front, plus bleed left and right. */
  widthIn: number;
  /** Trim height plus bleed top and bottom. */
  heightIn: number;
  spineTitleAllowed: boolean;
}

/** The pages a book is printed on: every leaf has two sides, so an odd count gains a blank last page. */
const printedPages = (pageCount: number) => pageCount + (pageCount % 2);

/** Spine width in inches for the template's binding, from the printed page count. */
export function spineWidth(template: CoverTemplate, pageCount: number, paper: PaperType = 'white'): number {
  if (!Number.isInteger(pageCount) || pageCount <= 0) throw new Error(CoverMessages.invalidPageCount);
  const pages = printedPages(pageCount);
  switch (template) {
    case 'amazon_kdp':
      return pages * KDP_PAGE_THICKNESS_IN[paper];
    case 'lulu':
      return pages / LULU_PAGES_PER_INCH + LULU_COVER_ALLOWANCE_IN;
    default:
      throw new Error(CoverMessages.unknownTemplate(String(template)));
  }
}

/** The full-wrap cover's size: one page of widthIn × heightIn inches. */
export function coverGeometry({ template, pageCount, trim, paper = 'white' }: CoverGeometryInput): CoverGeometry {
  if (!(trim.widthIn > 0 && trim.heightIn > 0)) throw new Error(CoverMessages.invalidTrim);
  const spineIn = spineWidth(template, pageCount, paper);
  return {
    template,
    pageCount,
    trim: { widthIn: trim.widthIn, heightIn: trim.heightIn },
    spineIn,
    bleedIn: BLEED_IN,
    widthIn: 2 * trim.widthIn + spineIn + 2 * BLEED_IN,
    heightIn: trim.heightIn + 2 * BLEED_IN,
    spineTitleAllowed: pageCount >= SPINE_TITLE_MIN_PAGES,
  };
}

export interface CoverArea {
  /** From the wrap's left edge (bleed included), in inches. */
  xIn: number;
  /** From the wrap's bottom edge (bleed included), in inches. */
  yIn: number;
  widthIn: number;
  heightIn: number;
}

/**
 * Where the barcode goes: KDP prints it in a white 2 × 1.2 in box in the lower right corner of the back cover,
 * 0.25 in from the bottom trim and from the spine; Lulu places its ISBN barcode in the same corner.
 */
export function barcodeArea(geometry: Pick<CoverGeometry, 'trim' | 'bleedIn' | 'spineIn'>, dir: 'ltr' | 'rtl' = 'ltr'): CoverArea {
  const spineLeft = geometry.bleedIn + geometry.trim.widthIn;
  return {
    // On the back beside the spine: the back is the wrap's left panel, or its right one in a right-to-left book.
    xIn: dir === 'rtl' ? spineLeft + geometry.spineIn + BARCODE_BOX.insetIn : spineLeft - BARCODE_BOX.insetIn - BARCODE_BOX.widthIn,
    yIn: geometry.bleedIn + BARCODE_BOX.insetIn,
    widthIn: BARCODE_BOX.widthIn,
    heightIn: BARCODE_BOX.heightIn,
  };
}

/** The cover an author uploads: a PNG or JPEG front, or a full-wrap PDF (each recognised by its bytes), within these limits. */
export const COVER_IMAGE_LIMITS = {
  /** Bytes of one upload, counted while it streams: a 300 dpi letter-size front is 4–20 MB, a wrap with its images more. */
  maxBytes: 50 * 1024 * 1024,
  /** What printers ask for; under it the cover may print soft. */
  printDpi: 300,
} as const;

/** The front panel an uploaded image fills: the trim plus bleed on its three outer edges. */
export const frontPanelIn = (trim: { widthIn: number; heightIn: number }) => ({ widthIn: trim.widthIn + BLEED_IN, heightIn: trim.heightIn + 2 * BLEED_IN });

/** How sharp an image prints across the front panel, cropped to fill it (never stretched): its pixels per inch. */
export function coverImageDpi(image: { width: number; height: number }, trim: { widthIn: number; heightIn: number }): number {
  const panel = frontPanelIn(trim);
  return Math.floor(Math.min(image.width / panel.widthIn, image.height / panel.heightIn));
}

/**
 * How far a print file's page may be off the size it must be (an uploaded wrap, a preflighted interior or cover):
 * 1/32 in, less than any two spine formulas differ by.
 */
const SIZE_TOLERANCE_IN = 1 / 32;

/** Whether a page of this size is the size expected, within SIZE_TOLERANCE_IN. */
export const sizeFits = (actual: { widthIn: number; heightIn: number }, expected: { widthIn: number; heightIn: number }) =>
  Math.abs(actual.widthIn - expected.widthIn) <= SIZE_TOLERANCE_IN && Math.abs(actual.heightIn - expected.heightIn) <= SIZE_TOLERANCE_IN;
const inchesText = (value: number) => String(Math.round(value * 1000) / 1000);

export const OwnCoverMessages = {
  fileRequired: 'Choose your cover (field "image"): a PNG or JPEG front, or a full-wrap PDF',
  notCover: 'A cover must be a PNG or JPEG front image, or a full-wrap PDF',
  tooLarge: `Cover files must be ${COVER_IMAGE_LIMITS.maxBytes / 1024 / 1024} MB or smaller`,
  wrapSize: (expected: { widthIn: number; heightIn: number; spineIn: number }, pages: number, actual: { widthIn: number; heightIn: number }) =>
    `For this book (${pages} pages) the full-wrap cover must be ${inchesText(expected.widthIn)} x ${inchesText(expected.heightIn)} in: back and front at the trim, ` +
    `a ${inchesText(expected.spineIn)} in spine and ${inchesText(BLEED_IN)} in bleed on each edge; this PDF is ${inchesText(actual.widthIn)} x ${inchesText(actual.heightIn)} in.`,
  /** A rebuild or another template changed the size the cover must be. */
  wrapNoLongerFits: (size: string) => `Your full-wrap cover PDF no longer fits the book. ${size} Upload one of that size, or use the designed cover.`,
  soft: (dpi: number, trimLabel: string, panel: { widthIn: number; heightIn: number }) =>
    `At ${trimLabel} this image prints at ${dpi} dpi; printers ask for ${COVER_IMAGE_LIMITS.printDpi}. ` +
    `For a sharp cover upload one of at least ${Math.ceil(panel.widthIn * COVER_IMAGE_LIMITS.printDpi)} × ${Math.ceil(panel.heightIn * COVER_IMAGE_LIMITS.printDpi)} pixels.`,
  none: 'This book has no cover of your own',
} as const;

/** Why an uploaded wrap does not fit a cover of this geometry (null when it does), in words the author can act on. */
export function wrapMismatch(wrap: { widthIn: number; heightIn: number }, geometry: CoverGeometry): string | null {
  return sizeFits(wrap, geometry) ? null : OwnCoverMessages.wrapSize(geometry, geometry.pageCount, wrap);
}
