import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDocx } from './docx.ts';
import { EPUB_REFUSES_DOWNLOADS, markdownToHtml, renderEpub, writeEpub } from './epub.ts';
import { interiorSource, type Manuscript } from './interior.ts';
import { quartoProjectFiles } from './quarto.ts';
import { forgetParsedMarkdown } from './safe-markdown.ts';

// Text that names resources a renderer might fetch or read: a file holding a secret, a loopback server that counts
// its requests, a data: image, and raw HTML. The secret has no character that Typst or Markdown would escape.
const secret = `secret${randomUUID().replace(/-/g, '')}`;
const dir = mkdtempSync(join(tmpdir(), 'safe-markdown-'));
const secretFile = join(dir, 'secret.txt');
writeFileSync(secretFile, secret);
let hits = 0;
const server = createServer((_request, response) => {
  hits++;
  response.setHeader('content-type', 'image/png');
  response.end(secret);
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const hostile = () =>
  [
    `Before ![altfile](file://${secretFile}) middle ![altloop](${base}/pixel.png) and ![altdata](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==) after.`,
    '',
    `<img src="${base}/raw.png">`,
    '',
    `<link rel="stylesheet" href="${base}/style.css">`,
    '',
    `<iframe src="file://${secretFile}"></iframe>`,
    '',
    `Inline <img src="file://${secretFile}"> html, a [file link](file://${secretFile}), a [script](javascript:alert(1)) and a [web link](https://example.com/page).`,
  ].join('\n');

const book = (): Manuscript => ({
  title: 'Safe Book',
  author: 'Ada Writer',
  language: 'English',
  introduction: hostile(),
  chapters: [{ number: 1, title: 'One', content: hostile() }],
  summary: 'The end.',
  references: [],
});

function unzipAll(archive: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'safe-markdown-zip-')), 'out.zip');
  writeFileSync(file, archive);
  return execFileSync('unzip', ['-p', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** Nothing of the secret or of the references; the alt text as text; the web link kept. */
function expectNothingFetched(output: string) {
  expect(output).not.toContain(secret);
  expect(output).not.toContain('127.0.0.1');
  expect(output).not.toMatch(/file:|data:image|javascript:/i);
  // (An EPUB's own stylesheet is the one <link> it may have.)
  expect(output).not.toMatch(/<(img|iframe|script|object|embed|style)\b|<link\b(?![^>]*href="style\.css")/i);
  for (const alt of ['altfile', 'altloop', 'altdata']) expect(output).toContain(alt);
  expect(hits).toBe(0);
}

describe('no renderer fetches or reads what the text names', () => {
  it('EPUB: nothing downloaded, alt text kept, still a valid EPUB 3', async () => {
    const epub = await renderEpub(book());
    const text = unzipAll(epub);
    expectNothingFetched(text);
    expect(text).toMatch(/<a href="https:\/\/example\.com\/page">web link<\/a>/);
    const file = join(dir, 'book.epub');
    writeFileSync(file, epub);
    const report = execFileSync('java', ['-jar', '/usr/share/java/epubcheck.jar', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(report).toContain('No errors or warnings detected');
  }, 60_000);

  it('EPUB: the generator refuses to download anything that reaches it', async () => {
    for (const src of [`${base}/direct.png`, `file://${secretFile}`]) {
      await expect(writeEpub({ title: 'T', verbose: false }, [{ title: 'A', content: `<p><img src="${src}" alt="x"/></p>` }])).rejects.toThrow(EPUB_REFUSES_DOWNLOADS);
    }
    await expect(writeEpub({ title: 'T', verbose: false, cover: `${base}/cover.png` }, [{ title: 'A', content: '<p>x</p>' }])).rejects.toThrow(EPUB_REFUSES_DOWNLOADS);
    await expect(writeEpub({ title: 'T', verbose: false, fonts: [{ filename: 'f.ttf', url: `${base}/f.ttf` }] }, [{ title: 'A', content: '<p>x</p>' }])).rejects.toThrow(
      EPUB_REFUSES_DOWNLOADS,
    );
    expect(hits).toBe(0);
  });

  it('DOCX: alt text as plain text, a hyperlink only to the web', async () => {
    const parts = unzipAll(await renderDocx(book()));
    expectNothingFetched(parts);
    expect(parts).toMatch(/Before <\/w:t><\/w:r><w:r><w:t xml:space="preserve">altfile</);
    expect(parts).toContain('Target="https://example.com/page"');
    expect(parts).not.toContain('[altfile]');
  });

  it('Typst (the PDF interior): alt text as text, no reference, no link but to the web', () => {
    const source = interiorSource(book());
    expectNothingFetched(source);
    expect(source).not.toMatch(/#image|#link\("(?!https:)/);
    expect(source).toContain('#link("https://example.com/page")[web link]');
  });

  it('Quarto: no .qmd names an image, raw HTML or a link other than web or mail', () => {
    const files = quartoProjectFiles(book(), new Date('2025-01-02T00:00:00Z'));
    const qmd = files.filter((f) => f.path.endsWith('.qmd')).map((f) => f.content).join('\n');
    expectNothingFetched(qmd);
    expect(qmd).not.toContain('![');
    expect(qmd).toContain('[web link](https://example.com/page)');
    expect(qmd).toContain('Before altfile middle altloop and altdata after.');
  });

  it('every format reads the text as written, whichever parsed it first (the parsed trees are shared)', () => {
    const date = new Date('2025-01-02T00:00:00Z');
    forgetParsedMarkdown();
    const quartoAlone = quartoProjectFiles(book(), date);
    forgetParsedMarkdown();
    const typstAlone = interiorSource(book());
    forgetParsedMarkdown();
    const htmlAlone = markdownToHtml(hostile());
    forgetParsedMarkdown();
    expect(interiorSource(book())).toBe(typstAlone);
    expect(quartoProjectFiles(book(), date)).toEqual(quartoAlone);
    expect(markdownToHtml(hostile())).toBe(htmlAlone);
    expect(quartoProjectFiles(book(), date)).toEqual(quartoAlone);
    expect(interiorSource(book())).toBe(typstAlone);
  });
});
