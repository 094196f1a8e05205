// bench/render: seconds to typeset a 200-page book (6×9 in) with Pressroom's render activities: interior PDF, cover
// (with the real page count), Quarto project zip and EPUB, each and in total (DOCX as an extra line). Baseline measured
// in the same run on the same manuscript: pandoc with XeLaTeX from Debian's packages (the engine underneath Quarto's
// PDF), PDF only. The first run is cold (a new worker process: the Typst compiler and its fonts loaded, the JIT cold);
// the warm runs are what a long-lived, busy worker does for each new book. They come in rounds, each three Pressroom
// runs then a pandoc run, so a machine whose load drifts (a shared 2-core VM) weighs on both sides of the ratio alike;
// a round's ratio is pandoc's run over the median of its Pressroom runs, and the ratio printed is the median of the
// rounds'. `--runs N` rounds (9 by default). The CPU time of each run (every thread of the process: Typst's, zlib's,
// the garbage collector's) is printed beside its wall time: on a machine of C cores no run can take less than CPU ÷ C.
// Run: npm run bench:render [-- --runs 9]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MockProvider } from '../libs/ai/mock.ts';
import { renderCover } from '../libs/render/cover.ts';
import { renderDocx } from '../libs/render/docx.ts';
import { renderEpub } from '../libs/render/epub.ts';
import { typstCompiler } from '../libs/render/fonts.ts';
import { renderInterior, type Manuscript } from '../libs/render/interior.ts';
import { renderQuartoProject } from '../libs/render/quarto.ts';
import { forgetParsedMarkdown } from '../libs/render/safe-markdown.ts';
import { countWords } from '../libs/domain/index.ts';
import { StackError } from '../scripts/stack/log.ts';
import { ensureAptPackages, onPath } from '../scripts/stack/tools.ts';

const DEFAULT_ROUNDS = 9;
const { values } = parseArgs({ options: { runs: { type: 'string', default: String(DEFAULT_ROUNDS) } } });
const RUNS = Math.max(1, Math.floor(Number(values.runs)) || DEFAULT_ROUNDS);
const PRESSROOM_RUNS_A_ROUND = 3;
const CHAPTERS = 20;
const CHAPTER_WORDS = 3580; // tuned so the interior comes to about 200 pages
const BOOK = { title: 'The Working Notebook', author: 'Bench Runner', language: 'English', style: 'practical', idea: 'How writers turn scattered notes into a finished book with routines, drafts and careful editing' };
// The Quarto project's PDF format (quarto.ts) and the Typst interior use these margins.
const GEOMETRY = 'paperwidth=6in,paperheight=9in,inner=0.875in,outer=0.625in,top=0.8in,bottom=0.75in';
// Contents to depth 1, as in the Typst interior.
const PANDOC_ARGS = ['book.md', '-o', 'book.pdf', '--pdf-engine=xelatex', '--toc', '--toc-depth=1', '--top-level-division=chapter', '-V', 'documentclass=book', '-V', `geometry:${GEOMETRY}`];

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** What every chapter carries besides prose, so both engines typeset lists, emphasis, a table, a quote and a footnote. */
const furniture = (n: number) =>
  [
    `A routine for this chapter, in *three* steps, each **short enough** to finish before lunch:`,
    '1. Write the *question* down before you start.\n2. Draft for **twenty minutes** without stopping to edit.\n3. Compare the draft with the question and note the gap.',
    '- a notebook that goes *everywhere*\n- one page per idea, dated\n- an index at the back, updated **every Friday**',
    '> The notebook does not make the book. It makes the next hour of writing possible, and the book is made of hours.',
    '| Step | Owner | Minutes |\n|---|---|---:|\n| Draft | Author | 20 |\n| Review | Editor | 10 |\n| Revise | Author | 15 |\n| Index | Author | 5 |',
    `Every routine needs a date on which it is reviewed, or it quietly stops.[^c${n}]`,
    `[^c${n}]: Chapter ${n}'s routine was reviewed after four weeks; the *minutes* in the table are what was kept.`,
  ].join('\n\n');

