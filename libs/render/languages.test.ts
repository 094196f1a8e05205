import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_SAMPLES, sampleManuscript } from '../../testing/book-languages.ts';
import { bookLanguage, SCRIPT_FONTS, type BookScript } from '../domain/index.ts';
import { renderCover } from './cover.ts';
import { UnprintableTextError } from './fonts.ts';
import { renderInterior } from './interior.ts';
import { flowText } from './markdown-to-typst.ts';

const dir = mkdtempSync(join(tmpdir(), 'languages-'));
const tool = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
const save = (name: string, data: Buffer) => {
  const file = join(dir, name);
  writeFileSync(file, data);
  return file;
};

/** The PostScript name pdffonts shows for each script's book face (subset prefix dropped). */
const FACE: Record<BookScript, RegExp> = {
  Latn: /LibertinusSerif/, Grek: /LibertinusSerif/, Cyrl: /LibertinusSerif/,
  Jpan: /NotoSerifCJKjp/, Hans: /NotoSerifCJKsc/, Hant: /NotoSerifCJKtc/, Kore: /NotoSerifCJKkr/,
  Arab: /Amiri/, Hebr: /NotoSerifHebrew/, Deva: /NotoSerifDevanagari/, Beng: /NotoSerifBengali/, Thai: /Sarabun/,
};
/** Every font a book may embed: the project's own. A host's font (DejaVu Sans…) would mean ours lacked a glyph. */
const OURS = /^[A-Z]{6}\+(LibertinusSerif|NotoSerif|NotoSans|Amiri|Sarabun|Inter|PlayfairDisplay)/;

function embeddedFonts(file: string): string[] {
  const lines = tool('pdffonts', [file]).split('\n').slice(2).filter(Boolean);
  for (const line of lines) expect(line.split(/\s+/).at(-5), line).toBe('yes');
  return lines.map((line) => line.split(/\s+/)[0] as string);
}

/** Text as pdftotext reads it, without direction marks and line breaks (and no spaces between CJK characters). */
const readable = (text: string) =>
  text.replace(/[\u200e\u200f\u202a-\u202e]/g, '').replace(/\s+/g, ' ').replace(/(?<=[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}、。]) (?=[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}、。])/gu, '');

interface Word { text: string; xMin: number; xMax: number; yMin: number; yMax: number }
function words(file: string, page: number): Word[] {
  const html = tool('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-']);
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: m[5] as string,
  })).filter((w) => w.xMax - w.xMin > 0.5); // combining marks poppler reports alone, with no width
}

/** Words in lines, top to bottom: a word whose middle is within 4 pt of the line's first word's is on that line. */
function lines(found: Word[]): Word[][] {
  const middle = (w: Word) => (w.yMin + w.yMax) / 2;
  const rows: Word[][] = [];
  for (const word of [...found].sort((a, b) => middle(a) - middle(b))) {
    const row = rows.at(-1);
    if (row && Math.abs(middle(row[0] as Word) - middle(word)) < 4) row.push(word);
    else rows.push([word]);
  }
  return rows;
}

