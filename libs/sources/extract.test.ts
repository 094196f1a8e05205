import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_SAMPLES } from '../../testing/book-languages.ts';
import { bookLanguage } from '../domain/index.ts';
import { renderInterior } from '../render/interior.ts';
import { docxWithText, pdfWithText } from '../../testing/files.ts';
import { declaringSize, docxBomb, docxOfParagraphs } from '../../testing/zip-bomb.ts';
import { citedNumbers, claimedKind, contentMatches, ExtractionError, extractText, keepValidCitations, nameProblem, passagesOf, relevantPassages, SourceMessages } from './extract.ts';

describe('source files', () => {
  it('are recognised by name', () => {
    expect(['a.md', 'b.MARKDOWN', 'c.txt', 'd.docx', 'e.PDF', 'f.exe', 'g'].map(claimedKind)).toEqual(['md', 'md', 'txt', 'docx', 'pdf', null, null]);
  });

  it('are checked by content, not only by name', async () => {
    expect(contentMatches('pdf', pdfWithText(['hello']))).toBe(true);
    expect(contentMatches('pdf', Buffer.from('just text pretending'))).toBe(false);
    expect(contentMatches('docx', await docxWithText(['hello']))).toBe(true);
    expect(contentMatches('docx', Buffer.from('%PDF-1.4'))).toBe(false);
    expect(contentMatches('txt', Buffer.from('Übersetzung und Quellen'))).toBe(true);
    expect(contentMatches('md', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]))).toBe(false);
  });

  it('give their text: PDF through pdf.js, DOCX through mammoth, Markdown and text as UTF-8', async () => {
    await expect(extractText('pdf', pdfWithText(['Trust grows when managers share context.', 'Rituals keep teams aligned.']))).resolves.toMatch(/Trust grows when managers share context\.\s+Rituals keep teams aligned\./);
    await expect(extractText('docx', await docxWithText(['First paragraph about trust.', 'Second about rituals.']))).resolves.toBe('First paragraph about trust.\n\nSecond about rituals.');
    await expect(extractText('md', Buffer.from('# Notes\r\n\r\nLes équipes à distance.'))).resolves.toBe('# Notes\n\nLes équipes à distance.');
  });

  it('refuses a DOCX that unpacks to 110 MB as too large, from the sizes it declares', async () => {
    const bomb = docxBomb(110 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(extractText('docx', bomb)).rejects.toEqual(new ExtractionError('too-large'));
  });

  it('refuses a PDF or DOCX that is not one, or lies about its sizes, as unreadable', async () => {
    await expect(extractText('docx', Buffer.from('PK\u0003\u0004 broken'))).rejects.toEqual(new ExtractionError('unreadable'));
    await expect(extractText('docx', declaringSize(docxOfParagraphs(30_000), 'word/document.xml', 1000))).rejects.toEqual(new ExtractionError('unreadable'));
    await expect(extractText('pdf', Buffer.from('%PDF-1.4 broken'))).rejects.toEqual(new ExtractionError('unreadable'));
  });

  it('tidies line ends in linear time, even after a long run of spaces', async () => {
    await expect(extractText('txt', Buffer.from(`${' '.repeat(1_000_000)}x \t\nnext line\n\n\n\nlast`))).resolves.toBe('x\nnext line\n\nlast');
  });

  it('have names of at most 255 characters, without control characters', () => {
    expect(nameProblem(`${'é'.repeat(250)}.docx`)).toBeNull();
    expect(nameProblem(`${'a'.repeat(296)}.docx`)).toBe(SourceMessages.nameTooLong);
    expect(nameProblem('notes\u0000.md')).toBe(SourceMessages.nameInvalid);
  });
});

describe('grounding', () => {
  const sources = [
    { n: 1, filename: 'trust.md', text: 'Trust grows when managers share context early. '.repeat(30) },
    { n: 2, filename: 'rituals.md', text: 'Weekly rituals give distributed teams a shared rhythm. '.repeat(30) },
  ];

  it('cuts sources into numbered passages and picks those that matter to a chapter', () => {
    const passages = passagesOf(sources);
    expect(passages.length).toBeGreaterThanOrEqual(4);
    expect(new Set(passages.map((p) => p.n))).toEqual(new Set([1, 2]));
    const picked = relevantPassages(passages, 'Rituals for distributed teams');
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.every((p) => p.n === 2)).toBe(true);
    expect(relevantPassages(passages, 'Quantum chemistry')).toEqual([]);
  });

  it('removes citations that point at no source it was given', () => {
    const text = 'Trust matters [1]. Rituals help [2]. Invented claim [7].';
    expect(keepValidCitations(text, new Set([1, 2]))).toBe('Trust matters [1]. Rituals help [2]. Invented claim.');
    expect(citedNumbers('A [1] and [3] and [1].')).toEqual(new Set([1, 3]));
  });
});

describe('sources in any language', () => {
  const samples = LANGUAGE_SAMPLES.filter((s) => ['ja', 'zh-Hans', 'ko', 'ar', 'he', 'fa', 'ru', 'hi', 'th'].includes(s.tag));
  const flat = (text: string) => text.replace(/\s+/g, ' ');

  it('read from DOCX in their own script and order', async () => {
    for (const s of samples) {
      const text = await extractText('docx', await docxWithText([s.title, s.paragraph]));
      expect(flat(text), s.tag).toContain(s.paragraph);
    }
  });

  it('read from PDF in reading order, right-to-left scripts logically, CJK as the letters shown', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sources-'));
    // A PDF as a browser or word processor writes one (Arabic in presentation forms, CJK in glyphs shared with the
    // radicals), every paragraph in its language and direction. Chromium here has no Devanagari or Thai font: those
    // paragraphs come from Pressroom's own typesetting.
    const printed = samples.filter((s) => !['Deva', 'Thai'].includes(bookLanguage(s.tag).script));
    const html = join(dir, 'sources.html');
    writeFileSync(html, `<meta charset="utf-8">${printed.map((s) => `<p lang="${s.tag}" dir="${bookLanguage(s.tag).dir}">${s.paragraph}</p>`).join('')}`);
    execFileSync(process.env.CHROMIUM_PATH || 'chromium-headless-shell', ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--no-pdf-header-footer', `--print-to-pdf=${join(dir, 'sources.pdf')}`, html], { stdio: 'ignore', timeout: 60_000 });
    const browserText = flat(await extractText('pdf', readFileSync(join(dir, 'sources.pdf'))));
    for (const s of printed) expect(browserText, s.tag).toContain(s.probe);
    for (const s of samples.filter((s) => !printed.includes(s))) {
      const { pdf } = renderInterior({ title: s.title, author: s.author, language: s.tag, chapters: [{ number: 1, title: s.chapterTitle, content: s.paragraph }], references: [] });
      expect(flat(await extractText('pdf', pdf)), s.tag).toContain(s.probe);
    }
  }, 120_000);

  it('are cut into sentences and matched to chapters in scripts written without spaces', () => {
    const japanese = LANGUAGE_SAMPLES.find((s) => s.tag === 'ja') as (typeof LANGUAGE_SAMPLES)[number];
    const passages = passagesOf([{ n: 1, filename: 'notes.md', text: `${japanese.paragraph}${japanese.quote}`.repeat(20) }], 40);
    expect(passages.length).toBeGreaterThan(3);
    expect(passages.every((p) => p.text.length < 400)).toBe(true);
    expect(relevantPassages(passages, '短い対話と信頼').length).toBeGreaterThan(0);
    expect(relevantPassages(passages, '量子化学の基礎')).toEqual([]);
  });
});
