import type { Element, Root } from 'hast';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { stringify } from 'yaml';
import {
  QUARTO_DEFAULTS,
  QUARTO_FILES,
  bookLanguage,
  chapterFileName,
  countWords,
  quartoSlug,
  readingMinutes,
  remarkAdmitNoExternalResources,
  withoutExternalResources,
} from '../../../libs/domain/index.ts';
import type { ChapterView, ProjectView, TocEntry } from '../api/projects.ts';

// The older ten-step generator's downloads (/ai-generator-legacy): the table of contents as Markdown, a Quarto
// config, single chapters as .qmd and an HTML export of all chapters. Pure: each returns the file, the page saves it.

/** A file to save: its name, its MIME type and its text. */
export interface ExportFile {
  name: string;
  type: string;
  content: string;
}

/** The spec's alerts when there is nothing to download yet. */
export const EXPORT_MESSAGES = {
  noToc: 'No table of contents to download. Please generate TOC first.',
  chapterMissing: (n: number) => `Chapter ${n} has not been generated yet. Please generate it first.`,
  noContent: 'No content to download. Please generate chapters first.',
} as const;

/** The legacy demo's reading pace, in words a minute. */
export const EXPORT_READING_PACE = 250;

type ExportProject = Pick<ProjectView, 'title' | 'author' | 'language' | 'outline' | 'introduction' | 'chapters' | 'summary'>;

const MARKDOWN = 'text/markdown;charset=utf-8';

const byNumber = <T extends { chapter_number: number }>(items: readonly T[]) => [...items].sort((a, b) => a.chapter_number - b.chapter_number);

function outlineOf(project: ExportProject): TocEntry[] {
  const chapters = project.outline?.chapters ?? [];
  if (!chapters.length) throw new Error(EXPORT_MESSAGES.noToc);
  return byNumber(chapters);
}

const written = (project: ExportProject) => byNumber(project.chapters.filter((c) => c.content.trim()));

/** Text Quarto reads as Markdown (titles in YAML), its specials escaped so it shows as typed and no HTML gets in. */
const markdownText = (text: string) => text.replace(/[\\`*_{}[\]<>#@$|~^]/g, '\\$&');

const toYaml = (value: object) => stringify(value, { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', lineWidth: 0 });

const parser = unified().use(remarkParse).use(remarkGfm);

/** Markdown the author opens in a viewer or renders with Quarto: it names no image, raw HTML or unsafe link. */
const safeMarkdown = (markdown: string) => withoutExternalResources(markdown, (source) => parser.parse(source));

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

/** `<slug>-toc.md`: title, author, then each chapter with its description, ideas and estimated pages. */
export function tocMarkdown(project: ExportProject): ExportFile {
  const chapters = outlineOf(project).map((c) =>
    [
      `## ${c.chapter_number}. ${c.chapter_title}`,
      c.chapter_description.trim(),
      c.chapter_ideas.filter((idea) => idea.trim()).map((idea) => `- ${idea.trim()}`).join('\n'),
      c.estimated_pages.trim() ? `*Estimated pages: ${c.estimated_pages.trim()}*` : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
  );
  const content = [`# ${project.title}`, `*by ${project.author}*`, '## Table of Contents', ...chapters].join('\n\n');
  return { name: `${quartoSlug(project.title)}-toc.md`, type: MARKDOWN, content: `${safeMarkdown(content)}\n` };
}

/** `_quarto.yml`: a book project in the book's language, listing index.qmd and one chapter-NNN.qmd per outlined chapter, in order. */
export function quartoConfig(project: ExportProject): ExportFile {
  const { pdf } = QUARTO_DEFAULTS;
  const content = toYaml({
    project: { type: 'book' },
    lang: bookLanguage(project.language).tag,
    book: {
      title: markdownText(project.title),
      author: markdownText(project.author),
      chapters: [QUARTO_FILES.index, ...outlineOf(project).map((c) => chapterFileName(c.chapter_number))],
    },
    format: {
      html: { theme: QUARTO_DEFAULTS.htmlTheme, 'toc-depth': QUARTO_DEFAULTS.tocDepth },
      pdf: { papersize: pdf.papersize, geometry: [`paperwidth=${pdf.widthIn}in`, `paperheight=${pdf.heightIn}in`] },
      epub: { toc: true },
    },
  });
  return { name: QUARTO_FILES.config, type: 'text/yaml;charset=utf-8', content };
}

/** `chapter-NNN.qmd`: front matter with the chapter's title, its Markdown, and a footer with words and reading time. */
export function chapterQmd(project: ExportProject, n: number): ExportFile {
  const chapter = project.chapters.find((c) => c.chapter_number === n && c.content.trim());
  if (!chapter) throw new Error(EXPORT_MESSAGES.chapterMissing(n));
  const words = countWords(chapter.content);
  const minutes = readingMinutes(words, EXPORT_READING_PACE);
  const footer = `*Chapter ${n} · ${plural(words, 'word')} · about ${plural(minutes, 'minute')} to read*`;
  const content = `---\n${toYaml({ title: markdownText(chapter.chapter_title) })}---\n\n${safeMarkdown(chapter.content.trim())}\n\n* * *\n\n${footer}\n`;
  return { name: chapterFileName(n), type: MARKDOWN, content };
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text (or an attribute value) as HTML: `&`, `<`, `>` and quotes escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);

