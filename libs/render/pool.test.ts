import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_SAMPLES, sampleManuscript } from '../../testing/book-languages.ts';
import { UnprintableTextError } from './fonts.ts';
import type { Manuscript } from './interior.ts';
import { typesetCover, typesetInterior } from './pool.ts';
import { RENDER_NICENESS } from './render-worker.ts';

const PREVIEWS = { scanPages: 16, count: 6, widthPx: 480 };
const PARAGRAPH = 'A routine is a promise kept to the next hour of writing, and the book is made of hours kept that way. '.repeat(10);

/** About 250 pages of prose: seconds of typesetting. */
const largeBook: Manuscript = {
  title: 'The Long Notebook', author: 'Ada Writer', language: 'English', introduction: PARAGRAPH, summary: PARAGRAPH, references: [],
  chapters: Array.from({ length: 20 }, (_, i) => ({ number: i + 1, title: `Part ${i + 1}`, content: Array.from({ length: 32 }, () => PARAGRAPH).join('\n\n') })),
};

/** The niceness of each thread of this process (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNiceness(): number[] {
  return readdirSync('/proc/self/task').map((tid) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')[16]));
}

/** The share of a PNG's pixels that are not (nearly) white: ink on the page. */
function ink(png: Buffer): number {
  const { data, width, height } = PNG.sync.read(png);
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if ((data[i] as number) < 160) dark++;
  return dark / (width * height);
}

describe('the render pool', () => {
  it('typesets a large book off the event loop: a timer keeps its time while the interior is set', async () => {
    let lag = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      lag = Math.max(lag, now - last - 10);
      last = now;
    }, 10);
    const started = performance.now();
    const interior = await typesetInterior(largeBook, PREVIEWS);
    const took = performance.now() - started;
    clearInterval(timer);
    expect(interior.pageCount).toBeGreaterThan(150);
    expect(interior.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Typesetting on this thread would stall the timer for the whole compile (seconds); a busy machine's scheduling
    // alone delays it a little.
    expect(took).toBeGreaterThan(1000);
    expect(lag).toBeLessThan(Math.min(500, took / 4));
  }, 120_000);

  it('typesets at a lower priority than the thread that answers workflow tasks', async () => {
    const own = getPriority();
    await typesetInterior({ ...largeBook, chapters: largeBook.chapters.slice(0, 1) }, PREVIEWS);
    expect(getPriority()).toBe(own);
    // The render threads (idle now, kept for the next book) run niced; the rest keep this thread's niceness.
    expect(threadNiceness()).toContain(RENDER_NICENESS);
    expect(threadNiceness().filter((n) => n !== RENDER_NICENESS)).toContain(own);
  }, 120_000);

  it('draws previews of the first pages with text, skipping the versos left blank', async () => {
    const { previews, pageCount } = await typesetInterior({ ...largeBook, chapters: largeBook.chapters.slice(0, 3) }, PREVIEWS);
    expect(pageCount).toBeGreaterThan(20);
    // Title, copyright, contents, then the introduction on page 5 (page 4 is a blank verso), the first part on 7.
    expect(previews.map((p) => p.page)).toEqual([1, 2, 3, 5, 7, 8]);
    for (const { png } of previews) {
      const { width, height } = PNG.sync.read(png);
      expect(width).toBe(480);
      expect(height).toBe(720);
      expect(ink(png)).toBeGreaterThan(0.0002);
    }
  }, 120_000);

  it.each(['ar', 'ja'])('draws the previews and cover of a %s book', async (tag) => {
    const book = sampleManuscript(LANGUAGE_SAMPLES.find((s) => s.tag === tag)!);
    const { previews } = await typesetInterior(book, PREVIEWS);
    expect(previews.length).toBeGreaterThanOrEqual(4);
    for (const { png } of previews) expect(ink(png)).toBeGreaterThan(0.0002);
    const cover = await typesetCover(
      { title: book.title, author: book.author, pageCount: 120, template: 'amazon_kdp', includeSpineTitle: true, designStyle: 'modern', colorScheme: 'professional', language: book.language },
      { png: true },
    );
    expect(PNG.sync.read(cover.png).width).toBe(600);
    expect(ink(cover.png)).toBeGreaterThan(0.05);
  }, 120_000);

  it('keeps a failure’s name across the thread: text no font covers is the author’s to fix', async () => {
    const book = { ...largeBook, chapters: [{ number: 1, title: 'Signs', content: 'The sign 𓀀 is older than writing.' }] };
    await expect(typesetInterior(book, PREVIEWS)).rejects.toThrow(UnprintableTextError);
  }, 60_000);

  it('leaves out the front PNG when only the press’s PDF is wanted', async () => {
    const cover = await typesetCover({ title: 'Press', author: 'Ada', pageCount: 100, template: 'lulu', includeSpineTitle: false, designStyle: 'bold', colorScheme: 'warm' }, { png: false });
    expect(cover.png).toBeNull();
    expect(cover.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 60_000);
});
