import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pngOf } from '../../testing/book-images.ts';
import { aceReport, epubCheck, pdfText, unzipped, veraPdf } from '../../testing/book-checks.ts';
import { renderEpub } from './epub.ts';
import { compileToPdf } from './fonts.ts';
import { renderInterior, type Manuscript } from './interior.ts';

const IMAGE = 'images/0b7e4c1a-6f0d-4c52-9a53-1f0c2d3e4f50.png';
const image = { contentType: 'image/png' as const, data: pngOf(40, 30), width: 40, height: 30 };

/** A chapter with every kind of block a book has: sections from ### (no ## before them), lists, a table, a quote, a footnote, a link. */
const chapter = (n: number, alt: string) => `### What the team agreed

A well-known rule, for would-be leaders: see [the handbook](https://example.com/handbook)[^${n}].

- Write it down
- Say it twice

1. First
2. Second

| Ritual | When |
|---|---|
| Stand-up | Daily |

> A quotation set apart.

![${alt}](${IMAGE})

#### A smaller part

${'Every would-be leader reads the well-known handbook, chapter by chapter, and then writes a self-review. '.repeat(40)}

[^${n}]: The handbook's second edition.`;

const book = (alt: string): Manuscript => ({
  title: 'Remote Leadership',
  author: 'Ada Writer',
  language: 'en',
  introduction: 'Why this book: a short introduction.',
  chapters: [1, 2, 3].map((n) => ({ number: n, title: `Theme ${n}`, content: chapter(n, alt) })),
  summary: 'In short: write it down.',
  references: [{ n: 1, filename: 'notes.md', title: 'Field notes', passages: ['trust is built'] }],
  images: new Map([[IMAGE, image]]),
});