const FOOTNOTE_LABEL = 'footnote-label';

function elements(node: Root | Element, visit: (element: Element) => void): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    visit(child);
    elements(child, visit);
  }
}

const headingLevel = (element: Element) => Number(/^h([1-6])$/.exec(element.tagName)?.[1] ?? 0);

/**
 * One section's tree, made fit to sit beside the others: its top headings become `<h3>`, under the section's `<h2>`
 * (deeper ones keep their distance, down to `<h6>`); the footnote label's id takes the section's prefix.
 */
function fitSection(tree: Root, idPrefix: string): void {
  let top = 6;
  elements(tree, (element) => {
    const level = headingLevel(element);
    if (level && element.properties.id !== FOOTNOTE_LABEL) top = Math.min(top, level);
  });
  elements(tree, (element) => {
    const { properties } = element;
    if (properties.id === FOOTNOTE_LABEL) properties.id = `${idPrefix}${FOOTNOTE_LABEL}`;
    else if (headingLevel(element)) element.tagName = `h${Math.min(6, headingLevel(element) - top + 3)}`;
    if (Array.isArray(properties.ariaDescribedBy)) properties.ariaDescribedBy = properties.ariaDescribedBy.map((id) => (id === FOOTNOTE_LABEL ? `${idPrefix}${id}` : id));
  });
}

/**
 * Markdown → HTML for one section of the page. The page opens in the author's browser, so it names no external
 * resource: images become their alt text, raw HTML its text (no `<script>` runs), and links go only to the web and to
 * e-mail addresses. Ids (footnotes) carry `idPrefix` so sections do not clash.
 */
export function markdownToHtml(markdown: string, idPrefix = 'user-content-'): string {
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkAdmitNoExternalResources)
    .use(remarkRehype, { clobberPrefix: idPrefix, footnoteLabelTagName: 'h3' })
    .use(() => (tree: Root) => fitSection(tree, idPrefix))
    .use(rehypeStringify);
  return String(processor.processSync(markdown));
}

const STYLE = `
  :root { color-scheme: light dark; }
  body { margin: 0 auto; max-width: 40rem; padding: 2rem 1.25rem 4rem; font: 1.125rem/1.7 Georgia, 'Times New Roman', serif; color: #222; background: #fdfdfb; }
  header { text-align: center; margin-bottom: 3rem; }
  h1, h2, h3, h4, h5, h6 { font-family: system-ui, sans-serif; line-height: 1.25; }
  h1 { font-size: 2.25rem; margin-bottom: 0.25rem; }
  .author { font-style: italic; color: #555; }
  section { margin-top: 3.5rem; }
  nav ol { padding-left: 1.5rem; }
  a { color: #1a5fb4; }
  blockquote { margin-left: 0; padding-left: 1rem; border-left: 3px solid #ccc; color: #555; }
  pre { overflow-x: auto; padding: 0.75rem; background: #f2f2ee; }
  table { border-collapse: collapse; }
  th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; }
  img { max-width: 100%; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  @media (prefers-color-scheme: dark) {
    body { color: #e6e6e6; background: #1b1b1b; }
    .author, blockquote { color: #aaa; }
    a { color: #8ab4f8; }
    pre { background: #262626; }
  }
  @media print { body { max-width: none; } section { break-before: page; } }
`;

interface HtmlSection {
  id: string;
  heading: string;
  markdown: string;
}

/** `<slug>.html`: the book as one standalone HTML5 page, in its language and direction: header, contents, introduction, chapters and summary. */
export function htmlExport(project: ExportProject): ExportFile {
  const chapters: ChapterView[] = written(project);
  if (!chapters.length) throw new Error(EXPORT_MESSAGES.noContent);
  const sections: HtmlSection[] = [
    ...(project.introduction?.trim() ? [{ id: 'introduction', heading: 'Introduction', markdown: project.introduction }] : []),
    ...chapters.map((c) => ({ id: `chapter-${c.chapter_number}`, heading: `Chapter ${c.chapter_number}: ${c.chapter_title}`, markdown: c.content })),
    ...(project.summary?.trim() ? [{ id: 'summary', heading: 'Summary', markdown: project.summary }] : []),
  ];
  const title = escapeHtml(project.title);
  const author = escapeHtml(project.author);
  const { tag, dir } = bookLanguage(project.language);
  const contents = sections.map((s) => `      <li><a href="#${s.id}">${escapeHtml(s.heading)}</a></li>`).join('\n');
  const body = sections
    .map((s) => `  <section id="${s.id}">\n    <h2>${escapeHtml(s.heading)}</h2>\n${markdownToHtml(s.markdown, `${s.id}-`)}\n  </section>`)
    .join('\n');
  const content = `<!DOCTYPE html>
<html lang="${tag}" dir="${dir}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="author" content="${author}">
  <meta name="generator" content="Pressroom">
  <title>${title}</title>
  <style>${STYLE}</style>
</head>
<body>
  <header>
    <h1>${title}</h1>
    <p class="author">by ${author}</p>
  </header>
  <nav aria-label="Contents">
    <h2>Contents</h2>
    <ol>
${contents}
    </ol>
  </nav>
  <main>
${body}
  </main>
</body>
</html>
`;
  return { name: `${quartoSlug(project.title)}.html`, type: 'text/html;charset=utf-8', content };
}
