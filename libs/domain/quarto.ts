// The Quarto project download (spec: "Quarto project zip"): its files, its name and the structure check it must pass.
import { bookImageRef } from './book-images.ts';
import { fitUtf8, projectName, TITLE_IN_FILE_NAME_BYTES } from './generation.ts';

/** The files of the project, beside one `chapter-NNN.qmd` per chapter. */
export const QUARTO_FILES = {
  config: '_quarto.yml',
  metadata: 'cc-config.yml',
  index: 'index.qmd',
  introduction: 'intro.qmd',
  summary: 'summary.qmd',
  references: 'references.qmd',
  bibliography: 'references.bib',
  readme: 'README.md',
  ignore: '.gitignore',
} as const;

/** The spec's defaults for the project and its formats. */
export const QUARTO_DEFAULTS = {
  includePreface: true,
  includeConclusion: true,
  includeReferences: true,
  includeStyles: true,
  includeReadme: true,
  includeIgnoreFile: true,
  generatePlaceholders: true,
  pdf: { widthIn: 6, heightIn: 9, papersize: 'letter', documentclass: 'scrreprt' },
  htmlTheme: 'cosmo',
  tocDepth: 2,
  downloads: ['pdf', 'epub'],
  /** zlib level of the zip's entries. */
  compressionLevel: 6,
} as const;

/** Below this many characters (after the front matter), a page is reported as thin. */
const QUARTO_MIN_CONTENT_CHARS = 100;

const CHAPTER_FILE = /^chapter-\d{3,}\.qmd$/;

/** Chapter 1 → "chapter-001.qmd" (zero-padded to three digits). */
export function chapterFileName(n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Invalid chapter number: ${n}`);
  return `chapter-${String(n).padStart(3, '0')}.qmd`;
}

const isChapterFileName = (path: string) => CHAPTER_FILE.test(path.split('/').at(-1) ?? '');

/** "Café Society: Part 2!" → "cafe-society-part-2" (accents dropped; "book" when nothing is left; a long title's start). */
export const quartoSlug = (title: string) => fitUtf8(projectName(title.normalize('NFKD').replace(/\p{M}/gu, '')), TITLE_IN_FILE_NAME_BYTES).replace(/-+$/, '') || 'book';

/** The zip's file name: slugified title + "-quarto-project-" + the ISO date (UTC) + ".zip". */
export const quartoZipName = (title: string, date: Date) => `${quartoSlug(title)}-quarto-project-${date.toISOString().slice(0, 10)}.zip`;

export const QuartoCheckMessages = {
  missingConfig: `Missing Quarto configuration (${QUARTO_FILES.config})`,
  missingIndex: `Missing index file (${QUARTO_FILES.index})`,
  missingMetadata: `Missing book metadata (${QUARTO_FILES.metadata})`,
  noChapters: 'No chapter files (chapter-001.qmd and so on)',
  subdirectory: (path: string) => `${path} is in a subdirectory: Quarto expects the book's files at the project root`,
  placeholder: (path: string) => `${path} contains placeholder content`,
  shortContent: (path: string, chars: number) => `${path} has little content (${chars} characters)`,
  missingFrontMatter: (path: string) => `${path} has no YAML front matter`,
  suggestReadme: `Add a ${QUARTO_FILES.readme} with the build commands`,
  suggestIgnore: `Add a ${QUARTO_FILES.ignore} so rendered output (_book/, .quarto/) stays out of version control`,
  suggestBibliography: `Add ${QUARTO_FILES.bibliography} for the sources the chapters cite`,
  suggestReplacePlaceholders: 'Replace the placeholder text before rendering the book',
  suggestFrontMatter: 'Start each .qmd file with a YAML block (---) giving at least its title',
} as const;

export interface QuartoFile {
  path: string;
  /** Text, or the bytes of one of the book's images (`images/<id>.png`, where the chapters name it). */
  content: string | Uint8Array;
}

export interface ProjectStructureCheck {
  isValid: boolean;
  errors: string[];
  warnings: string[];
  suggestions: string[];
}

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n(?:[\s\S]*?\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
const PLACEHOLDERS = [/\bTODO\b/, /\blorem ipsum\b/i, /\[placeholder\]/i, /\bPLACEHOLDER\b/];

/** A page's YAML front matter and the body after it (the whole text when it has none). */
export function splitFrontMatter(content: string): { frontMatter: string | null; body: string } {
  const match = FRONT_MATTER.exec(content);
  return match ? { frontMatter: match[0], body: content.slice(match[0].length) } : { frontMatter: null, body: content };
}

/**
 * The spec's project structure check: errors for a missing Quarto config or index file; warnings for a missing
 * cc-config, no chapter files, files in subdirectories, and .qmd pages with placeholder content, under 100
 * characters of body or without front matter.
 */
export function checkProjectStructure(files: QuartoFile[]): ProjectStructureCheck {
  const errors: string[] = [];
  const warnings: string[] = [];
  const suggestions = new Set<string>();
  const paths = new Set(files.map((f) => f.path));

  if (!paths.has(QUARTO_FILES.config)) errors.push(QuartoCheckMessages.missingConfig);
  if (!paths.has(QUARTO_FILES.index)) errors.push(QuartoCheckMessages.missingIndex);
  if (!paths.has(QUARTO_FILES.metadata)) warnings.push(QuartoCheckMessages.missingMetadata);
  if (!files.some((f) => isChapterFileName(f.path))) warnings.push(QuartoCheckMessages.noChapters);

  for (const file of files) {
    // The book's images are where the chapters name them: in images/.
    if (bookImageRef(file.path)) continue;
    if (file.path.replace(/^\.\//, '').includes('/')) warnings.push(QuartoCheckMessages.subdirectory(file.path));
    if (!file.path.endsWith('.qmd') || typeof file.content !== 'string') continue;
    const { frontMatter, body } = splitFrontMatter(file.content);
    if (PLACEHOLDERS.some((pattern) => pattern.test(body))) {
      warnings.push(QuartoCheckMessages.placeholder(file.path));
      suggestions.add(QuartoCheckMessages.suggestReplacePlaceholders);
    }
    const chars = body.trim().length;
    if (chars < QUARTO_MIN_CONTENT_CHARS) warnings.push(QuartoCheckMessages.shortContent(file.path, chars));
    if (frontMatter === null) {
      warnings.push(QuartoCheckMessages.missingFrontMatter(file.path));
      suggestions.add(QuartoCheckMessages.suggestFrontMatter);
    }
  }

  if (!paths.has(QUARTO_FILES.readme)) suggestions.add(QuartoCheckMessages.suggestReadme);
  if (!paths.has(QUARTO_FILES.ignore)) suggestions.add(QuartoCheckMessages.suggestIgnore);
  if (!paths.has(QUARTO_FILES.bibliography)) suggestions.add(QuartoCheckMessages.suggestBibliography);

  return { isValid: errors.length === 0, errors, warnings, suggestions: [...suggestions] };
}
