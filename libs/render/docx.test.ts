import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MockProvider } from '../ai/mock.ts';
import { renderDocx } from './docx.ts';
import type { Manuscript } from './interior.ts';

const extras = [
  '# Tools & rituals < habits',
  'Some **bold**, *italic*, ~~struck~~ and `inline code`, with [a link](https://example.com/a?b=1&c=2) and a < b & c.',
  '## Checklist',
  '- a *list* item\n- another\n  - nested deeper\n\n1. first\n2. second',
  '> A quotation, in italics.',
  '```ts\nconst a = 1;\n  indented();\n```',
  '| Role | Owner |\n|---|---:|\n| Lead | Ada |',
  'A claim.[^1]',
  '---',
  '[^1]: Its footnote, with & in it.',
].join('\n\n');

async function manuscript(chapters: number): Promise<Manuscript> {
  const mock = new MockProvider();
  const written = [];
  for (let number = 1; number <= chapters; number++) {
    const title = `Theme ${number}: well-known #tags, [brackets] & <angles>`;
    const { text } = await mock.generate({
      kind: 'chapter', title: 'Remote Leadership', idea: 'How small companies lead distributed teams with trust and rituals', language: 'English', style: 'practical',
      chapter: { number, title, description: 'What it covers.', keyPoints: ['Trust', 'Rituals'], targetWords: 400 }, totalChapters: chapters, memory: [],
      passages: [{ n: 1, source: 'notes.md', text: 'Trust grows when managers share context early and often.' }],
    });
    written.push({ number, title, content: `${text}\n\n${extras}` });
  }
  return { title: 'Remote Leadership', author: 'Ada Writer', language: 'French', introduction: 'Why this *book*.', chapters: written, summary: 'What we learned.', references: [{ n: 1, filename: 'notes & <drafts>.md' }] };
}

/** The DOCX's parts, read with Info-ZIP's unzip. */
async function parts(book: Manuscript) {
  const file = join(mkdtempSync(join(tmpdir(), 'docx-')), 'book.docx');
  writeFileSync(file, await renderDocx(book));
  return (name: string) => execFileSync('unzip', ['-p', file, name], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** The body's paragraphs (outside the contents field): style, whether they have numbering, and their text. */
function paragraphs(documentXml: string) {
  const body = documentXml.replace(/<w:sdt>[\s\S]*?<\/w:sdt>/g, '');
  return [...body.matchAll(/<w:p(?: [^>]*)?>([\s\S]*?)<\/w:p>/g)].map(([, xml = '']) => ({
    style: /<w:pStyle w:val="([^"]+)"\/>/.exec(xml)?.[1] ?? 'Normal',
    numbered: xml.includes('<w:numPr>'),
    pageBreakBefore: xml.includes('<w:pageBreakBefore/>'),
    text: [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''),
    xml,
  }));
}

