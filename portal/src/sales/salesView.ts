// The Sales tab's rules that need no browser: how months and editions read, and how the chart of monthly earnings
// is scaled.
import type { EditionKind, SalesMonth } from '../../../libs/contracts/index.ts';

export const EDITION_LABELS: Record<EditionKind, string> = { ebook: 'E-book', print: 'Print' };
export const editionLabel = (kind: string): string => EDITION_LABELS[kind as EditionKind] ?? kind;

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortMonthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM' (UTC) as "November 2026", or "Nov 26" short; anything else as it came. */
export function monthLabel(month: string, short = false): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return (short ? shortMonthFormat : monthFormat).format(date);
}

export interface ChartBar {
  month: string;
  value: number;
  /** Left edge and width, in the chart's units. */
  x: number;
  width: number;
  /** Top edge and height: a bar grows up from the zero line, or down from it for a month that lost money. */
  y: number;
  height: number;
}

export interface ChartScale {
  bars: ChartBar[];
  /** Where the zero line is drawn. */
  zeroY: number;
  max: number;
  min: number;
}

/**
 * One bar per month, oldest on the left, in a `width` × `height` box: the tallest bar (up or down) fills the box, the
 * zero line sits where the values put it, and a month of 0 is a bar of no height (no division by zero when all are 0).
 * A bar is at most `maxBarWidth` wide (one month alone is a bar, not a block), centred in its month's slot.
 */
export function chartScale(months: readonly Pick<SalesMonth, 'month' | 'earnings'>[], width: number, height: number, gap = 0.25, maxBarWidth = Infinity): ChartScale {
  const ordered = [...months].sort((a, b) => a.month.localeCompare(b.month));
  const max = Math.max(0, ...ordered.map((m) => m.earnings));
  const min = Math.min(0, ...ordered.map((m) => m.earnings));
  const span = max - min || 1;
  const zeroY = (max / span) * height;
  const slot = ordered.length ? width / ordered.length : width;
  const barWidth = Math.min(slot * (1 - gap), maxBarWidth);
  const bars = ordered.map((m, i) => {
    const size = (Math.abs(m.earnings) / span) * height;
    return { month: m.month, value: m.earnings, x: i * slot + (slot - barWidth) / 2, width: barWidth, y: m.earnings >= 0 ? zeroY - size : zeroY, height: size };
  });
  return { bars, zeroY, max, min };
}
