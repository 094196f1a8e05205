import {
  CoverMessages, MIN_COVER_PDF_BYTES, SPINE_TEXT_CLEARANCE_IN, barcodeArea, bookLanguage, coverGeometry, upperCaseIn,
  type BookLanguage, type BookScript, type ColorScheme, type CoverGeometry, type CoverTemplate, type DesignStyle, type PaperType,
} from '../domain/index.ts';
import { STYLES } from './cover-styles.ts';
import { assertPrintable, compileToPdf } from './fonts.ts';
import { TRIM_6X9, typstFonts, typstLanguage, type TrimSize } from './interior.ts';
import { pdfAreaPreview } from './preview.ts';
import { typstString } from './markdown-to-typst.ts';

/**
 * The print cover, typeset with Typst: one page holding back | spine | front with bleed on all four sides, and the
 * wrap's front panel (trim size) as a PNG for the site. Every piece of the author's text reaches Typst as a string literal,
 * so none of it can run as Typst code; sizes are fitted by measuring, so long titles wrap and shrink, never overflow.
 */

export interface CoverInput {
  title: string;
  author: string;
  tagline?: string | null;
  blurb?: string | null;
  pageCount: number;
  template: CoverTemplate;
  includeSpineTitle: boolean;
  designStyle: DesignStyle;
  colorScheme: ColorScheme;
  trim?: TrimSize;
  paper?: PaperType;
  /** The book's language (a BCP 47 tag): fonts, direction, capitals and the wrap's order follow from it. */
  language?: string;
  /**
   * A front the author made: it fills the front panel to the bleed (cropped to fill, never stretched), while the spine
   * and back are drawn in the design. The bytes are an image the upload checked; Typst reads them from memory only.
   */
  frontImage?: { data: Uint8Array; contentType: 'image/png' | 'image/jpeg' } | null;
}

export interface CoverResult {
  /** The full wrap, one page of geometry.widthIn × geometry.heightIn. */
  pdf: Buffer;
  /** The front cover at trim size, about 600 px wide. */
  png: Buffer;
  geometry: CoverGeometry;
}

export const FRONT_PNG_WIDTH_PX = 600;

interface Palette {
  dark: string;
  mid: string;
  accent: string;
  light: string;
  paper: string;
  strong: string;
}

const PALETTES: Record<ColorScheme, Palette> = {
  professional: { dark: '#1b2a47', mid: '#3d5a80', accent: '#c9a54c', light: '#f3efe6', paper: '#f7f5f0', strong: '#c9a54c' },
  vibrant: { dark: '#2a0b5c', mid: '#7b2cbf', accent: '#ff3d7f', light: '#fff0f5', paper: '#fff8fb', strong: '#ff3d7f' },
  monochrome: { dark: '#161616', mid: '#555555', accent: '#a3a3a3', light: '#f2f2f2', paper: '#ffffff', strong: '#e4e4e4' },
  warm: { dark: '#4a1d10', mid: '#a8431e', accent: '#f2a541', light: '#fbf1e2', paper: '#fdf8f1', strong: '#e0622a' },
  cool: { dark: '#0e2f48', mid: '#2a7f9e', accent: '#74c7c0', light: '#ecf5f8', paper: '#f5fafc', strong: '#2a7f9e' },
};

// WCAG contrast, to pick legible text colours for every field.
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
/** The better-contrasting of two text colours on a background. */
const textOn = (background: string, light: string, dark: string) => (contrast(background, light) >= contrast(background, dark) ? light : dark);
/** A colour for text on a background if it is legible there (3:1, large text), else the fallback. */
const legible = (colour: string, background: string, fallback: string) => (contrast(colour, background) >= 3 ? colour : fallback);

function colours(scheme: ColorScheme): Record<string, string> {
  const p = PALETTES[scheme];
  const white = '#ffffff';
  // The palette's tinted light where it reads as well as body text should (7:1), else plain white.
  const onDark = contrast(p.dark, p.light) >= 7 ? p.light : white;
  return {
    ...p,
    white,
    'on-dark': onDark,
    'on-strong': textOn(p.strong, white, p.dark),
    'accent-on-dark': legible(p.accent, p.dark, onDark),
    'strong-on-dark': legible(p.strong, p.dark, p.accent),
    'mid-on-paper': legible(p.mid, p.paper, p.dark),
    band: contrast(p.light, p.strong) >= 1.5 && contrast(p.light, p.dark) >= 1.5 ? p.light : p.accent,
  };
}

