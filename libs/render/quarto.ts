import type { Heading, Nodes } from 'mdast';
import { stringify } from 'yaml';
import {
  CJK_SCRIPTS,
  QUARTO_DEFAULTS,
  QUARTO_FILES,
  SCRIPT_FONTS,
  bookImagePath,
  bookImageRef,
  bookLanguage,
  chapterFileName,
  copyrightLine,
  fillLabel,
  checkProjectStructure,
  countWords,
  quartoZipName,
  referenceParts,
  type BookLanguage,
  type BookReference,
  type ProjectStructureCheck,
  type QuartoFile,
} from '../domain/index.ts';
import { NO_IMAGES, type BookImages } from './images.ts';
import type { Manuscript } from './interior.ts';
import { parseMarkdown, safeMarkdownSource } from './safe-markdown.ts';
import { zipEntries } from './zip.ts';

/**
 * The book as a Quarto book project (spec: "Quarto project zip"): the author can render it to HTML, PDF and EPUB
 * with Quarto, edit it, and keep it under version control.
 */

/** YAML with every string double-quoted, so titles with colons, hashes or quotes stay strings. */
const toYaml = (value: object) => stringify(value, { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', lineWidth: 0 });

/** Text that Pandoc reads as Markdown (titles in YAML metadata): every character with a meaning escaped. */
export const markdownText = (text: string) => text.replace(/[\\`*_{}[\]<>#@$|~^]/g, '\\$&');

const LATEX_SYMBOLS: Record<string, string> = { '\\': '\\textbackslash{}', '{': '\\textbraceleft{}', '}': '\\textbraceright{}', '~': '\\textasciitilde{}', '^': '\\textasciicircum{}' };

/** Text inside a BibTeX field (read as LaTeX): specials escaped, so its braces always balance. */
export const bibText = (text: string) => text.replace(/[\\{}&%$#_~^]/g, (c) => LATEX_SYMBOLS[c] ?? `\\${c}`);

const citationKey = (n: number) => `source${n}`;

interface Edit {
  start: number;
  end: number;
  text: string;
}

// In the source of a text node: an escape (kept as it is), a run of citations such as [1], [1, 2], [1][3] or [2-4],
// a dollar sign (TeX math to Pandoc) or an at sign starting a word (a citation to Pandoc).
const TEXT_SPECIALS = /\\[\s\S]|((?:\[[ \t]*\d+(?:[ \t]*[,;–-][ \t]*\d+)*[ \t]*\])+)|\$|(?<![\p{L}\p{N}_])@(?=[\p{L}\p{N}_])/gu;
// Nodes whose text is not prose: nothing in them is rewritten.
const VERBATIM = new Set(['code', 'inlineCode', 'link', 'linkReference', 'definition']);

/** "[1, 3-4]" → "[@source1; @source3; @source4]", when every number is one of the book's sources. */
function citation(run: string, sources: ReadonlySet<number>): string | null {
  const numbers: number[] = [];
  for (const group of run.match(/\[[^\]]*\]/g) ?? []) {
    for (const part of group.slice(1, -1).split(/[,;]/)) {
      const [from, to = from] = part.split(/[–-]/).map((s) => Number(s.trim()));
      if (from === undefined || to === undefined || to < from || to - from > 50) return null;
      for (let n = from; n <= to; n++) numbers.push(n);
    }
  }
  if (!numbers.length || numbers.some((n) => !sources.has(n))) return null;
  return `[${[...new Set(numbers)].map((n) => `@${citationKey(n)}`).join('; ')}]`;
}

/**
 * A chapter's Markdown as Quarto (Pandoc) Markdown: the text kept as written, with four changes. Nothing that would
 * make Quarto fetch, read or run anything stays but the book's own images, which the project ships at the paths the
 * text names them by (safe-markdown.ts); citations [n] of the book's sources become
 * [@sourceN]; headings move down a level when the text uses `#`, so the page title is the only level-one heading;
 * and `$` and `@` are escaped where Pandoc would read them as math or citations.
 */
export function markdownToQmd(written: string, sources: ReadonlySet<number> = new Set(), images: BookImages = NO_IMAGES): string {
  const markdown = safeMarkdownSource(written, images);
  const tree = parseMarkdown(markdown);
  const edits: Edit[] = [];
  const headings: Heading[] = [];

  const visit = (node: Nodes) => {
    if (VERBATIM.has(node.type)) return;
    if (node.type === 'heading') headings.push(node);
    if (node.type === 'text' && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
      const start = node.position.start.offset;
      for (const match of markdown.slice(start, node.position.end.offset).matchAll(TEXT_SPECIALS)) {
        const [text, run] = match;
        const at = start + match.index;
        if (text.startsWith('\\')) continue;
        const replacement = run ? citation(run, sources) : `\\${text}`;
        if (replacement !== null) edits.push({ start: at, end: at + text.length, text: replacement });
      }
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);

  const shift = headings.some((h) => h.depth === 1) ? 1 : 0;
  for (const heading of shift ? headings : []) {
    const start = heading.position?.start.offset;
    const end = heading.position?.end.offset;
    if (start === undefined || end === undefined) continue;
    const marks = '#'.repeat(Math.min(6, heading.depth + shift));
    const atx = /^#+/.exec(markdown.slice(start, end));
    if (atx) {
      edits.push({ start, end: start + atx[0].length, text: marks });
      continue;
    }
    // A setext heading (text underlined with === or ---) becomes an ATX one, on one line.
    const contentEnd = heading.children.at(-1)?.position?.end.offset;
    if (contentEnd === undefined) continue;
    edits.push({ start, end: start, text: `${marks} ` });
    for (const newline of markdown.slice(start, contentEnd).matchAll(/[ \t]*\r?\n[ \t>]*/g)) {
      edits.push({ start: start + newline.index, end: start + newline.index + newline[0].length, text: ' ' });
    }
    edits.push({ start: contentEnd, end, text: '' });
  }

  let out = markdown;
  for (const edit of edits.sort((a, b) => b.start - a.start || b.end - a.end)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out.trim();
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
/** A page: YAML front matter with its title, then its Markdown. */
const page = (title: string, body: string) => `---\n${toYaml({ title })}---\n\n${body.trim()}\n`;

/** A source's bibliography note: the file it is, and the passages the chapters quote from it. */
const bibNote = (r: BookReference, language: BookLanguage) => {
  const { passages } = referenceParts(r, language);
  return `${r.filename}${passages.length ? `. ${language.labels.passagesCited}: ${passages.join('; ')}` : ''}`;
};

/** The project's files, in the order they go into the zip. */

/**
 * The PDF's fonts for Quarto's default engine, LuaLaTeX (fontspec): the book's own faces for scripts its default Latin
 * Modern lacks — CJK through luatexja, others shaped by HarfBuzz (Arabic joining, Indic conjuncts, Thai marks).
 */
const latexFontNames = (language: BookLanguage) => [...new Set(Object.values(SCRIPT_FONTS[language.script]))].slice(0, 2);

/** The README's word on the fonts the PDF names, for a book that names any. */
const fontsNeeded = (language: BookLanguage) =>
  Object.keys(latexFonts(language)).length ? ` The PDF is set in ${latexFontNames(language).join(' and ')} (free, from Google Fonts or your system's Noto packages): install them first.` : '';

function latexFonts(language: BookLanguage): Record<string, unknown> {
  if (['Latn', 'Grek', 'Cyrl'].includes(language.script)) return {};
  const { serif, sans } = SCRIPT_FONTS[language.script];
  if (CJK_SCRIPTS.has(language.script)) return { CJKmainfont: serif, CJKsansfont: sans };
  return { mainfont: serif, sansfont: sans, mainfontoptions: ['Renderer=HarfBuzz'], sansfontoptions: ['Renderer=HarfBuzz'] };
}

export function quartoProjectFiles(book: Manuscript, generatedAt: Date): QuartoFile[] {
  const date = isoDate(generatedAt);
  const chapters = [...book.chapters].sort((a, b) => a.number - b.number).map((chapter, i) => ({ ...chapter, position: i + 1, file: chapterFileName(i + 1), words: countWords(chapter.content) }));
  const references = [...book.references].sort((a, b) => a.n - b.n);
  const sources = new Set(references.map((r) => r.n));
  const images = book.images ?? NO_IMAGES;
  const qmd = (markdown: string) => markdownToQmd(markdown, sources, images);
  const words = countWords(book.introduction ?? '') + chapters.reduce((sum, c) => sum + c.words, 0) + countWords(book.summary ?? '');
  const language = bookLanguage(book.language);
  const { labels } = language;
  const trim = book.trim ?? QUARTO_DEFAULTS.pdf;
  // Pandoc writes `dir` on the HTML and EPUB pages; its LaTeX for it needs packages the PDF's engine may not have.
  const dir = language.dir === 'rtl' ? { dir: 'rtl' } : {};
  const title = markdownText(book.title);
  const author = markdownText(book.author);
  const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;
  // Spec: the chapter footer shows the chapter's number, its word count and the generation date — in the book's language.
  const longDate = new Intl.DateTimeFormat(language.tag, { dateStyle: 'long', timeZone: 'UTC' }).format(generatedAt);
  const chapterFooter = (c: { position: number; words: number }) =>
    [fillLabel(labels.chapter, { n: c.position }), fillLabel(labels.words, { n: c.words.toLocaleString(language.tag) }), longDate].map(markdownText).join(' · ');

  const config = toYaml({
    project: { type: 'book', 'output-dir': '_book' },
    book: {
      title,
      author,
      date,
      chapters: [QUARTO_FILES.index, QUARTO_FILES.introduction, ...chapters.map((c) => c.file), QUARTO_FILES.summary, QUARTO_FILES.references],
      downloads: [...QUARTO_DEFAULTS.downloads],
    },
    bibliography: QUARTO_FILES.bibliography,
    // Every source the author supplied is listed under References, cited in the text or not (as in the PDF).
    ...(references.length ? { nocite: '@*' } : {}),
    lang: language.tag,
    // Quarto's own words (contents, footnotes, references, figures) as the book says them.
    language: {
      'toc-title-document': labels.contents,
      'section-title-footnotes': labels.footnotes,
      'section-title-references': labels.references,
      'crossref-fig-title': labels.figure,
    },
    format: {
      html: { theme: QUARTO_DEFAULTS.htmlTheme, toc: true, 'toc-depth': QUARTO_DEFAULTS.tocDepth, ...dir },
      pdf: {
        documentclass: QUARTO_DEFAULTS.pdf.documentclass,
        papersize: QUARTO_DEFAULTS.pdf.papersize,
        geometry: [`paperwidth=${trim.widthIn}in`, `paperheight=${trim.heightIn}in`, 'inner=0.875in', 'outer=0.625in', 'top=0.8in', 'bottom=0.75in'],
        toc: true,
        'toc-depth': QUARTO_DEFAULTS.tocDepth,
        ...latexFonts(language),
      },
      epub: { toc: true, 'toc-depth': QUARTO_DEFAULTS.tocDepth, ...dir },
    },
  });

  const metadata =
    '# The book as Pressroom generated it (Quarto does not read this file).\n' +
    toYaml({
      title: book.title,
      author: book.author,
      language: language.english,
      'language-code': language.tag,
      generator: 'Pressroom',
      generated: generatedAt.toISOString(),
      'chapter-count': chapters.length,
      'word-count': words,
      chapters: chapters.map((c) => ({ number: c.position, title: c.title, file: c.file, words: c.words })),
      sources: references.map((r) => ({ key: citationKey(r.n), file: r.filename, ...(r.title ? { title: r.title } : {}) })),
      options: {
        'include-preface': QUARTO_DEFAULTS.includePreface,
        'include-conclusion': QUARTO_DEFAULTS.includeConclusion,
        'include-references': QUARTO_DEFAULTS.includeReferences,
        'include-styles': QUARTO_DEFAULTS.includeStyles,
        'include-readme': QUARTO_DEFAULTS.includeReadme,
        'include-ignore-file': QUARTO_DEFAULTS.includeIgnoreFile,
        'generate-placeholders': QUARTO_DEFAULTS.generatePlaceholders,
      },
    });

  // What the author has not written is a note in the file for them (a comment, so the book never prints it).
  const placeholder = (note: string) => `<!-- ${note} -->`;
  // The title page, in the book's language.
  const preface = [
    `*${title}*`,
    markdownText(fillLabel(labels.byline, { author: book.author })),
    markdownText(copyrightLine(language, book.author, generatedAt.getUTCFullYear())),
    placeholder('The home page of the website and the first page of the book. Write a preface here if the book has one.'),
  ].join('\n\n');
  const introduction = book.introduction?.trim()
    ? qmd(book.introduction)
    : placeholder(`No introduction was written for this book: the chapters stand on their own. Write one here when the book needs it.`);
  const summary = book.summary?.trim()
    ? qmd(book.summary)
    : placeholder(`No summary was written for this book: it ends with its last chapter. Write one here to close it with its key ideas.`);
  const referencesBody = `${placeholder(
    references.length
      ? `Quarto lists here the sources in ${QUARTO_FILES.bibliography}: the source material the author supplied, cited in the chapters as [@key].`
      : `No source files were supplied with this book. Sources added to ${QUARTO_FILES.bibliography} and cited as [@key] are listed here.`,
  )}\n\n::: {#refs}\n:::`;

  const bibliography = references.length
    ? `${references.map((r) => `@misc{${citationKey(r.n)},\n  title = {{${bibText(r.title || r.filename)}}},\n  note = {${bibText(bibNote(r, language))}}\n}`).join('\n\n')}\n`
    : '@comment{No sources: the author supplied no source files for this book, so there is nothing to cite.}\n';

  const readme = `# ${title}

By ${author}. A [Quarto](https://quarto.org) book project generated by Pressroom on ${date}: ${plural(chapters.length, 'chapter')}, about ${plural(words, 'word')}.

## Build

Install a recent release of Quarto (https://quarto.org/docs/get-started/). The PDF needs a TeX distribution too: \`quarto install tinytex\` installs one.${fontsNeeded(language)}

\`\`\`sh
quarto render --to html   # the website, in _book/
quarto render --to pdf    # the PDF (6 x 9 in pages), in _book/
quarto render --to epub   # the EPUB, in _book/
quarto render             # all three
quarto preview            # a live preview while you edit
\`\`\`

## Files

| File | What it holds |
|---|---|
| \`${QUARTO_FILES.config}\` | The book: title, author, chapter order, bibliography and the HTML, PDF and EPUB formats |
| \`${QUARTO_FILES.metadata}\` | The book's metadata as Pressroom generated it: language, chapter and word counts, date |
| \`${QUARTO_FILES.index}\` | The preface and the home page of the website |
| \`${QUARTO_FILES.introduction}\` | The introduction |
| \`chapter-001.qmd\` … | One file per chapter, in order${chapters.length ? ` (${chapters.length} in all)` : ''} |
| \`${QUARTO_FILES.summary}\` | The summary |
| \`${QUARTO_FILES.references}\` | The references page: the bibliography is rendered there |
| \`${QUARTO_FILES.bibliography}\` | The sources the chapters cite, as BibTeX (cited in the text as \`[@source1]\`) |
| \`${QUARTO_FILES.ignore}\` | Keeps rendered output (\`_book/\`, \`.quarto/\`) out of version control |

Citations use Pandoc's default style (Chicago author-date); add a \`csl:\` entry to \`${QUARTO_FILES.config}\` for another, such as a numbered one.
`;

  const ignore = ['# Quarto output and caches', '_book/', '.quarto/', '*_files/', '*_cache/', '', '# LaTeX leftovers', '*.aux', '*.log', '*.out', '*.toc', '', '# System files', '.DS_Store', 'Thumbs.db', ''].join('\n');

  return [
    { path: QUARTO_FILES.config, content: config },
    { path: QUARTO_FILES.metadata, content: metadata },
    { path: QUARTO_FILES.index, content: page(`${markdownText(labels.preface)} {.unnumbered}`, preface) },
    { path: QUARTO_FILES.introduction, content: page(`${markdownText(labels.introduction)} {.unnumbered}`, introduction) },
    ...chapters.map((c) => ({
      path: c.file,
      content: page(markdownText(c.title), `${qmd(c.content)}\n\n::: {.chapter-footer}\n${chapterFooter(c)}\n:::`),
    })),
    { path: QUARTO_FILES.summary, content: page(`${markdownText(labels.summary)} {.unnumbered}`, summary) },
    { path: QUARTO_FILES.references, content: page(`${markdownText(labels.references)} {.unnumbered}`, referencesBody) },
    { path: QUARTO_FILES.bibliography, content: bibliography },
    { path: QUARTO_FILES.readme, content: readme },
    { path: QUARTO_FILES.ignore, content: ignore },
    // The path is made again from the image's id, so nothing else decides where a file goes in the zip.
    ...[...images].flatMap(([path, image]) => {
      const ref = bookImageRef(path);
      return ref ? [{ path: bookImagePath(ref), content: image.data }] : [];
    }),
  ];
}

/** The Quarto project as a zip, with its download name and the structure check of the files in it. */
export async function renderQuartoProject(book: Manuscript, generatedAt: Date): Promise<{ zip: Buffer; fileName: string; check: ProjectStructureCheck }> {
  const files = quartoProjectFiles(book, generatedAt);
  const check = checkProjectStructure(files);
  if (!check.isValid) throw new Error(`Failed to create Quarto project download: ${check.errors.join('; ')}`);
  // Images are compressed already: stored as they are.
  const zip = await zipEntries(files.map((file) => ({ path: file.path, data: file.content, stored: typeof file.content !== 'string' })), {
    level: QUARTO_DEFAULTS.compressionLevel,
    mtime: generatedAt,
  });
  return { zip, fileName: quartoZipName(book.title, generatedAt), check };
}
