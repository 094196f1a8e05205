import { describe, expect, it } from 'vitest';
import { QUARTO_FILES, QuartoCheckMessages as M, TITLE_IN_FILE_NAME_BYTES, chapterFileName, checkProjectStructure, quartoZipName, splitFrontMatter, type QuartoFile } from './index.ts';

const body = 'A chapter body long enough to count as real content: it runs well past the one hundred character threshold.';
const page = (path: string, title: string, text = body): QuartoFile => ({ path, content: `---\ntitle: "${title}"\n---\n\n${text}\n` });

/** A complete, clean project: every rule satisfied. */
const project = (): QuartoFile[] => [
  { path: QUARTO_FILES.config, content: 'project:\n  type: book\n' },
  { path: QUARTO_FILES.metadata, content: 'title: A Book\n' },
  page(QUARTO_FILES.index, 'Preface'),
  page(QUARTO_FILES.introduction, 'Introduction'),
  page(chapterFileName(1), 'One'),
  page(QUARTO_FILES.summary, 'Summary'),
  page(QUARTO_FILES.references, 'References'),
  { path: QUARTO_FILES.bibliography, content: '@misc{source1, title = {{notes.md}}}\n' },
  { path: QUARTO_FILES.readme, content: '# A Book\n' },
  { path: QUARTO_FILES.ignore, content: '_book/\n' },
];
const without = (path: string) => project().filter((f) => f.path !== path);
const replacing = (file: QuartoFile) => project().map((f) => (f.path === file.path ? file : f));

describe('Quarto project names', () => {
  it.each([
    ['Remote Leadership', 'remote-leadership'],
    ['  My Book: Part 2!  ', 'my-book-part-2'],
    ['Café --- Society', 'cafe-society'],
    ['C++ & You', 'c-you'],
    ['書名', 'book'],
  ])('%j → %j', (title, slug) => {
    expect(quartoZipName(title, new Date('2025-03-09T23:30:00Z'))).toBe(`${slug}-quarto-project-2025-03-09.zip`);
  });

  it('keeps the start of a long title, so the name fits a file system and a storage key', () => {
    const name = quartoZipName('A Very Long Title '.repeat(12).slice(0, 200), new Date('2025-03-09T23:30:00Z'));
    expect(name).toMatch(/^(?:a-very-long-title-)+[a-z-]*[a-z]-quarto-project-2025-03-09\.zip$/);
    expect(name.length).toBeLessThanOrEqual(TITLE_IN_FILE_NAME_BYTES + '-quarto-project-2025-03-09.zip'.length);
  });

  it('pads chapter files to three digits', () => {
    expect(chapterFileName(1)).toBe('chapter-001.qmd');
    expect(chapterFileName(42)).toBe('chapter-042.qmd');
    expect(chapterFileName(1234)).toBe('chapter-1234.qmd');
    expect(() => chapterFileName(1.5)).toThrow(RangeError);
    expect(() => chapterFileName(-1)).toThrow(RangeError);
  });

  it('splits front matter from the body', () => {
    expect(splitFrontMatter('---\ntitle: X\n---\nBody')).toEqual({ frontMatter: '---\ntitle: X\n---\n', body: 'Body' });
    expect(splitFrontMatter('---\n---\nBody').body).toBe('Body');
    expect(splitFrontMatter('Body\n---\n')).toEqual({ frontMatter: null, body: 'Body\n---\n' });
  });
});