// ——— The author's text, cleaned for Typst string literals ———

/** No control characters or lone surrogates (Typst's string escapes are not JSON's), whitespace collapsed. */
const clean = (text: string | null | undefined) =>
  (text ?? '').toWellFormed().replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ').replace(/\s+/g, ' ').trim();

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max * 0.8)).trimEnd()}…`;
}

const typstArray = (items: string[]) => `(${items.map(typstString).join(', ')}${items.length === 1 ? ',' : ''})`;
/** The words a line may not break inside (fit() keeps each on one line): in scripts without spaces, the segmenter's. */
function words(text: string, language: BookLanguage): string[] {
  const found = language.spaced
    ? text.split(' ')
    : [...new Intl.Segmenter(language.tag, { granularity: 'word' }).segment(text)].map((s) => s.segment.trim());
  return [...new Set(found.filter(Boolean))];
}
const inches = (n: number) => `${Number(n.toFixed(6))}in`;

/** A first guess at the title size from its length (the fitting then shrinks it until it fits). */
function titleSizePt(title: string, style: DesignStyle): number {
  const n = title.length;
  const base = n <= 10 ? 64 : n <= 20 ? 54 : n <= 35 ? 44 : n <= 60 ? 36 : n <= 100 ? 28 : 22;
  const scale: Record<DesignStyle, number> = { modern: 1, classic: 0.95, minimalist: 0.78, bold: 1.2 };
  return Math.round(base * scale[style]);
}

interface Texts {
  title: string;
  /** On the spine a long title loses its subtitle. */
  spineTitle: string;
  author: string;
  tagline: string;
  back: string[];
  backIsBlurb: boolean;
}

function texts(input: CoverInput): Texts {
  const title = truncate(clean(input.title), 200);
  const author = truncate(clean(input.author), 120);
  const tagline = truncate(clean(input.tagline), 220);
  let budget = 1400;
  const blurb: string[] = [];
  for (const paragraph of (input.blurb ?? '').split(/\n\s*\n/).map(clean).filter(Boolean)) {
    if (budget <= 40) break;
    const kept = truncate(paragraph, budget);
    blurb.push(kept);
    budget -= kept.length;
  }
  const main = title.split(/:\s|\s[—–-]\s/)[0]!.trim();
  const spineTitle = title.length > 45 && main.length >= 3 ? main : title;
  return { title, spineTitle, author, tagline, back: blurb.length ? blurb : tagline ? [tagline] : [], backIsBlurb: blurb.length > 0 };
}

// ——— Typst ———

const TALL_MARKS: ReadonlySet<BookScript> = new Set(['Arab', 'Deva', 'Beng', 'Thai']);

/** What every cover document starts with: the strings, the palette and the fitting helpers. */
function preamble(input: CoverInput, t: Texts, page: { widthIn: number; heightIn: number }, { wrap, spineText }: { wrap: boolean; spineText: boolean }): string {
  const palette = colours(input.colorScheme);
  const language = bookLanguage(input.language);
  // Capitals as the language writes them (Turkish İ), looked up by the styles' upper(); the words too, as fit() measures them.
  const cased = [t.title, t.spineTitle, t.author, ...words(t.title, language), ...words(t.author, language)];
  const caps = [...new Set(cased)].map((text) => `${typstString(text)}: ${typstString(upperCaseIn(language, text))}`);
  return `#set document(title: ${typstString(t.title)}, author: ${typstString(t.author)})