describe('books in fifteen languages, typeset as a native publisher would', () => {
  for (const sample of LANGUAGE_SAMPLES) {
    const language = bookLanguage(sample.tag);
    it(`${sample.tag}: the PDF in its own fonts, language and direction, with its labels and text intact`, async () => {
      const book = sampleManuscript(sample);
      const { pdf } = renderInterior(book);
      const file = save(`${sample.tag}.pdf`, pdf);

      // No missing glyphs: the script's own face is embedded, and no font outside the project's filled in.
      const fonts = embeddedFonts(file);
      expect(fonts.some((f) => FACE[language.script].test(f)), fonts.join(' ')).toBe(true);
      for (const font of fonts) expect(font, sample.tag).toMatch(OURS);

      // The language is the document's.
      const lang = language.typst.region ? `${language.typst.lang}-${language.typst.region}` : language.typst.lang;
      expect(tool('qpdf', ['--qdf', '--object-streams=disable', file, '-'])).toContain(`/Lang (${lang})`);

      // The outline names the book's parts in its language.
      const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
      const document = await pdfjs.getDocument({ data: new Uint8Array(pdf) }).promise;
      const outline = (await document.getOutline()).map((o) => o.title);
      await document.destroy();
      expect(outline).toEqual([language.labels.introduction, `1. ${sample.chapterTitle}`, `2. ${sample.heading}`, language.labels.summary]);

      // The text reads back, in reading order.
      const text = readable(tool('pdftotext', [...(language.dir === 'ltr' ? ['-raw'] : []), file, '-']));
      expect(text).toContain(readable(sample.probe));

      // Short lines (the heading, a paragraph's last line) start at the text's start: the right margin in a
      // right-to-left book, the left otherwise. The justified lines between them mark both margins.
      const introduction = 5;
      const body = words(file, introduction).filter((w) => w.yMin > 100 && w.yMin < 560);
      const rows = lines(body);
      const [left, right] = [Math.min(...body.map((w) => w.xMin)), Math.max(...body.map((w) => w.xMax))];
      expect(rows.length, sample.tag).toBeGreaterThan(2);
      for (const row of [rows[0], rows.at(-1)] as Word[][]) {
        const [rowLeft, rowRight] = [Math.min(...row.map((w) => w.xMin)), Math.max(...row.map((w) => w.xMax))];
        if (rowRight - rowLeft > (right - left) * 0.85) continue; // a last line that happens to be nearly full
        if (language.dir === 'rtl') expect(rowRight, sample.tag).toBeGreaterThan(right - 2);
        else expect(rowLeft, sample.tag).toBeLessThan(left + 2);
      }
      const heading = rows[0] as Word[];
      if (language.dir === 'rtl') expect(Math.min(...heading.map((w) => w.xMin)), sample.tag).toBeGreaterThan(left + 30);
      else expect(Math.max(...heading.map((w) => w.xMax)), sample.tag).toBeLessThan(right - 30);
    });

    it(`${sample.tag}: the cover in the script's fonts, its front on the side the book opens`, async () => {
      const { pdf } = await renderCover({
        title: sample.title, author: sample.author, tagline: sample.quote, blurb: sample.paragraph, pageCount: 200,
        template: 'amazon_kdp', includeSpineTitle: true, designStyle: 'classic', colorScheme: 'warm', language: sample.tag,
      });
      const file = save(`${sample.tag}-cover.pdf`, pdf);
      const fonts = embeddedFonts(file);
      const own = SCRIPT_FONTS[language.script].display.replace(/\s+/g, '').toLowerCase();
      expect(fonts.some((f) => f.toLowerCase().includes(own)), fonts.join(' ')).toBe(true);
      for (const font of fonts) expect(font, sample.tag).toMatch(OURS);
      // The title is the tallest type on the wrap: on the front, the right panel, or the left one right to left.
      const middle = Number(/Page size:\s+([\d.]+)/.exec(tool('pdfinfo', [file]))?.[1]) / 2;
      const all = words(file, 1).filter((w) => Math.abs((w.xMin + w.xMax) / 2 - middle) > 36); // not on the spine
      const tallest = Math.max(...all.map((w) => w.yMax - w.yMin));
      const title = all.filter((w) => w.yMax - w.yMin > tallest * 0.9);
      for (const w of title) expect(language.dir === 'rtl' ? w.xMax < middle : w.xMin > middle, `${sample.tag} ${w.text}`).toBe(true);
    });
  }

  it('capitals follow the language: a Turkish cover sets İ, not I', async () => {
    const { pdf } = await renderCover({
      title: 'Kalite', author: 'Ayşe Yılmaz', pageCount: 120, template: 'amazon_kdp', includeSpineTitle: false, designStyle: 'bold', colorScheme: 'warm', language: 'tr',
    });
    const text = tool('pdftotext', [save('tr-caps.pdf', pdf), '-']);
    expect(text).toContain('KALİTE');
    expect(text).not.toContain('KALITE');
  });

  it('a character no font covers fails the build by name, never prints a box', () => {
    const book = { ...sampleManuscript(LANGUAGE_SAMPLES[0]!), chapters: [{ number: 1, title: 'Signs', content: 'The sign 𓀀 is older than writing.' }] };
    expect(() => renderInterior(book)).toThrow(UnprintableTextError);
    expect(() => renderInterior(book)).toThrow(/"𓀀" \(U\+13000\) in chapter 1/);
  });

  it('joins CJK lines without a space and keeps non-breaking spaces', () => {
    expect(flowText('日本語の\nテキスト')).toBe('日本語のテキスト');
    expect(flowText('in the\nend')).toBe('in the end');
    expect(flowText('100\u00a0km and 5\u202f%')).toBe('100~km and 5\\u{202f}%');
  });
});
