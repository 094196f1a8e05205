import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { QUARTO_FILES, QuartoCheckMessages, checkProjectStructure, countWords, splitFrontMatter } from '../domain/index.ts';
import { MockProvider } from '../ai/mock.ts';
import type { Manuscript } from './interior.ts';
import { bibText, markdownToQmd, quartoProjectFiles, renderQuartoProject } from './quarto.ts';
import { unzipped } from '../../testing/book-checks.ts';

const generatedAt = new Date('2025-03-09T14:30:00Z');

async function manuscript(chapters: number): Promise<Manuscript> {
  const mock = new MockProvider();
  const written = [];
  for (let number = 1; number <= chapters; number++) {
    const title = `Theme ${number}: well-known #tags, [brackets] & $5 // slashes`;
    const { text } = await mock.generate({
      kind: 'chapter', title: 'Remote Leadership', idea: 'How small companies lead distributed teams with trust and rituals', language: 'English', style: 'practical',
      chapter: { number, title, description: 'What it covers.', keyPoints: ['Trust', 'Rituals'], targetWords: 600 }, totalChapters: chapters, memory: [],
      passages: [{ n: 1, source: 'notes.md', text: 'Trust grows when managers share context early and often.' }, { n: 2, source: 'interviews_{2024}.pdf', text: 'Rituals matter.' }],
    });
    written.push({ number, title, content: `${text}\n\n- a *list* item with \`code [1]\`\n\n| Role | Owner |\n|---|---|\n| Lead | Ada [2] |\n\nA claim.[^1]\n\n[^1]: Its footnote [1, 2].` });
  }
  return {
    title: 'Remote Leadership',
    author: 'Ada Writer',
    language: 'English',
    introduction: 'Why this *book* exists: small companies lead distributed teams with trust and rituals, and this is how they do it [1].',
    chapters: written,
    summary: 'What we learned, chapter by chapter: trust first, rituals second, and tools a distant third in every team we met.',
    references: [{ n: 1, filename: 'notes.md' }, { n: 2, filename: 'interviews_{2024}.pdf' }],
  };
}

const expectedFiles = (chapters: number) => [
  '_quarto.yml', 'cc-config.yml', 'index.qmd', 'intro.qmd',
  ...Array.from({ length: chapters }, (_, i) => `chapter-${String(i + 1).padStart(3, '0')}.qmd`),
  'summary.qmd', 'references.qmd', 'references.bib', 'README.md', '.gitignore',
];