#set page(width: ${inches(page.widthIn)}, height: ${inches(page.heightIn)}, margin: 0pt)
#let serif = ${typstFonts(language, 'serif')}
#let sans = ${typstFonts(language, 'sans')}
#let display = ${typstFonts(language, 'display')}
#set text(font: sans, size: 10pt, ${typstLanguage(language)}, hyphenate: false)
#set par(justify: false)
// Letter-spacing only where letters do not join; a slant only where the script has italics.
#let track(amount) = ${language.tracking ? 'amount' : '0em'}
#let slant = ${language.italic ? '"italic"' : '"normal"'}
#let caps = (${caps.join(', ')})
#let upper(body) = if type(body) == str { caps.at(body, default: std.upper(body)) } else { std.upper(body) }
#let rtl = ${language.dir === 'rtl'}
// Marks above and below Arabic, Indic and Thai letters reach further than Latin ascenders and descenders.
#let (rise, descent) = ${TALL_MARKS.has(language.script) ? '(0.15, 0.45)' : '(0, 0.3)'}

#let book-title = ${typstString(t.title)}
#let title-words = ${typstArray(words(t.title, language))}
#let spine-title = ${typstString(t.spineTitle)}
#let book-author = ${typstString(t.author)}
#let author-words = ${typstArray(words(t.author, language))}
#let tagline = ${t.tagline ? typstString(t.tagline) : 'none'}
#let back-text = ${typstArray(t.back)}
#let back-is-blurb = ${t.backIsBlurb}
#let title-max = ${titleSizePt(t.title, input.designStyle)}pt
#let spine-text = ${spineText}
#let wrap = ${wrap}
#let clearance = ${inches(SPINE_TEXT_CLEARANCE_IN)}
#let pal = (${Object.entries(palette).map(([k, v]) => `${k}: rgb("${v}")`).join(', ')})

#let at(x, y, body) = place(top + left, dx: x, dy: y, body)

// The largest size (from max down to min) at which the text fits the box: its height, and its longest word the width.
// Room is kept below the last baseline for descenders, so the box can clip without cutting letters. It clips only
// text that does not fit even at min: a clip costs the front PNG's rasterizer a mask.
// With fixed: false the block takes the text's own height (at most the given one), for text that flows on below.
#let fit(make, body, words, width, height, max, min, alignment: start, valign: top, fixed: true) = context {
  let set-at(s) = pad(top: rise * s, bottom: descent * s, align(alignment, make(s, body)))
  let fits(s) = measure(block(width: width, set-at(s))).height <= height and words.all(w => measure(make(s, w)).width <= width)
  let size = max
  while size > min and not fits(size) { size = size - 1pt }
  let natural = measure(block(width: width, set-at(size))).height
  block(width: width, height: if fixed { height } else { calc.min(natural, height) }, clip: not fits(size), align(valign, set-at(size)))
}

#let back-body = back-text.map(p => [#p]).join(parbreak())

// Panels side by side (the wrap) keep their drawing to themselves; a panel alone (the front PNG) is clipped by the page.
#let panel(w, h, bl, br, bt, bb, fill, body) = box(width: bl + w + br, height: bt + h + bb, fill: fill, clip: wrap, body)

// Spine: title from the top, author toward the bottom, reading top to bottom (rotated clockwise, as in US books; a
// right-to-left line turns the other way, so that it too starts at the top).
#let spine-panel(s, trim-h, bt, bb, fill, title-style, author-style) = box(width: s, height: bt + trim-h + bb, fill: fill, clip: true, {
  if spine-text {
    let cross = s - 2 * clearance
    let length = trim-h - 0.8in
    let spine-line(size, gap) = {
      set text(top-edge: "ascender", bottom-edge: "descender")
      title-style(size, spine-title)
      h(gap)
      author-style(size * 0.8, book-author)
    }
    context {
      let size = calc.min(15pt, cross / 1.3)
      while size > 3pt and measure(spine-line(size, 0.3in)).width > length { size = size - 0.25pt }
      at(clearance, bt + 0.4in, rotate(if rtl { -90deg } else { 90deg }, reflow: true, box(width: length, height: cross, clip: true, align(horizon, spine-line(size, 1fr)))))
    }
  }
})

#let ornament(colour, width: 0.8in) = grid(columns: 3, align: horizon, column-gutter: 6pt,
  line(length: width, stroke: 0.75pt + colour), rotate(45deg, square(size: 5pt, fill: colour)), line(length: width, stroke: 0.75pt + colour))