describe('the DOCX, read back with unzip', () => {
  it('has a title page, a contents field and one Heading 1 per part, in order, each on a new page', async () => {
    const book = await manuscript(3);
    const read = await parts(book);
    const document = read('word/document.xml');
    const body = paragraphs(document);

    expect(body[0]).toMatchObject({ style: 'Title', text: 'Remote Leadership' });
    expect(body[1]).toMatchObject({ text: 'Ada Writer' });
    expect(document).toContain('TOC \\h \\o &quot;1-1&quot;');

    const headings = body.filter((p) => p.style === 'Heading1');
    // The book is in French: its fixed headings are too.
    expect(body[2]).toMatchObject({ style: 'Copyright', text: `© ${new Date().getFullYear()} Ada Writer. Tous droits réservés.` });
    expect(body[3]).toMatchObject({ style: 'ContentsHeading', text: 'Table des matières' });
    expect(headings.map((p) => p.text)).toEqual([
      'Introduction',
      ...book.chapters.map((c) => `${c.number}. ${c.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}`),
      'Résumé',
      'Références',
    ]);
    for (const heading of headings) expect(heading.pageBreakBefore, heading.text).toBe(true);
    // The chapters' own # and ## headings are one level down: Heading 2 and Heading 3.
    expect(body.filter((p) => p.style === 'Heading2').map((p) => p.text)).toEqual(Array(3).fill('Tools &amp; rituals &lt; habits'));
    expect(body.filter((p) => p.style === 'Heading3').map((p) => p.text)).toEqual(Array(3).fill(['Trust', 'Rituals', 'Checklist']).flat());
    expect(body.at(-1)).toMatchObject({ style: 'Reference', text: '[1] notes &amp; &lt;drafts&gt;.md' });
  });

  it('converts the chapter Markdown: emphasis, links, lists, quotes, code, tables, footnotes and breaks', async () => {
    const read = await parts(await manuscript(1));
    const document = read('word/document.xml');
    const body = paragraphs(document);

    const styled = body.find((p) => p.text.startsWith('Some bold'));
    expect(styled?.text).toBe('Some bold, italic, struck and inline code, with a link and a &lt; b &amp; c.');
    expect(styled?.xml).toMatch(/<w:b\/>[\s\S]*?<w:t xml:space="preserve">bold</);
    expect(styled?.xml).toMatch(/<w:i\/>[\s\S]*?<w:t xml:space="preserve">italic</);
    expect(styled?.xml).toMatch(/<w:strike\/>[\s\S]*?<w:t xml:space="preserve">struck</);
    expect(styled?.xml).toMatch(/w:ascii="Courier New"[\s\S]*?<w:t xml:space="preserve">inline code</);
    const link = /<w:hyperlink [^>]*r:id="([^"]+)"[^>]*>[\s\S]*?a link/.exec(styled?.xml ?? '');
    expect(link).not.toBeNull();
    expect(read('word/_rels/document.xml.rels')).toMatch(new RegExp(`Id="${link?.[1]}"[^>]*Target="https://example.com/a\\?b=1&amp;c=2"|Target="https://example.com/a\\?b=1&amp;c=2"[^>]*Id="${link?.[1]}"`));

    // Lists: bullets with a nested level, then a numbered list, all with numbering properties.
    const items = body.filter((p) => p.numbered);
    expect(items.map((p) => p.text)).toEqual(['a list item', 'another', 'nested deeper', 'first', 'second']);
    expect(items.map((p) => /<w:ilvl w:val="(\d)"\/>/.exec(p.xml)?.[1])).toEqual(['0', '0', '1', '0', '0']);
    const numbering = read('word/numbering.xml');
    expect(numbering).toContain('<w:numFmt w:val="bullet"/>');
    expect(numbering).toContain('<w:numFmt w:val="decimal"/>');

    expect(body.find((p) => p.style === 'BlockQuote')?.text).toBe('A quotation, in italics.');
    expect(read('word/styles.xml')).toMatch(/w:styleId="BlockQuote">[\s\S]*?<w:ind w:left="\d+" w:right="\d+"\/>[\s\S]*?<w:i\/>/);
    const code = body.find((p) => p.style === 'SourceCode');
    expect(code?.text).toBe('const a = 1;  indented();');
    expect(code?.xml).toContain('<w:br/>');

    const table = /<w:tbl>([\s\S]*?)<\/w:tbl>/.exec(document)?.[1] ?? '';
    expect(table).toContain('<w:tblHeader/>');
    expect([...table.matchAll(/<w:tr>/g)]).toHaveLength(2);
    expect(paragraphs(table).map((p) => p.text)).toEqual(['Role', 'Owner', 'Lead', 'Ada']);
    expect(paragraphs(table)[3]?.xml).toContain('<w:jc w:val="right"/>');

    expect(body.find((p) => p.text.startsWith('A claim.'))?.xml).toContain('<w:footnoteReference w:id="1"/>');
    expect(read('word/footnotes.xml')).toContain('Its footnote, with &amp; in it.');
    expect(body.find((p) => p.style === 'SceneBreak')).toBeDefined();
  });

  it('sets 6 x 9 in pages, a serif font, the language and the document properties', async () => {
    const read = await parts(await manuscript(1));
    expect(read('word/document.xml')).toMatch(/<w:pgSz w:w="8640" w:h="12960"/);
    const styles = read('word/styles.xml');
    expect(styles).toMatch(/<w:rPrDefault><w:rPr><w:rFonts w:ascii="Georgia"/);
    expect(styles).toContain('<w:lang w:val="fr"/>');
    const core = read('docProps/core.xml');
    expect(core).toContain('<dc:title>Remote Leadership</dc:title>');
    expect(core).toContain('<dc:creator>Ada Writer</dc:creator>');
  });

  it('renders a book with no introduction, summary or references', async () => {
    const read = await parts({ title: 'Short & <Odd>', author: 'Anon', language: 'Klingon', introduction: null, summary: null, references: [], chapters: [{ number: 1, title: 'Only', content: '' }] });
    expect(paragraphs(read('word/document.xml')).filter((p) => p.style === 'Heading1').map((p) => p.text)).toEqual(['1. Only']);
    expect(read('docProps/core.xml')).toContain('<dc:title>Short &amp; &lt;Odd&gt;</dc:title>');
    expect(read('word/styles.xml')).toContain('<w:lang w:val="en"/>');
  });
});