describe('the interior as an accessible PDF', () => {
  it('passes veraPDF against PDF/UA-1 with no failed rule: headings nest without gaps, a described image is a figure with its alt text, a decorative one an artifact', async () => {
    const described = renderInterior(book('A bar chart: the team met weekly in March and daily in April.'));
    const decorative = renderInterior(book(''));
    expect([described.standard, decorative.standard]).toEqual(['ua-1', 'ua-1']);
    const verdicts = await veraPdf([described.pdf, decorative.pdf]);
    for (const verdict of verdicts) {
      expect(verdict.failures).toEqual([]);
      expect(verdict).toMatchObject({ compliant: true });
      expect(verdict.passedRules).toBeGreaterThan(50);
    }
    for (const pdf of [described.pdf, decorative.pdf]) {
      const file = join(mkdtempSync(join(tmpdir(), 'ua-')), 'book.pdf');
      writeFileSync(file, pdf);
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info).toMatch(/^Tagged:\s+yes$/m);
      expect(info).toMatch(/^Title:\s+Remote Leadership$/m);
    }
    // The description is the caption of a described image; a decorative one has none.
    expect(await pdfText(described.pdf)).toContain('A bar chart: the team met weekly');
    expect(await pdfText(decorative.pdf)).not.toMatch(/Figure \d/);
  }, 60_000);

  it('is written tagged, without claiming PDF/UA, when its source breaks a rule of it', () => {
    const typeset = compileToPdf('#set document(title: "T")\n#set text(lang: "en")\n= One\n\n=== Three', new Map(), { standard: 'ua-1' });
    expect(typeset.standard).toBeNull();
    expect(typeset.pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("keeps compound words whole in the text layer, wherever the lines break", async () => {
    const { pdf } = renderInterior(book('A chart.'));
    const text = await pdfText(pdf);
    // Every compound the source has, the text layer has: none read as "wouldbe" or "would be".
    const source = book('').chapters.map((c) => c.content).join('\n');
    for (const word of ['would-be', 'well-known', 'self-review']) {
      expect(text.split(word).length, word).toBe(source.split(word).length);
    }
    expect(text).not.toMatch(/would ?be\b/);
  });
});

describe('the EPUB as an accessible EPUB 3', () => {
  it('has no critical or serious finding in DAISY Ace, passes epubcheck, and declares its accessibility (EPUB Accessibility 1.1)', async () => {
    const epub = await renderEpub(book('A bar chart: the team met weekly in March and daily in April.'));
    const ace = await aceReport(epub);
    expect(ace.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);
    const archive = unzipped(epub);
    const opf = archive.read('OEBPS/content.opf');
    for (const meta of ['schema:accessMode">textual', 'schema:accessMode">visual', 'schema:accessModeSufficient">textual<', 'schema:accessibilityFeature">alternativeText', 'schema:accessibilityHazard">none', 'schema:accessibilitySummary', 'dcterms:conformsTo">EPUB Accessibility 1.1 - WCAG 2.1 Level AA']) {
      expect(opf).toContain(meta);
    }
    expect(opf).toContain('<dc:rights>© ');
    expect(opf).toMatch(/<dc:rights>© \d{4} Ada Writer\. All rights reserved\.<\/dc:rights>/);
    expect(archive.read('OEBPS/toc.xhtml')).toContain('epub:type="toc" role="doc-toc"');
    expect(archive.read('OEBPS/toc.xhtml')).toMatch(/<nav epub:type="landmarks"[^>]*><ol><li><a epub:type="toc" href="#toc">Contents<\/a><\/li><li><a epub:type="bodymatter" href="chapter-001.xhtml">/);
    expect(archive.read('OEBPS/chapter-002.xhtml')).toContain('<section epub:type="chapter" role="doc-chapter">');
    expect(archive.read('OEBPS/introduction.xhtml')).toContain('role="doc-introduction"');
    expect(archive.read('OEBPS/references.xhtml')).toContain('role="doc-bibliography"');
    expect(archive.read('OEBPS/chapter-001.xhtml')).toContain('alt="A bar chart: the team met weekly in March and daily in April."');
  }, 60_000);

  it('declares a decorative image as no visual content: text alone suffices', async () => {
    const opf = unzipped(await renderEpub(book(''))).read('OEBPS/content.opf');
    expect(opf).toContain('schema:accessModeSufficient">textual<');
    expect(opf).not.toContain('schema:accessMode">visual');
    expect(opf).not.toContain('alternativeText');
    expect(opf).toContain('dcterms:conformsTo');
    // Its alt text is empty, as HTML means decoration, never words for a screen reader to read out.
    expect(unzipped(await renderEpub(book(''))).read('OEBPS/chapter-001.xhtml')).toMatch(/<img src="[^"]+" alt="" role="presentation"\/>/);
  });

  it("marks and lists the print edition's pages where the interior set them: each marker sits where its page begins", async () => {
    // Paragraphs that name themselves (c2p07), so where each one begins in the PDF can be read back.
    const paragraphs = (c: number) => Array.from({ length: 14 }, (_, p) => `c${c}p${String(p).padStart(2, '0')} ${'Trust is built by writing things down. '.repeat(12 + ((c * 5 + p * 3) % 11))}`);
    const paged: Manuscript = {
      ...book('A bar chart.'),
      chapters: [1, 2, 3].map((n) => ({ number: n, title: `Theme ${n}`, content: [`![A bar chart.](${IMAGE})`, ...paragraphs(n).slice(0, 7), '## Rituals', ...paragraphs(n).slice(7)].join('\n\n') })),
    };
    const interior = renderInterior(paged);
    const epub = await renderEpub(paged, interior.printPages);
    const archive = unzipped(epub);
    const nav = archive.read('OEBPS/toc.xhtml');
    const listed = [...nav.matchAll(/<li><a href="([\w-]+\.xhtml)#page-(\d+)">(\d+)<\/a><\/li>/g)].map(([, file, id, label]) => ({ file: file as string, page: Number(id), label: Number(label) }));
    // Every page from the introduction's to the last one a block begins on, once, in order, each at a marker in its file.
    const first = listed[0]?.page ?? 0;
    expect(first).toBeGreaterThan(3);
    expect(listed.map((p) => p.page)).toEqual(Array.from({ length: listed.length }, (_, i) => first + i));
    expect(listed.at(-1)?.page).toBeGreaterThanOrEqual(interior.pageCount - 1);
    for (const { file, page, label } of listed) {
      expect(label).toBe(page);
      expect(archive.read(`OEBPS/${file}`)).toContain(`<span id="page-${page}" role="doc-pagebreak" aria-label="${page}" epub:type="pagebreak"/>`);
    }
    // Where a page's marker is the last before a paragraph, that paragraph begins on the page in the PDF.
    const file = join(mkdtempSync(join(tmpdir(), 'paged-')), 'book.pdf');
    writeFileSync(file, interior.pdf);
    const pageText = (page: number) => execFileSync('pdftotext', ['-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const starts = [1, 2, 3].flatMap((n) => [...archive.read(`OEBPS/chapter-00${n}.xhtml`).matchAll(/aria-label="(\d+)" epub:type="pagebreak"\/><p>(c\dp\d\d)/g)].map(([, page, name]) => [Number(page), name as string] as const));
    expect(starts.length).toBeGreaterThan(5);
    for (const [page, name] of starts) {
      expect(pageText(page), `${name} on page ${page}`).toContain(name);
      expect(pageText(page - 1), `${name} not on page ${page - 1}`).not.toContain(name);
    }
    // Stores and reading systems accept it, and it says where its pages come from.
    const ace = await aceReport(epub);
    expect(ace.violations).toEqual([]);
    expect(await epubCheck(epub)).toContain('No errors or warnings detected');
    const opf = archive.read('OEBPS/content.opf');
    expect(opf).toContain('schema:accessibilityFeature">pageBreakMarkers<');
    expect(opf).toContain('schema:accessibilityFeature">pageNavigation<');
    expect(opf).toMatch(/<dc:source id="pagination-source">[^<]+<\/dc:source>\s*<meta refines="#pagination-source" property="source-of">pagination<\/meta>/);

    // Pages typeset from another text are not this book's: the EPUB then has none.
    const edited = unzipped(await renderEpub({ ...paged, summary: 'In short: write it all down.' }, interior.printPages));
    expect(edited.read('OEBPS/toc.xhtml')).not.toContain('page-list');
    expect(edited.read('OEBPS/chapter-001.xhtml')).not.toContain('doc-pagebreak');
    expect(edited.read('OEBPS/content.opf')).not.toContain('pageBreakMarkers');
  }, 90_000);
});