describe('Markdown to Quarto Markdown', () => {
  const sources = new Set([1, 2, 3]);

  it('turns citations of the book sources into Pandoc citations, and leaves other brackets alone', () => {
    expect(markdownToQmd('A claim [1]. Two [1, 3]; adjacent [1][2]; a range [1-3].', sources)).toBe(
      'A claim [@source1]. Two [@source1; @source3]; adjacent [@source1; @source2]; a range [@source1; @source2; @source3].',
    );
    expect(markdownToQmd('In [2024] and [4] and [1, 9], nothing changes.', sources)).toBe('In [2024] and [4] and [1, 9], nothing changes.');
    expect(markdownToQmd('Code `x[1]`, a [link [1]](https://example.com) and\n\n```\narr[1]\n```', sources)).toBe('Code `x[1]`, a [link [1]](https://example.com) and\n\n```\narr[1]\n```');
    expect(markdownToQmd('A note.[^1]\n\n[^1]: Cited [2].', sources)).toBe('A note.[^1]\n\n[^1]: Cited [@source2].');
  });

  it('moves headings down a level when the text uses #, so the page title is the only level-one heading', () => {
    expect(markdownToQmd('# Part\n\n## Section\n\n###### Deep')).toBe('## Part\n\n### Section\n\n###### Deep');
    expect(markdownToQmd('## Section\n\n### Sub')).toBe('## Section\n\n### Sub');
    expect(markdownToQmd('Part *one*\nin two lines\n===\n\nText\n\n> # Quoted')).toBe('## Part *one* in two lines\n\nText\n\n> ## Quoted');
  });

  it('escapes what Pandoc would read as math or citations, and keeps the rest as written', () => {
    expect(markdownToQmd('Costs $5 to $10, ask @ada or ada@example.com; already \\$ escaped.')).toBe('Costs \\$5 to \\$10, ask \\@ada or ada@example.com; already \\$ escaped.');
    const markdown = '**Bold**, *italic*, ~~gone~~ and `code`.\n\n- one\n  - nested\n\n1. first\n\n> quoted\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n---';
    expect(markdownToQmd(markdown)).toBe(markdown);
  });

  it('keeps no raw HTML Pandoc would pass through, in table cells and footnote definitions as in prose', () => {
    const qmd = markdownToQmd('| Step | Note |\n|---|---|\n| One | <img src=x onerror="alert(1)||1"> |\n\nA note.[^1]\n\n[^1]: ```\n    <img src=x onerror=alert(2)>\n');
    // Every < left is escaped (text to Pandoc), and no fence is left open for Pandoc to read as Markdown.
    expect(qmd.match(/(?<!\\)</g)).toBeNull();
    expect(qmd).not.toMatch(/^\s*(?:\[\^1\]:\s*)?```/m);
    expect(qmd).toContain('| One | \\<img src=x onerror="alert(1)||1"> |');
  });

  it('writes BibTeX text safely', () => {
    expect(bibText('a_b {c} 50% & #1 ~ ^ \\')).toBe('a\\_b \\textbraceleft{}c\\textbraceright{} 50\\% \\& \\#1 \\textasciitilde{} \\textasciicircum{} \\textbackslash{}');
  });
});

describe('the Quarto project zip, read back with unzip', () => {
  it('holds exactly the project files, flat and deflated, and passes its own structure check', async () => {
    const book = await manuscript(3);
    const { zip, fileName, check } = await renderQuartoProject(book, generatedAt);
    expect(fileName).toBe('remote-leadership-quarto-project-2025-03-09.zip');
    expect(check).toEqual({ isValid: true, errors: [], warnings: [], suggestions: [] });

    const archive = unzipped(zip);
    const names = archive.names();
    expect(names).toEqual(expectedFiles(3));
    expect(names.filter((name) => name.includes('/'))).toEqual([]);
    const entries = archive.verbose().split('\n').filter((line) => /^\s*\d+\s+\S+\s+\d+\s+-?\d+%/.test(line));
    expect(entries).toHaveLength(names.length);
    for (const line of entries) expect(line.trim().split(/\s+/)[1], line).toBe('Defl:N');

    // The check passes on the files as they come out of the zip.
    const files = names.map((path) => ({ path, content: archive.read(path) }));
    expect(checkProjectStructure(files)).toEqual({ isValid: true, errors: [], warnings: [], suggestions: [] });
    expect(files).toEqual(quartoProjectFiles(book, generatedAt));
  });

  it('configures a Quarto book: chapters in order, 6x9 in PDF on letter paper, cosmo HTML, EPUB, downloads', async () => {
    const archive = unzipped((await renderQuartoProject(await manuscript(2), generatedAt)).zip);
    const config = parse(archive.read('_quarto.yml'));
    expect(config.project.type).toBe('book');
    expect(config.book).toMatchObject({ title: 'Remote Leadership', author: 'Ada Writer', date: '2025-03-09', downloads: ['pdf', 'epub'] });
    expect(config.book.chapters).toEqual(['index.qmd', 'intro.qmd', 'chapter-001.qmd', 'chapter-002.qmd', 'summary.qmd', 'references.qmd']);
    expect(config.bibliography).toBe('references.bib');
    expect(config.lang).toBe('en');
    expect(config.format.pdf).toMatchObject({ papersize: 'letter', toc: true, 'toc-depth': 2 });
    expect(['scrreprt', 'book']).toContain(config.format.pdf.documentclass);
    expect(config.format.pdf.geometry).toEqual(expect.arrayContaining(['paperwidth=6in', 'paperheight=9in']));
    // The author's trim, when the book has another.
    const pocket = parse(unzipped((await renderQuartoProject({ ...(await manuscript(2)), trim: { widthIn: 5.5, heightIn: 8.5 } }, generatedAt)).zip).read('_quarto.yml'));
    expect(pocket.format.pdf.geometry).toEqual(expect.arrayContaining(['paperwidth=5.5in', 'paperheight=8.5in']));
    expect(config.format.html).toMatchObject({ theme: 'cosmo', 'toc-depth': 2 });
    expect(config.format).toHaveProperty('epub');

    const metadata = parse(archive.read('cc-config.yml'));
    expect(metadata).toMatchObject({ title: 'Remote Leadership', author: 'Ada Writer', language: 'English', generator: 'Pressroom', 'chapter-count': 2, generated: generatedAt.toISOString() });
    expect(metadata['word-count']).toBeGreaterThan(1000);

    const readme = archive.read('README.md');
    for (const command of ['quarto render --to html', 'quarto render --to pdf', 'quarto render --to epub']) expect(readme).toContain(command);
    for (const file of expectedFiles(1).filter((name) => name !== 'README.md')) expect(readme).toContain(file);
    expect(archive.read('.gitignore').split('\n')).toEqual(expect.arrayContaining(['_book/', '.quarto/', '*_files/']));
  });

  it('lists the real sources in references.bib, cited from the chapters as [@sourceN]', async () => {
    const book = await manuscript(2);
    const archive = unzipped((await renderQuartoProject(book, generatedAt)).zip);
    const bib = archive.read('references.bib');
    const entries = [...bib.matchAll(/@misc\{(\w+),\n {2}title = \{\{(.*)\}\},\n {2}note = \{(.*)\}\n\}/g)];
    expect(entries.map((e) => e[1])).toEqual(['source1', 'source2']);
    expect(entries.map((e) => e[2])).toEqual(['notes.md', 'interviews\\_\\textbraceleft{}2024\\textbraceright{}.pdf']);
    expect(entries.map((e) => e[3])).toEqual(['notes.md', expect.stringMatching(/^interviews\\_\\textbraceleft\{\}2024\\textbraceright\{\}\.pdf/)]);
    expect(bib.split('{').length).toBe(bib.split('}').length);

    const chapter = archive.read('chapter-001.qmd');
    expect(chapter).toContain('[@source1]');
    expect(chapter).toContain('| Lead | Ada [@source2] |');
    expect(chapter).toContain('[^1]: Its footnote [@source1; @source2].');
    expect(chapter).toContain('`code [1]`');
    expect(archive.read('intro.qmd')).toContain('how they do it [@source1].');
    expect(archive.read('references.qmd')).toContain('::: {#refs}');
    expect(parse(archive.read('_quarto.yml')).nocite).toBe('@*');
  });

  it('gives every page front matter with its title, and every chapter its footer', async () => {
    const book = await manuscript(2);
    const archive = unzipped((await renderQuartoProject(book, generatedAt)).zip);
    const titles = ['index.qmd', 'intro.qmd', 'chapter-001.qmd', 'chapter-002.qmd', 'summary.qmd', 'references.qmd'].map((name) => {
      const { frontMatter, body } = splitFrontMatter(archive.read(name));
      expect(frontMatter, name).not.toBeNull();
      expect(body, name).not.toMatch(/^# /m);
      return parse(frontMatter!.replace(/^---\n|---\n$/g, '')).title;
    });
    expect(titles).toEqual([
      'Preface {.unnumbered}', 'Introduction {.unnumbered}',
      'Theme 1: well-known \\#tags, \\[brackets\\] & \\$5 // slashes', 'Theme 2: well-known \\#tags, \\[brackets\\] & \\$5 // slashes',
      'Summary {.unnumbered}', 'References {.unnumbered}',
    ]);
    for (const [i, chapter] of book.chapters.entries()) {
      const qmd = archive.read(`chapter-00${i + 1}.qmd`);
      expect(qmd).toMatch(/^## Trust$/m);
      expect(qmd.trimEnd().split('\n').slice(-3)).toEqual([
        '::: {.chapter-footer}',
        `Chapter ${i + 1} · ${countWords(chapter.content).toLocaleString('en')} words · March 9, 2025`,
        ':::',
      ]);
    }
  });

  it('still makes a valid project of an empty, odd manuscript', async () => {
    const book: Manuscript = { title: '¿¿??', author: 'Anon', language: 'Klingon', introduction: null, chapters: [], summary: '  ', references: [] };
    const { zip, fileName, check } = await renderQuartoProject(book, generatedAt);
    expect(fileName).toBe('book-quarto-project-2025-03-09.zip');
    expect(check).toMatchObject({ isValid: true, errors: [], warnings: [QuartoCheckMessages.noChapters] });

    const archive = unzipped(zip);
    expect(archive.names()).toEqual(expectedFiles(0));
    const config = parse(archive.read('_quarto.yml'));
    expect(config.book.chapters).toEqual(['index.qmd', 'intro.qmd', 'summary.qmd', 'references.qmd']);
    expect(config).not.toHaveProperty('nocite');
    expect(config.lang).toBe('en');
    const bib = archive.read('references.bib');
    expect(bib).toMatch(/^@comment\{[^{}]*\}\n$/);
    expect(bib).not.toContain('@misc');
    // What the author has not written is a note to them in the file, never text the book prints.
    expect(splitFrontMatter(archive.read('intro.qmd')).body.trim()).toMatch(/^<!-- No introduction was written[^>]*-->$/);
    expect(splitFrontMatter(archive.read('summary.qmd')).body.trim()).toMatch(/^<!-- No summary was written[^>]*-->$/);
    expect(splitFrontMatter(archive.read('references.qmd')).body.trim()).toMatch(/^<!-- No source files were supplied[^>]*-->\n\n::: \{#refs\}\n:::$/);
  });

  it('numbers chapter files in chapter order, whatever the stored numbers', async () => {
    const book: Manuscript = {
      title: 'Out of Order', author: 'Ada Writer', language: 'French', introduction: null, summary: null, references: [{ n: 3, filename: 'a.md' }],
      chapters: [{ number: 7, title: 'Last', content: 'The last chapter [3].' }, { number: 2, title: 'First', content: '# One\n\nThe first chapter [1].' }],
    };
    const files = quartoProjectFiles(book, generatedAt);
    const chapter = (path: string) => String(files.find((f) => f.path === path)?.content ?? '');
    expect(chapter('chapter-001.qmd')).toMatch(/^title: "First"$/m);
    expect(chapter('chapter-001.qmd')).toContain('## One\n\nThe first chapter [1].');
    expect(chapter('chapter-002.qmd')).toContain('The last chapter [@source3].');
    expect(chapter('chapter-002.qmd')).toContain('Chapitre 2 · 4 mots · 9 mars 2025');
    expect(parse(chapter(QUARTO_FILES.config)).lang).toBe('fr');
  });

  it('refuses to make a download that fails the structure check', async () => {
    vi.resetModules();
    vi.doMock('../../libs/domain/index.ts', async (importOriginal) => ({
      ...(await importOriginal<typeof import('../domain/index.ts')>()),
      checkProjectStructure: () => ({ isValid: false, errors: [QuartoCheckMessages.missingIndex], warnings: [], suggestions: [] }),
    }));
    try {
      const { renderQuartoProject: render } = await import('./quarto.ts');
      await expect(render(await manuscript(1), generatedAt)).rejects.toThrow(`Failed to create Quarto project download: ${QuartoCheckMessages.missingIndex}`);
    } finally {
      vi.doUnmock('../../libs/domain/index.ts');
      vi.resetModules();
    }
  });
});
