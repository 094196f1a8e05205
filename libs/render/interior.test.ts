import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { epubCheck } from '../../testing/book-checks.ts';
import { MockProvider } from '../ai/mock.ts';
import { renderInterior, type Manuscript } from './interior.ts';
import { escapeText, markdownToTypst } from './markdown-to-typst.ts';

async function manuscript(chapters: number): Promise<Manuscript> {
  const mock = new MockProvider();
  const written = [];
  for (let number = 1; number <= chapters; number++) {
    const title = `Theme ${number}: well-known #tags, [brackets] & // slashes`;
    const { text } = await mock.generate({
      kind: 'chapter', title: 'Remote Leadership', idea: 'How small companies lead distributed teams with trust and rituals', language: 'English', style: 'practical',
      chapter: { number, title, description: 'What it covers.', keyPoints: ['Trust', 'Rituals'], targetWords: 1200 }, totalChapters: chapters, memory: [],
      passages: [{ n: 1, source: 'notes.md', text: 'Trust grows when managers share context early and often.' }],
    });
    written.push({ number, title, content: `${text}\n\n- a *list* item with \`code\`\n- costs $5 = 5 dollars\n\n> A quotation.\n\n| Role | Owner |\n|---|---|\n| Lead | Ada |\n\nA claim.[^1]\n\n[^1]: Its footnote.` });
  }
  return { title: 'Remote Leadership', author: 'Ada Writer', language: 'English', introduction: 'Why this *book*.', chapters: written, summary: 'What we learned.', references: [{ n: 1, filename: 'notes.md' }] };
}

const tool = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' });

describe('markdown to Typst', () => {
  it('escapes every character that means something in Typst', () => {
    expect(escapeText('#let x = [1] // $y$ @ref <label> *b* _i_ `c` ~ - +')).toBe('\\#let x \\= \\[1\\] \\/\\/ \\$y\\$ \\@ref \\<label\\> \\*b\\* \\_i\\_ \\`c\\` \\~ \\- \\+');
  });

  it('nests headings under the chapter title without gaps, whatever levels the Markdown starts or skips at', () => {
    const levels = (markdown: string) => [...markdownToTypst(markdown).matchAll(/^(=+) (\w+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(levels('### A\n\n##### B\n\n#### C\n\n## D\n\n### E')).toEqual(['== A', '=== B', '=== C', '== D', '=== E']);
    expect(levels('# A\n\n## B\n\n### C\n\n# D')).toEqual(['== A', '=== B', '==== C', '== D']);
  });

  it('maps headings, emphasis, lists, quotes, code, tables and footnotes', () => {
    const typst = markdownToTypst('## Part\n\nSome **bold** and *em*.\n\n1. one\n2. two\n\n> quoted\n\n```js\nlet a = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nNote.[^x]\n\n[^x]: The note.');
    expect(typst).toMatch(/^== Part$/m);
    expect(typst).toContain('#strong[bold]');
    expect(typst).toContain('#emph[em]');
    expect(typst).toContain('#enum(start: 1');
    expect(typst).toContain('#quote(block: true)[quoted]');
    expect(typst).toContain('#raw(block: true, lang: "js", "let a = 1;")');
    expect(typst).toContain('#table(columns: 2');
    expect(typst).toContain('#footnote[The note.]');
  });
});

describe('the interior PDF, checked with qpdf, pdfinfo, pdffonts and pdf.js', () => {
  it('is a valid 6x9 in book with embedded fonts, the stored page count and one bookmark per chapter', async () => {
    const book = await manuscript(5);
    const { pdf, pageCount } = renderInterior(book);
    const file = join(mkdtempSync(join(tmpdir(), 'interior-')), 'book.pdf');
    writeFileSync(file, pdf);

    expect(tool('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors found');
    const info = tool('pdfinfo', [file]);
    expect(info).toMatch(/Page size:\s+432 x 648 pts/);
    expect(info).toMatch(new RegExp(`Pages:\\s+${pageCount}\\n`));
    expect(info).toMatch(/Title:\s+Remote Leadership/);
    const fonts = tool('pdffonts', [file]).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) expect(line.split(/\s+/).at(-5), line).toBe('yes');

    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const document = await pdfjs.getDocument({ data: new Uint8Array(pdf) }).promise;
    const outline = (await document.getOutline()).map((o) => o.title);
    expect(outline).toEqual(['Introduction', ...book.chapters.map((c) => `${c.number}. ${c.title}`), 'Summary', 'References']);
    // Chapters open on right-hand (odd) pages.
    const openings: { page: number; title: string }[] = [];
    for (const entry of await document.getOutline()) {
      const destination = typeof entry.dest === 'string' ? await document.getDestination(entry.dest) : entry.dest;
      const index = await document.getPageIndex(destination?.[0] as Parameters<typeof document.getPageIndex>[0]);
      expect((index + 1) % 2, entry.title).toBe(1);
      openings.push({ page: index + 1, title: entry.title });
    }
    await document.destroy();

    // Running heads: none where a part opens, the book's title on left pages, the part's title on right pages.
    const text = tool('pdftotext', ['-layout', file, '-']).split('\f');
    const lines = (page: number) => (text[page - 1] ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
    for (const [i, part] of openings.entries()) {
      expect(lines(part.page).join(' ').startsWith(part.title), `page ${part.page}`).toBe(true);
      const end = openings[i + 1]?.page ?? pageCount + 1;
      for (let page = part.page + 1; page < end; page++) {
        const [head] = lines(page);
        if (head) expect(head, `page ${page}`).toBe(page % 2 ? part.title : book.title);
      }
    }

    // The versos left blank so chapters open on the right are fully blank: no running head, no page number.
    const pages = text.slice(0, pageCount);
    const heads = new Set([book.title, 'Introduction', 'Summary', 'References', ...book.chapters.map((c) => `${c.number}. ${c.title}`)]);
    const bodyless = pages
      .map((text, i) => ({ page: i + 1, text, body: text.split('\n').map((l) => l.trim()).filter((l) => l && !heads.has(l) && l !== String(i + 1)) }))
      .filter((p) => p.body.length === 0);
    expect(bodyless.length).toBeGreaterThan(0);
    for (const { page, text } of bodyless) {
      expect(page % 2, `page ${page}`).toBe(0);
      expect(text.trim(), `page ${page}`).toBe('');
      expect(tool('pdftotext', ['-f', String(page), '-l', String(page), file, '-']).trim(), `page ${page}`).toBe('');
    }
  });
});

describe('the EPUB, checked with epubcheck', () => {
  it('is a valid EPUB 3 of the same book', async () => {
    const { renderEpub } = await import('./epub.ts');
    const book = await manuscript(3);
    expect(await epubCheck(await renderEpub(book))).toContain('No errors or warnings detected');
  }, 60_000);
});