async function manuscript(): Promise<Manuscript> {
  const mock = new MockProvider();
  const { title, author, language, style, idea } = BOOK;
  const outline = JSON.parse((await mock.generate({ kind: 'outline', title, author, idea, language, style, chapterCount: CHAPTERS, totalWords: CHAPTERS * CHAPTER_WORDS })).text) as {
    chapters: { title: string; description: string; key_points: string[]; target_words: number }[];
  };
  const passages = [{ n: 1, source: 'notes.md', text: 'A notebook is only useful when every entry can be found again within a minute.' }];
  const chapters = [];
  for (const [i, brief] of outline.chapters.entries()) {
    const number = i + 1;
    const { text } = await mock.generate({
      kind: 'chapter', title, idea, language, style, totalChapters: CHAPTERS, memory: [], passages,
      chapter: { number, title: brief.title, description: brief.description, keyPoints: brief.key_points, targetWords: brief.target_words },
    });
    // The furniture goes after the chapter's first section.
    const [first, ...rest] = text.split('\n\n## ');
    chapters.push({ number, title: brief.title, content: [`${first}\n\n${furniture(number)}`, ...rest].join('\n\n## ') });
  }
  const gists = chapters.map((c) => ({ number: c.number, title: c.title, gist: `Covers ${c.title.toLowerCase()}.` }));
  const frame = async (kind: 'introduction' | 'summary') => (await mock.generate({ kind, title, author, idea, language, chapters: gists, targetWords: 1200 })).text;
  return { title, author, language, introduction: await frame('introduction'), chapters, summary: await frame('summary'), references: [{ n: 1, filename: 'notes.md' }] };
}

/** The same manuscript as one Pandoc Markdown file: YAML title and author, one level-one heading per chapter. */
const pandocMarkdown = (book: Manuscript) =>
  [
    `---\ntitle: ${JSON.stringify(book.title)}\nauthor: ${JSON.stringify(book.author)}\nlang: en\n---`,
    `# Introduction\n\n${book.introduction ?? ''}`,
    ...book.chapters.map((c) => `# ${c.number}. ${c.title}\n\n${c.content}`),
    `# Summary\n\n${book.summary ?? ''}`,
    `# References\n\n${book.references.map((r) => `\\[${r.n}\\] ${r.filename}`).join('\\\n')}`,
  ].join('\n\n') + '\n';

const book = await manuscript();
const words = countWords([book.introduction, ...book.chapters.map((c) => c.content), book.summary].join('\n\n'));
const generatedAt = new Date();
const dir = mkdtempSync(join(tmpdir(), 'bench-render-'));