describe('the project structure check', () => {
  it('passes a complete project with nothing to report', () => {
    expect(checkProjectStructure(project())).toEqual({ isValid: true, errors: [], warnings: [], suggestions: [] });
  });

  it('errors when the Quarto config is missing', () => {
    const check = checkProjectStructure(without(QUARTO_FILES.config));
    expect(check.isValid).toBe(false);
    expect(check.errors).toEqual([M.missingConfig]);
  });

  it('errors when the index file is missing', () => {
    const check = checkProjectStructure(without(QUARTO_FILES.index));
    expect(check.isValid).toBe(false);
    expect(check.errors).toEqual([M.missingIndex]);
  });

  it('reports both errors for an empty project', () => {
    const check = checkProjectStructure([]);
    expect(check.errors).toEqual([M.missingConfig, M.missingIndex]);
    expect(check.warnings).toEqual([M.missingMetadata, M.noChapters]);
    expect(check.suggestions).toEqual([M.suggestReadme, M.suggestIgnore, M.suggestBibliography]);
  });

  it('warns (but stays valid) when cc-config.yml is missing', () => {
    const check = checkProjectStructure(without(QUARTO_FILES.metadata));
    expect(check).toMatchObject({ isValid: true, errors: [], warnings: [M.missingMetadata] });
  });

  it('warns when there are no chapter files', () => {
    const check = checkProjectStructure(without(chapterFileName(1)));
    expect(check).toMatchObject({ isValid: true, warnings: [M.noChapters] });
    // Only chapter-NNN.qmd names count as chapters.
    expect(checkProjectStructure([...without(chapterFileName(1)), page('chapter-1.qmd', 'One')]).warnings).toEqual([M.noChapters]);
  });

  it('warns about files in subdirectories', () => {
    const check = checkProjectStructure([...project(), { path: 'images/cover.png', content: 'png' }]);
    expect(check).toMatchObject({ isValid: true, warnings: [M.subdirectory('images/cover.png')] });
    // A chapter in a subdirectory still counts as a chapter, but is reported.
    const nested = checkProjectStructure([...without(chapterFileName(1)), page('chapters/chapter-001.qmd', 'One')]);
    expect(nested.warnings).toEqual([M.subdirectory('chapters/chapter-001.qmd')]);
  });

  it("takes the book's own images in images/, where the chapters name them", () => {
    const image = { path: 'images/0b6f0d8e-5a43-4c1e-9d4e-2f1a3b5c7d9e.png', content: new Uint8Array([0x89, 0x50]) };
    expect(checkProjectStructure([...project(), image])).toEqual({ isValid: true, errors: [], warnings: [], suggestions: [] });
  });

  it.each(['TODO: write this.', 'Lorem ipsum dolor sit amet.', '[Placeholder] for the chapter.', 'PLACEHOLDER text.'])('warns about placeholder content: %j', (text) => {
    const check = checkProjectStructure(replacing(page(chapterFileName(1), 'One', `${body} ${text}`)));
    expect(check).toMatchObject({ isValid: true, warnings: [M.placeholder(chapterFileName(1))], suggestions: [M.suggestReplacePlaceholders] });
  });

  it('does not mistake ordinary words for placeholders', () => {
    const text = `${body} A todo list is a placeholder for intentions; lorem is not ipsum.`;
    expect(checkProjectStructure(replacing(page(chapterFileName(1), 'One', text))).warnings).toEqual([]);
  });

  it('warns when a page has under 100 characters of body (the front matter does not count)', () => {
    const short = 'x'.repeat(99);
    const check = checkProjectStructure(replacing(page(QUARTO_FILES.summary, 'A very long title that by itself runs past one hundred characters of front matter text, easily', short)));
    expect(check).toMatchObject({ isValid: true, warnings: [M.shortContent(QUARTO_FILES.summary, 99)] });
    expect(checkProjectStructure(replacing(page(QUARTO_FILES.summary, 'S', 'x'.repeat(100)))).warnings).toEqual([]);
  });

  it('warns when a .qmd page has no front matter', () => {
    const check = checkProjectStructure(replacing({ path: QUARTO_FILES.introduction, content: `# Introduction\n\n${body}\n` }));
    expect(check).toMatchObject({ isValid: true, warnings: [M.missingFrontMatter(QUARTO_FILES.introduction)], suggestions: [M.suggestFrontMatter] });
  });

  it('checks only .qmd files for front matter, placeholders and length', () => {
    const check = checkProjectStructure(replacing({ path: QUARTO_FILES.readme, content: 'TODO' }));
    expect(check.warnings).toEqual([]);
  });

  it('suggests the optional files when they are missing', () => {
    expect(checkProjectStructure(without(QUARTO_FILES.readme)).suggestions).toEqual([M.suggestReadme]);
    expect(checkProjectStructure(without(QUARTO_FILES.ignore)).suggestions).toEqual([M.suggestIgnore]);
    expect(checkProjectStructure(without(QUARTO_FILES.bibliography)).suggestions).toEqual([M.suggestBibliography]);
  });
});
