import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ChapterView, ProjectView, TocEntry } from '../api/projects.ts';
import { EXPORT_MESSAGES, chapterQmd, escapeHtml, htmlExport, markdownToHtml, quartoConfig, tocMarkdown } from './exports.ts';

const entry = (n: number, title: string, extra: Partial<TocEntry> = {}): TocEntry => ({
  chapter_number: n,
  title,
  chapter_title: title,
  description: `What chapter ${n} covers.`,
  chapter_description: `What chapter ${n} covers.`,
  key_points: [`First idea of ${n}`, `Second idea of ${n}`],
  chapter_ideas: [`First idea of ${n}`, `Second idea of ${n}`],
  estimated_pages: '10-12',
  target_words: 3000,
  ...extra,
});

const chapter = (n: number, title: string, content: string): ChapterView => ({
  chapter_number: n,
  chapter_title: title,
  content,
  word_count: 0,
  estimated_pages: 1,
  status: 'generated',
  generated_at: '2025-01-01T00:00:00Z',
});

function project(overrides: Partial<ProjectView> = {}): ProjectView {
  return {
    project_id: 'p1',
    name: 'garden-notes',
    title: 'Garden Notes',
    author: 'Ada Gardener',
    topic: 'Gardening',
    writing_style: 'practical',
    language: 'en',
    language_name: 'English',
    generation_mode: null,
    content_depth: null,
    total_target_words: 10000,
    ai_model: 'mock',
    stage: 'chapters',
    failed_stage: null,
    error: null,
    // Out of order on purpose: the exports put chapters in order.
    outline: { chapters: [entry(2, 'Planting'), entry(1, 'Soil'), entry(3, 'Harvest')] },
    introduction: 'Why gardens *matter*.',
    chapters: [chapter(2, 'Planting', '## Seeds\n\nSow in spring.'), chapter(1, 'Soil', '## Loam\n\nRich soil, **dark** and crumbly.')],
    summary: 'Grow what you eat.',
    source_materials: null,
    references: [],
    finalized: false,
    pdf_path: null,
    cover_path: null,
    page_count: null,
    trim_size: '6x9',
    paper: 'white',
    own_cover: null,
    cover_size: null,
    files_outdated: false,
    ai_provider_calls: 0,
    total_cost: 0,
    created_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

describe('tocMarkdown', () => {
  it('gives the title, author and each chapter in order with description, ideas and pages', () => {
    const file = tocMarkdown(project());
    expect(file.name).toBe('garden-notes-toc.md');
    expect(file.type).toMatch(/^text\/markdown/);
    expect(file.content.startsWith('# Garden Notes\n\n*by Ada Gardener*\n')).toBe(true);
    expect(file.content).toContain('## 1. Soil\n\nWhat chapter 1 covers.\n\n- First idea of 1\n- Second idea of 1\n\n*Estimated pages: 10-12*');
    const order = ['## 1. Soil', '## 2. Planting', '## 3. Harvest'].map((h) => file.content.indexOf(h));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('names the file from a slug of the title', () => {
    expect(tocMarkdown(project({ title: 'Café Society: Part 2!' })).name).toBe('cafe-society-part-2-toc.md');
    expect(tocMarkdown(project({ title: '!!!' })).name).toBe('book-toc.md');
  });

  it('leaves out empty descriptions and ideas', () => {
    const file = tocMarkdown(project({ outline: { chapters: [entry(1, 'Soil', { chapter_description: '', chapter_ideas: ['', '  '], estimated_pages: '' })] } }));
    expect(file.content).toBe('# Garden Notes\n\n*by Ada Gardener*\n\n## Table of Contents\n\n## 1. Soil\n');
  });

  it('alerts when there is no table of contents', () => {
    expect(() => tocMarkdown(project({ outline: null }))).toThrow(new Error('No table of contents to download. Please generate TOC first.'));
    expect(() => tocMarkdown(project({ outline: { chapters: [] } }))).toThrow(EXPORT_MESSAGES.noToc);
  });
});

describe('quartoConfig', () => {
  it('is valid YAML for a book project, chapters in order after index.qmd', () => {
    const file = quartoConfig(project());
    expect(file.name).toBe('_quarto.yml');
    expect(file.type).toMatch(/^text\/yaml/);
    expect(parse(file.content)).toEqual({
      project: { type: 'book' },
      lang: 'en',
      book: { title: 'Garden Notes', author: 'Ada Gardener', chapters: ['index.qmd', 'chapter-001.qmd', 'chapter-002.qmd', 'chapter-003.qmd'] },
      format: {
        html: { theme: 'cosmo', 'toc-depth': 2 },
        pdf: { papersize: 'letter', geometry: ['paperwidth=6in', 'paperheight=9in'] },
        epub: { toc: true },
      },
    });
  });

  it('double-quotes its strings, so titles with YAML specials stay strings', () => {
    const file = quartoConfig(project({ title: 'Yes: No # maybe', author: 'null' }));
    expect(file.content).toContain('title: "Yes: No \\\\# maybe"');
    const config = parse(file.content) as { book: { title: string; author: string } };
    expect(config.book.title).toBe('Yes: No \\# maybe');
    expect(config.book.author).toBe('null');
  });

  it('escapes Markdown and HTML in the title (Quarto reads it as Markdown)', () => {
    const config = parse(quartoConfig(project({ title: '<script>alert(1)</script> & *more*' })).content) as { book: { title: string } };
    expect(config.book.title).toBe('\\<script\\>alert(1)\\</script\\> & \\*more\\*');
  });

  it('alerts when there is no table of contents', () => {
    expect(() => quartoConfig(project({ outline: null }))).toThrow(EXPORT_MESSAGES.noToc);
  });
});

describe('chapterQmd', () => {
  it('gives front matter with the title, the Markdown and a footer with words and reading time', () => {
    const file = chapterQmd(project(), 1);
    expect(file.name).toBe('chapter-001.qmd');
    expect(file.type).toMatch(/^text\/markdown/);
    expect(file.content).toBe('---\ntitle: "Soil"\n---\n\n## Loam\n\nRich soil, **dark** and crumbly.\n\n* * *\n\n*Chapter 1 · 6 words · about 1 minute to read*\n');
    const front = /^---\n([\s\S]*?)\n---\n/.exec(file.content);
    expect(parse(front?.[1] ?? '')).toEqual({ title: 'Soil' });
  });

  it('reads at 250 words a minute', () => {
    const content = Array.from({ length: 1000 }, (_, i) => `word${i}`).join(' ');
    const file = chapterQmd(project({ chapters: [chapter(12, 'Long', content)] }), 12);
    expect(file.name).toBe('chapter-012.qmd');
    expect(file.content).toContain('Chapter 12 · 1,000 words · about 4 minutes to read');
  });

  it('alerts for a chapter not generated yet (or generated empty)', () => {
    expect(() => chapterQmd(project(), 3)).toThrow(new Error('Chapter 3 has not been generated yet. Please generate it first.'));
    expect(() => chapterQmd(project({ chapters: [chapter(1, 'Soil', '  \n')] }), 1)).toThrow(EXPORT_MESSAGES.chapterMissing(1));
  });
});

describe('the Markdown downloads', () => {
  it('name no image, raw HTML or link other than web or mail, in the table of contents or a chapter', () => {
    const idea = '![p](file:///etc/hostname) ![q](http://127.0.0.1:3000/api/health) <img src="http://127.0.0.1:3000/x"> [r](file:///etc/passwd)';
    const toc = tocMarkdown(project({ outline: { chapters: [entry(1, 'Soil', { chapter_ideas: [idea] })] } })).content;
    const qmd = chapterQmd(project({ chapters: [chapter(1, 'Soil', `${idea}\n\n\`\`\`{=html}\n<img src="file:///etc/hostname">\n\`\`\``)] }), 1).content;
    for (const text of [toc, qmd.split('```')[0] ?? '']) {
      expect(text).not.toMatch(/!\[|<img|\]\(file:|\]\(http:\/\/127/);
      expect(text).toContain('p q  r');
    }
    // A raw HTML block ({=html}) for Quarto becomes a code block that shows the HTML.
    expect(qmd).toContain('```html\n<img src="file:///etc/hostname">\n```');
  });
});

describe('htmlExport', () => {
  it('is a complete HTML5 document with header, contents and every section in order', () => {
    const file = htmlExport(project());
    expect(file.name).toBe('garden-notes.html');
    expect(file.type).toMatch(/^text\/html/);
    const html = file.content;
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en" dir="ltr">')).toBe(true);
    expect(htmlExport(project({ language: 'ar' })).content.startsWith('<!DOCTYPE html>\n<html lang="ar" dir="rtl">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Garden Notes</title>');
    expect(html).toMatch(/<style>[\s\S]*max-width[\s\S]*<\/style>/);
    expect(html).toContain('<h1>Garden Notes</h1>');
    expect(html).toContain('by Ada Gardener');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    for (const id of ['introduction', 'chapter-1', 'chapter-2', 'summary']) {
      expect(html).toContain(`<a href="#${id}">`);
      expect(html).toContain(`<section id="${id}">`);
    }
    const order = ['id="introduction"', 'id="chapter-1"', 'id="chapter-2"', 'id="summary"'].map((s) => html.indexOf(s));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain('<h2>Chapter 1: Soil</h2>');
    // The chapter's Markdown as HTML, its headings one level under the chapter's.
    expect(html).toContain('<h3>Loam</h3>');
    expect(html).toContain('<strong>dark</strong>');
    expect(html).toContain('<em>matter</em>');
  });

  it('leaves out a missing introduction and summary', () => {
    const html = htmlExport(project({ introduction: null, summary: '' })).content;
    expect(html).not.toContain('introduction');
    expect(html).not.toContain('id="summary"');
    expect(html).toContain('id="chapter-1"');
  });

  it('escapes titles and drops raw HTML from the text, so no script can run', () => {
    const html = htmlExport(
      project({
        title: 'Salt & <script>alert("t")</script>',
        author: 'A & B',
        chapters: [chapter(1, 'Fish & <b>Chips</b>', 'Bread & butter.\n\n<script>alert("x")</script>\n\nInline <img src=x onerror="alert(1)"> html.')],
        introduction: '<iframe src="https://example.com"></iframe>',
      }),
    ).content;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('onerror');
    expect(html).toContain('<title>Salt &amp; &lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;</title>');
    expect(html).toContain('<h1>Salt &amp; &lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;</h1>');
    expect(html).toContain('by A &amp; B');
    expect(html).toContain('<h2>Chapter 1: Fish &amp; &lt;b&gt;Chips&lt;/b&gt;</h2>');
    expect(html).toContain('<p>Bread &#x26; butter.</p>');
  });

  it("puts a section's top headings at <h3>, under its <h2>, keeping their distances", () => {
    expect(markdownToHtml('# A\n\n## B\n\n#### C')).toBe('<h3>A</h3>\n<h4>B</h4>\n<h6>C</h6>');
    expect(markdownToHtml('## A\n\n### B')).toBe('<h3>A</h3>\n<h4>B</h4>');
    expect(markdownToHtml('#### A\n\n###### B')).toBe('<h3>A</h3>\n<h5>B</h5>');
    expect(markdownToHtml('# A\n\n###### B')).toBe('<h3>A</h3>\n<h6>B</h6>');
  });

  it('keeps web and mail links, and turns every other link into its text', () => {
    const html = markdownToHtml('[a](javascript:alert(1)) [b](JavaScript&#58;alert(1)) [c](https://example.com) [d](mailto:x@example.com) [e](#top) [f](notes/page.html)');
    expect(html).not.toMatch(/javascript/i);
    expect(html).toBe('<p>a b <a href="https://example.com">c</a> <a href="mailto:x@example.com">d</a> e f</p>');
  });

  it('names no external resource: images become their alt text, embeds go, only web and mail links stay', () => {
    const hostile = [
      'See ![altfile](file:///tmp/secret.txt), ![altloop](http://127.0.0.1:9/secret) and ![altdata](data:image/png;base64,iVBORw0KGgo=).',
      '',
      '<img src="http://127.0.0.1:9/raw">',
      '',
      '<link rel="stylesheet" href="http://127.0.0.1:9/style.css">',
      '',
      '<iframe src="file:///tmp/secret.txt"></iframe>',
      '',
      'A [file](file:///tmp/secret.txt) link and a [web](https://example.com/) one.',
    ].join('\n');
    const html = htmlExport(project({ introduction: hostile, chapters: [chapter(1, 'Soil', hostile)] })).content;
    expect(html).not.toMatch(/127\.0\.0\.1|file:|data:image|secret/);
    expect(html).not.toMatch(/<(img|link|iframe|object|embed|script)\b/i);
    expect(html).toContain('<p>See altfile, altloop and altdata.</p>');
    expect(html).toContain('<p>A file link and a <a href="https://example.com/">web</a> one.</p>');
  });

  it('keeps footnote ids apart between sections', () => {
    const html = htmlExport(project({ chapters: [chapter(1, 'A', 'One[^1].\n\n[^1]: Note A.'), chapter(2, 'B', 'Two[^1].\n\n[^1]: Note B.')] })).content;
    expect(html).toContain('id="chapter-1-fn-1"');
    expect(html).toContain('id="chapter-2-fn-1"');
    expect(html).toContain('id="chapter-1-footnote-label"');
    expect(html).toContain('aria-describedby="chapter-2-footnote-label"');
    expect(html).not.toContain('"footnote-label"');
  });

  it('alerts when no chapter has content', () => {
    expect(() => htmlExport(project({ chapters: [] }))).toThrow(new Error('No content to download. Please generate chapters first.'));
    expect(() => htmlExport(project({ chapters: [chapter(1, 'Soil', ' ')] }))).toThrow(EXPORT_MESSAGES.noContent);
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
  });
});