try {
  // Pressroom. Typst memoizes layout across compiles, and the render library each text's parsed Markdown across
  // formats, so both are emptied before every run: each run renders the book as a new book would be (the compiler
  // and its fonts stay loaded, as they do in a running worker).
  const pressroomRun = async () => {
    typstCompiler().evictCache(0);
    forgetParsedMarkdown();
    const cpuAtStart = process.cpuUsage();
    let t = performance.now();
    const interior = renderInterior(book);
    const interiorMs = performance.now() - t;
    t = performance.now();
    const cover = await renderCover({
      title: book.title, author: book.author, tagline: 'From scattered notes to a finished book', blurb: 'A practical guide to the routines that turn a notebook into chapters.',
      pageCount: interior.pageCount, template: 'amazon_kdp', includeSpineTitle: true, designStyle: 'modern', colorScheme: 'professional',
    });
    const coverMs = performance.now() - t;
    t = performance.now();
    const quarto = await renderQuartoProject(book, generatedAt);
    const zipMs = performance.now() - t;
    t = performance.now();
    const epub = await renderEpub(book);
    const epubMs = performance.now() - t;
    const cpu = process.cpuUsage(cpuAtStart);
    t = performance.now();
    const docx = await renderDocx(book);
    const docxMs = performance.now() - t;
    return {
      ms: { interiorMs, coverMs, zipMs, epubMs, totalMs: interiorMs + coverMs + zipMs + epubMs, cpuMs: (cpu.user + cpu.system) / 1000, docxMs },
      pages: interior.pageCount, bytes: { pdf: interior.pdf.length, cover: cover.pdf.length, zip: quarto.zip.length, epub: epub.length, docx: docx.length },
    };
  };

  // Baseline: pandoc + XeLaTeX, from Debian's packages.
  let pandoc: { run: () => number; version: string } | { skipped: string };
  try {
    ensureAptPackages(
      // lmodern: pandoc's template loads lmodern.sty; texlive-fonts-recommended: hyperref's XeTeX driver needs pzdr.tfm;
      // poppler-utils: pdfinfo counts pandoc's pages.
      ['pandoc', 'texlive-xetex', 'lmodern', 'texlive-fonts-recommended', 'poppler-utils'],
      () => onPath('pandoc') && onPath('xelatex') && onPath('pdfinfo') && spawnSync('kpsewhich', ['lmodern.sty', 'pzdr.tfm'], { stdio: 'ignore' }).status === 0,
      'skip the pandoc + XeLaTeX baseline',
    );
    writeFileSync(join(dir, 'book.md'), pandocMarkdown(book));
    const run = () => {
      rmSync(join(dir, 'book.pdf'), { force: true });
      const t = performance.now();
      const result = spawnSync('pandoc', PANDOC_ARGS, { cwd: dir, encoding: 'utf8' });
      const ms = performance.now() - t;
      if (result.status !== 0) throw new Error(`pandoc failed (exit ${result.status}): ${(result.stderr || String(result.error)).slice(-2000)}`);
      return ms;
    };
    pandoc = { run, version: spawnSync('pandoc', ['--version'], { encoding: 'utf8' }).stdout?.split('\n')[0] ?? 'pandoc' };
  } catch (error) {
    if (!(error instanceof StackError)) throw error;
    pandoc = { skipped: error.message };
  }

  const cold = await pressroomRun();
  if ('run' in pandoc) pandoc.run(); // warm-up: font caches, the TeX format and file lookups
  const rounds: { pressroom: (typeof cold)[]; pandocMs: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const pressroom = [];
    for (let j = 0; j < PRESSROOM_RUNS_A_ROUND; j++) pressroom.push(await pressroomRun());
    rounds.push({ pressroom, pandocMs: 'run' in pandoc ? pandoc.run() : NaN });
  }
  const runs = rounds.flatMap((round) => round.pressroom);
  const warm = (key: keyof typeof cold.ms) => median(runs.map((r) => r.ms[key]));

  const row = (label: string, coldMs: number | null, warmMs: number, note = '') =>
    console.log(`  ${label.padEnd(44)} ${coldMs === null ? ' '.repeat(9) : `${seconds(coldMs).padStart(7)} s`} ${seconds(warmMs).padStart(7)} s${note ? `   ${note}` : ''}`);
  const pages = cold.pages;
  console.log(`\nTypesetting a ${pages}-page book (6×9 in, ${CHAPTERS} chapters, ${words.toLocaleString('en-US')} words; each chapter with headings, lists,`);
  console.log(`emphasis, a table, a block quote and a footnote): the first run (cold), then the median of ${runs.length} warm runs`);
  console.log(`\n${'Pressroom (Typst and JavaScript, in process)'.padEnd(46)}      cold      warm`);
  row('interior PDF', cold.ms.interiorMs, warm('interiorMs'), `${pages} pages, ${size(cold.bytes.pdf)}`);
  row('cover PDF + front PNG', cold.ms.coverMs, warm('coverMs'), `${size(cold.bytes.cover)}, spine for ${pages} pages`);
  row('Quarto project zip', cold.ms.zipMs, warm('zipMs'), size(cold.bytes.zip));
  row('EPUB', cold.ms.epubMs, warm('epubMs'), size(cold.bytes.epub));
  row('total: PDF + cover + zip + EPUB', cold.ms.totalMs, warm('totalMs'));
  const cores = availableParallelism();
  row('  its CPU time, all threads', cold.ms.cpuMs, warm('cpuMs'), `${(warm('cpuMs') / warm('totalMs')).toFixed(2)} cores busy on average; on ${cores}, no less than ${seconds(warm('cpuMs') / cores)} s`);
  row('DOCX (extra, not in the total or the ratio)', cold.ms.docxMs, warm('docxMs'), size(cold.bytes.docx));
  if ('skipped' in pandoc) {
    console.log(`\nBaseline skipped: ${pandoc.skipped}\n`);
  } else {
    const info = spawnSync('pdfinfo', [join(dir, 'book.pdf')], { encoding: 'utf8' }).stdout ?? '';
    const pandocPages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? NaN);
    const pandocMs = median(rounds.map((round) => round.pandocMs));
    console.log(`\nBaseline: ${pandoc.version} + XeLaTeX (Debian), the PDF only: median of ${RUNS} run(s) after a warm-up, one a round`);
    console.log(`  pandoc ${PANDOC_ARGS.join(' ')}`);
    row('PDF', null, pandocMs, `${pandocPages} pages, ${size(statSync(join(dir, 'book.pdf')).size)}`);
    const ratios = rounds.map((round) => round.pandocMs / median(round.pressroom.map((r) => r.ms.totalMs)));
    const x = (ratio: number) => `${ratio.toFixed(1)}×`;
    console.log(
      `\nRatio, pandoc + XeLaTeX (PDF only) / Pressroom (PDF + cover + zip + EPUB): ${x(median(ratios))} faster warm (rounds ${x(Math.min(...ratios))}–${x(Math.max(...ratios))}), ${x(pandocMs / cold.ms.totalMs)} cold`,
    );
    console.log(`Pages: Pressroom ${pages}, pandoc + XeLaTeX ${pandocPages}\n`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
