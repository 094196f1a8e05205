// bench/book-cpu: the CPU one book's files cost the worker, built as the render activities build them (the interior PDF
// with its six page previews, the cover with its front PNG, the EPUB, the DOCX and the Quarto zip), two ways in the
// same run on the same machine:
//   before — everything on the event loop, previews and the cover's front by poppler (pdfinfo, pdftotext, pdftoppm);
//   after  — everything on the render pool (libs/render/pool.ts), previews and the front drawn by Typst.
// CPU is the whole process's (every thread) plus its child processes' (poppler's). Beside it, what the worker's own
// work would see: the event loop's longest stall (a 10 ms timer's worst lag), in which no workflow task, heartbeat or
// query is answered. Each run's text differs (a word of every
// paragraph numbered by run), as every book does: no run reuses what Typst memoized for another. Runs alternate
// before/after so a machine whose load drifts weighs on both alike; medians are printed.
// Run: node bench/book-cpu.ts [--runs 5]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { MockProvider } from '../libs/ai/mock.ts';
import { renderCoverPdf, type CoverInput } from '../libs/render/cover.ts';
import { renderDocx } from '../libs/render/docx.ts';
import { renderEpub } from '../libs/render/epub.ts';
import { renderInterior, type Manuscript } from '../libs/render/interior.ts';
import { buildDocxOnPool, buildEpubOnPool, buildQuartoZipOnPool, RENDER_THREADS, typesetCover, typesetInterior } from '../libs/render/pool.ts';
import { pagesWithText, pdfAreaToPng, pdfPagesToPng } from '../libs/render/png.ts';
import { renderQuartoProject } from '../libs/render/quarto.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Math.max(1, Math.floor(Number(values.runs)) || 5);
const CHAPTERS = 12;
const CHAPTER_WORDS = 2500;
const PREVIEWS = { scanPages: 16, count: 6, widthPx: 480 };
const TICK_MS = 10; // /proc's clock ticks (CLK_TCK 100)

/** CPU of this process's finished children (poppler's tools), from /proc/self/stat's cutime and cstime. */
function childCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
}
const ms = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

async function manuscript(): Promise<Manuscript> {
  const mock = new MockProvider();
  const base = { title: 'The Working Notebook', idea: 'How writers turn scattered notes into a finished book', language: 'English', style: 'practical' };
  const chapters = [];
  for (let number = 1; number <= CHAPTERS; number++) {
    const { text } = await mock.generate({
      kind: 'chapter', ...base, totalChapters: CHAPTERS, memory: [], passages: [],
      chapter: { number, title: `Routine ${number}`, description: 'A routine.', keyPoints: ['Notes', 'Drafts'], targetWords: CHAPTER_WORDS },
    });
    chapters.push({ number, title: `Routine ${number}`, content: text });
  }
  return { title: base.title, author: 'Bench Runner', language: 'English', introduction: 'Why notebooks.', chapters, summary: 'What we learned.', references: [] };
}

const numbered = (book: Manuscript, run: number): Manuscript => ({
  ...book,
  chapters: book.chapters.map((c) => ({ ...c, content: c.content.replaceAll(' the ', ` the${run} `) })),
});

const coverOf = (book: Manuscript, pageCount: number): CoverInput => ({
  title: book.title, author: book.author, tagline: 'From scattered notes to a finished book', blurb: 'A practical guide.',
  pageCount, template: 'amazon_kdp', includeSpineTitle: true, designStyle: 'modern', colorScheme: 'professional',
});

async function before(book: Manuscript) {
  const { pdf, pageCount, printPages } = renderInterior(book);
  const shown = (await pagesWithText(pdf, Math.min(PREVIEWS.scanPages, pageCount))).slice(0, PREVIEWS.count);
  await pdfPagesToPng(pdf, { pages: Math.max(...shown), widthPx: PREVIEWS.widthPx });
  const cover = renderCoverPdf(coverOf(book, pageCount));
  const g = cover.geometry;
  await pdfAreaToPng(cover.pdf, { xIn: g.bleedIn + g.trim.widthIn + g.spineIn, yIn: g.bleedIn, widthIn: g.trim.widthIn, heightIn: g.trim.heightIn }, 600);
  await renderEpub(book, printPages);
  await renderDocx(book);
  await renderQuartoProject(book, new Date());
  return pageCount;
}

async function after(book: Manuscript) {
  // As the package workflow runs them: the interior first, then the rest side by side.
  const { pageCount, printPages } = await typesetInterior(book, PREVIEWS);
  await Promise.all([typesetCover(coverOf(book, pageCount), { png: true }), buildEpubOnPool(book, printPages), buildDocxOnPool(book), buildQuartoZipOnPool(book, new Date())]);
  return pageCount;
}

async function measure(build: (book: Manuscript) => Promise<number>, book: Manuscript) {
  let [stallMs, last] = [0, performance.now()];
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last - 10);
    last = now;
  }, 10);
  const [process0, children0, t0] = [process.cpuUsage(), childCpuMs(), performance.now()];
  const pages = await build(book);
  const cpuMs = ms(process.cpuUsage(process0)) + childCpuMs() - children0;
  clearInterval(timer);
  return { pages, wallMs: performance.now() - t0, cpuMs, stallMs: Math.max(stallMs, performance.now() - last - 10) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const book = await manuscript();
// Warm-up: the compiler and fonts loaded on this thread and on each pool thread, the JIT warm.
await measure(before, numbered(book, 0));
for (let i = 0; i < RENDER_THREADS; i++) await measure(after, numbered(book, 0));

const runs: { before: Awaited<ReturnType<typeof measure>>; after: Awaited<ReturnType<typeof measure>> }[] = [];
for (let run = 1; run <= RUNS; run++) {
  const b = await measure(before, numbered(book, run));
  const a = await measure(after, numbered(book, run));
  runs.push({ before: b, after: a });
  console.log(`run ${run}: before ${(b.cpuMs / 1000).toFixed(2)} s CPU (${(b.wallMs / 1000).toFixed(2)} s wall); after ${(a.cpuMs / 1000).toFixed(2)} s CPU (${(a.wallMs / 1000).toFixed(2)} s wall)`);
}
const row = (label: string, pick: (r: (typeof runs)[number]['before']) => number) => {
  const [b, a] = [median(runs.map((r) => pick(r.before))), median(runs.map((r) => pick(r.after)))];
  console.log(`  ${label.padEnd(36)} ${(b / 1000).toFixed(2).padStart(7)} s ${(a / 1000).toFixed(2).padStart(7)} s   after/before ${(a / b).toFixed(2)}`);
};
console.log(`\nOne ${runs[0]!.before.pages}-page book (${CHAPTERS} chapters): interior + 6 previews, cover + front PNG, EPUB, DOCX, Quarto zip; median of ${RUNS} runs, ${RENDER_THREADS} pool threads`);
console.log(`  ${''.padEnd(36)}  before    after`);
row('CPU, all threads and child processes', (r) => r.cpuMs);
row('longest event-loop stall', (r) => r.stallMs);
row('wall time', (r) => r.wallMs);
process.exit(0);