`;
}

/** Where Typst finds the author's front image: a path in the compiler's in-memory files, never on disk. */
const FRONT_IMAGE_PATH = '/cover-front';

/** With the author's own front image, the front panel is that image, filling the panel and its bleed. */
const frontImagePanel = (input: CoverInput) =>
  input.frontImage
    ? `#let front(w, h, bl, br, bt, bb) = box(width: bl + w + br, height: bt + h + bb, clip: true, image(${typstString(FRONT_IMAGE_PATH)}, format: ${typstString(input.frontImage.contentType === 'image/png' ? 'png' : 'jpg')}, width: 100%, height: 100%, fit: "cover", alt: book-title))\n`
    : '';

const imageFiles = (input: CoverInput): ReadonlyMap<string, Uint8Array> => new Map(input.frontImage ? [[FRONT_IMAGE_PATH, input.frontImage.data]] : []);

/** The full wrap as Typst source: back | spine | front, bleed all round, and KDP's white barcode box. */
function coverSource(input: CoverInput, geometry: CoverGeometry): string {
  const t = texts(input);
  const { trim, bleedIn: b, spineIn: s, heightIn } = geometry;
  const { dir } = bookLanguage(input.language);
  const barcode = barcodeArea(geometry, dir);
  const spineText = geometry.spineTitleAllowed && input.includeSpineTitle;
  const [w, h] = [inches(trim.widthIn), inches(trim.heightIn)];
  // Back | spine | front; a right-to-left book opens the other way, so its front is the wrap's left panel.
  const [left, right] = dir === 'rtl' ? ['front', 'back'] : ['back', 'front'];
  return `${preamble(input, t, geometry, { wrap: true, spineText })}
${STYLES[input.designStyle]}
${frontImagePanel(input)}#{
  place(top + left, ${left}(${w}, ${h}, ${inches(b)}, 0in, ${inches(b)}, ${inches(b)}))
  place(top + left, dx: ${inches(b + trim.widthIn)}, spine(${inches(s)}, ${h}, ${inches(b)}, ${inches(b)}))
  place(top + left, dx: ${inches(b + trim.widthIn + s)}, ${right}(${w}, ${h}, 0in, ${inches(b)}, ${inches(b)}, ${inches(b)}))
  place(top + left, dx: ${inches(barcode.xIn)}, dy: ${inches(heightIn - barcode.yIn - barcode.heightIn)}, rect(width: ${inches(barcode.widthIn)}, height: ${inches(barcode.heightIn)}, fill: white, stroke: none))
}
`;
}

/** Typesets the cover wrap (PDF) alone: what the press prints. */
export function renderCoverPdf(input: CoverInput): Omit<CoverResult, 'png'> {
  const t = texts(input);
  assertPrintable([t.title, t.author, t.tagline, ...t.back].join('\n'), 'the cover');
  const trim = input.trim ?? TRIM_6X9;
  const geometry = coverGeometry({ template: input.template, pageCount: input.pageCount, trim, paper: input.paper ?? 'white' });
  const { pdf } = compileToPdf(coverSource(input, geometry), imageFiles(input));
  if (pdf.length < MIN_COVER_PDF_BYTES) throw new Error(CoverMessages.tooSmall);
  return { pdf, geometry };
}

/** The front panel of a cover wrap Typst set, drawn by Typst (preview.ts) as a PNG FRONT_PNG_WIDTH_PX wide. */
export function coverFrontPng(pdf: Uint8Array, geometry: CoverGeometry, language: string | undefined): Buffer {
  const frontLeft = bookLanguage(language).dir === 'rtl' ? geometry.bleedIn : geometry.bleedIn + geometry.trim.widthIn + geometry.spineIn;
  const area = { xIn: frontLeft, yIn: geometry.bleedIn, widthIn: geometry.trim.widthIn, heightIn: geometry.trim.heightIn };
  return pdfAreaPreview(pdf, { pageSize: geometry, area, widthPx: FRONT_PNG_WIDTH_PX });
}

/** Typesets the cover wrap (PDF) and the front (PNG, FRONT_PNG_WIDTH_PX wide). */
export async function renderCover(input: CoverInput): Promise<CoverResult> {
  const { pdf, geometry } = renderCoverPdf(input);
  // The site's front is the wrap's own front panel, so every preview shows what the PDF prints.
  return { pdf, png: coverFrontPng(pdf, geometry, input.language), geometry };
}
