import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAFETY_MARGIN_IN, insideMarginIn } from '../domain/index.ts';
import { renderInterior, type Manuscript, type TrimSize } from './interior.ts';

const PARAGRAPH =
  'Every team that works apart agrees on a few rituals, writes them down and keeps them, and the leader who sets the example is the one the others follow. ';

/** An English book of twenty chapters of plain paragraphs (four sentences each), a summary and sources. */
function bookOf(paragraphsPerChapter: number): Manuscript {
  return {
    title: 'Remote Leadership',
    author: 'Ada Writer',
    language: 'en',
    introduction: PARAGRAPH.repeat(3),
    chapters: Array.from({ length: 20 }, (_, i) => ({ number: i + 1, title: `Theme ${i + 1}`, content: Array.from({ length: paragraphsPerChapter }, () => PARAGRAPH.repeat(4)).join('\n\n') })),
    summary: PARAGRAPH,
    references: [{ n: 1, filename: 'notes.md' }],
  };
}

interface Box {
  page: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  text: string;
}

/** Every word's box on every page, in points from the page's top left, as poppler reads the PDF. */
function wordBoxes(pdf: Buffer): { width: number; height: number; words: Box[]; pages: number } {
  const file = join(mkdtempSync(join(tmpdir(), 'layout-')), 'book.pdf');
  writeFileSync(file, pdf);
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
  const pages = [...html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)];
  const words = pages.flatMap((page, i) =>
    [...(page[3] as string).matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((w) => ({
      page: i + 1,
      xMin: Number(w[1]),
      yMin: Number(w[2]),
      xMax: Number(w[3]),
      yMax: Number(w[4]),
      text: w[5] as string,
    })),
  );
  return { width: Number(pages[0]?.[1]), height: Number(pages[0]?.[2]), words, pages: pages.length };
}

const TRIMS: Record<string, TrimSize> = {
  '5 × 8': { widthIn: 5, heightIn: 8 },
  '5.5 × 8.5': { widthIn: 5.5, heightIn: 8.5 },
  '6 × 9': { widthIn: 6, heightIn: 9 },
  '8.5 × 11': { widthIn: 8.5, heightIn: 11 },
};

describe("the interior inside the printers' rules", () => {
  it.each([
    [100, '5 × 8', 10],
    [100, '8.5 × 11', 28],
    [400, '6 × 9', 76],
    [400, '5.5 × 8.5', 63],
  ] as const)('a %i-page book at %s in: every head, number and word at least 0.5 in from the trim, the inside margin widened for its pages', (pages, trimName, paragraphs) => {
    const trim = TRIMS[trimName] as TrimSize;
    const { pdf, pageCount, insideIn } = renderInterior(bookOf(paragraphs), trim);
    expect(pageCount / pages).toBeGreaterThan(0.85);
    expect(pageCount / pages).toBeLessThan(1.15);
    expect(insideIn).toBe(insideMarginIn(pageCount));
    if (pageCount > 150) expect(insideIn).toBeGreaterThanOrEqual(1);

    const { width, height, words, pages: read } = wordBoxes(pdf);
    expect(read).toBe(pageCount);
    expect([width / 72, height / 72]).toEqual([trim.widthIn, trim.heightIn]);
    const safe = SAFETY_MARGIN_IN * 72 - 0.5;
    const outside = words.filter((w) => w.yMin < safe || w.yMax > height - safe || w.xMin < safe || w.xMax > width - safe);
    expect(outside).toEqual([]);
    // The binding is on the left of right-hand (odd) pages and on the right of left-hand ones. A comma or hyphen ending
    // a justified line hangs a little past it (optical margin alignment): up to 4 pt.
    const inside = insideIn * 72 - 4;
    const inGutter = words.filter((w) => (w.page % 2 === 1 ? w.xMin < inside : w.xMax > width - inside));
    expect(inGutter).toEqual([]);
    // The page numbers checked are there: most pages (all but the title pages and blank versos) show their own.
    const numbered = new Set(words.filter((w) => w.yMin > height - 72 && w.text === String(w.page)).map((w) => w.page));
    expect(numbered.size / pageCount).toBeGreaterThan(0.8);
  }, 120_000);
});
