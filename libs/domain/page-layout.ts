// The interior's page layout within the printers' rules (KDP's and Lulu's file guidelines, the stricter of the two).

/** Nothing but bleed prints within this distance of the trim (Lulu's safety margin; KDP asks for less). */
export const SAFETY_MARGIN_IN = 0.5;

/**
 * The inside (binding) margin by page count: a thicker book curves further into its spine, so the text moves out.
 * Each row is the stricter of KDP's minimum inside margin and Lulu's recommendation (1.0 in for 151–400 pages), and
 * never under the book's own 0.875 in: up to 150 pages 0.875, to 400 pages 1.0, to 600 pages 1.125, above that 1.25.
 */
const INSIDE_MARGINS: readonly [maxPages: number, inches: number][] = [
  [150, 0.875],
  [400, 1],
  [600, 1.125],
  [Infinity, 1.25],
];

export function insideMarginIn(pageCount: number): number {
  return (INSIDE_MARGINS.find(([max]) => pageCount <= max) as [number, number])[1];
}

/**
 * The other margins, in inches, and where the running heads and page numbers sit in them: their nearest edge at
 * least SAFETY_MARGIN_IN from the trim. `headGapIn` is the space between the head's baseline area and the text
 * block, `footGapIn` between the text block and the page number.
 */
export const PAGE_MARGINS = { outsideIn: 0.625, topIn: 1, bottomIn: 0.95, headGapIn: 0.3, footGapIn: 0.2 } as const;

/**
 * The trims an author can print at (width x height, inches): the paperback sizes KDP and Lulu both print, from the
 * pocket 5 x 8 to letter. The book's interior is set at its trim and every cover is drawn for it.
 */
export const TRIM_SIZES = ['5x8', '5.25x8', '5.5x8.5', '6x9', '7x10', '8.5x11'] as const;
export type TrimSizeId = (typeof TRIM_SIZES)[number];
export const DEFAULT_TRIM_SIZE: TrimSizeId = '6x9';

/** A trim's page size in inches ('5.5x8.5' → 5.5 × 8.5). */
export function trimInches(trim: TrimSizeId): { widthIn: number; heightIn: number } {
  const [width, height] = trim.split('x').map(Number) as [number, number];
  return { widthIn: width, heightIn: height };
}

/** How the portal names a trim: "6 × 9 in". */
export const trimLabel = (trim: TrimSizeId) => `${trim.replace('x', ' × ')} in`;
