import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epubCheck } from '../../testing/book-checks.ts';
import { pngOf, TINY_JPEG } from '../../testing/book-images.ts';
import { seededRandom } from '../../testing/random.ts';
import { renderDocx } from './docx.ts';
import { EPUB_REFUSES_DOWNLOADS, markdownToHtml, renderEpub, writeEpub } from './epub.ts';
import { renderBookHtml } from './html.ts';
import { interiorSource, renderInterior, type Manuscript, type ManuscriptImage } from './interior.ts';
import { quartoProjectFiles, renderQuartoProject } from './quarto.ts';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { MockProvider } from '../ai/mock.ts';
import { forgetParsedMarkdown, parseMarkdown } from './safe-markdown.ts';

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

/** An archive's entries, each readable as bytes. */
function entries(archive: Buffer) {
  const file = join(mkdtempSync(join(tmpdir(), 'safe-markdown-zip-')), 'out.zip');
  writeFileSync(file, archive);
  return {
    names: execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean),
    read: (name: string) => execFileSync('unzip', ['-p', file, name], { maxBuffer: 64 * 1024 * 1024 }),
  };
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
    expect(await epubCheck(epub)).toContain('No errors or warnings detected');
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

// The book's own images: a PNG wider than the text (10 in at 300 dpi) and a small JPEG, named in the text inline and
// through a definition; beside them an image path of the right shape that is not the book's, and the hostile text.
const widePng = pngOf(3000, 600);
const ownPng = { path: `images/${randomUUID()}.png`, image: { contentType: 'image/png', data: widePng, width: 3000, height: 600 } satisfies ManuscriptImage };
const ownJpeg = { path: `images/${randomUUID()}.jpg`, image: { contentType: 'image/jpeg', data: TINY_JPEG, width: 4, height: 3 } satisfies ManuscriptImage };
const strayPath = `images/${randomUUID()}.png`;
const illustrated = () => `${hostile()}\n\nA chart:\n\n![altown "quoted" & <kept>](${ownPng.path})\n\nA photo ![altjpeg][photo] and a stray ![altstray](${strayPath}).\n\n[photo]: ${ownJpeg.path}`;
const illustratedBook = (): Manuscript => ({
  ...book(),
  introduction: 'No pictures here.',
  chapters: [{ number: 1, title: 'One', content: illustrated() }],
  images: new Map<string, ManuscriptImage>([
    [ownPng.path, ownPng.image],
    [ownJpeg.path, ownJpeg.image],
  ]),
});
const ownPngBase64 = widePng.toString('base64');

/** Nothing read but the book's own images: no secret, no loopback request, the stray image and the rest as alt text. */
function expectOnlyOwnImages(output: string) {
  expect(output).not.toContain(secret);
  expect(output).not.toContain('127.0.0.1');
  expect(output).not.toContain(strayPath.slice('images/'.length, -'.png'.length));
  expect(output).not.toMatch(/file:|javascript:|iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB/i);
  for (const alt of ['altfile', 'altloop', 'altdata', 'altstray']) expect(output).toContain(alt);
  expect(hits).toBe(0);
}

const imgTags = (html: string) => html.match(/<img\b(?:[^>"]|"[^"]*")*>/g) ?? [];

describe("the book's own images, and only those, in every format", () => {
  it('PDF: each drawn from memory as a figure, at most as wide as the text; nothing else read', () => {
    const book = illustratedBook();
    const source = interiorSource(book);
    expectOnlyOwnImages(source);
    // Typst sees paths made of the images' ids; the description is the caption.
    expect(source.match(/\bimage\(/g)).toHaveLength(2);
    expect(source).toContain(`image("/${ownPng.path}", width: calc.min(size.width, 10.000in)`);
    expect(source).toContain(`image("/${ownJpeg.path}", width: calc.min(size.width, 0.013in)`);
    expect(source).toContain('caption: [altown "quoted" & <kept>]'.replace(/[<>]/g, '\\$&'));
    const file = join(dir, 'illustrated.pdf');
    writeFileSync(file, renderInterior(book).pdf);
    const listed = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    expect(listed.map((line) => line.trim().split(/\s+/).slice(3, 5).join('x')).sort()).toEqual(['3000x600', '4x3']);
    // The wide image is drawn as wide as the 4.5 in text block: 3000 pixels over 4.5 in is about 667 per inch.
    expect(listed.find((line) => / 3000 +600 /.test(line))).toMatch(/ 66[67] +66[67] /);
  });

  it('PDF: text still makes Typst read nothing, however it is written', () => {
    for (const content of [`![x](/${ownPng.path})`, `![x](./${ownPng.path})`, `![x](${ownPng.path.toUpperCase()})`, `#image("/${ownPng.path}")`, `\`#image("${ownPng.path}")\``]) {
      const book = { ...illustratedBook(), chapters: [{ number: 1, title: 'One', content }] };
      expect(interiorSource(book), content).not.toMatch(/=> image\(/);
      const file = join(dir, 'not-illustrated.pdf');
      writeFileSync(file, renderInterior(book).pdf);
      expect(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean), content).toEqual([]);
    }
  });

  it('EPUB: each packed from memory and shown by an <img>; still a valid EPUB 3', async () => {
    const epub = await renderEpub(illustratedBook());
    const zip = entries(epub);
    const images = zip.names.filter((name) => name.startsWith('OEBPS/images/') && !name.endsWith('/'));
    expect(images).toHaveLength(2);
    const png = images.find((name) => name.endsWith('.png'));
    const jpeg = images.find((name) => name.endsWith('.jpeg') || name.endsWith('.jpg'));
    expect(png && zip.read(png).equals(widePng)).toBe(true);
    expect(jpeg && zip.read(jpeg).equals(TINY_JPEG)).toBe(true);
    const text = unzipAll(epub);
    expectOnlyOwnImages(text);
    expect(imgTags(text)).toEqual([`<img src="${png?.slice('OEBPS/'.length)}" alt="altown &quot;quoted&quot; &amp; &lt;kept&gt;"/>`, `<img src="${jpeg?.slice('OEBPS/'.length)}" alt="altjpeg"/>`]);
    expect(text).toMatch(new RegExp(`<item id="image_\\d" href="${png?.slice('OEBPS/'.length)}" media-type="image/png"`));
    expect(await epubCheck(epub)).toContain('No errors or warnings detected');
  }, 60_000);

  it("EPUB: the generator packs the book's own images and refuses every other source", async () => {
    const images = illustratedBook().images;
    const epub = await writeEpub({ title: 'T', verbose: false }, [{ title: 'A', content: `<p><img src="${ownPng.path}" alt="x"/></p>` }], images);
    expect(entries(epub).names.filter((name) => name.startsWith('OEBPS/images/') && name.endsWith('.png'))).toHaveLength(1);
    for (const src of [strayPath, `${base}/${ownPng.path}`, `file://${secretFile}`, `/${ownPng.path}`]) {
      await expect(writeEpub({ title: 'T', verbose: false }, [{ title: 'A', content: `<p><img src="${src}" alt="x"/></p>` }], images), src).rejects.toThrow(EPUB_REFUSES_DOWNLOADS);
    }
    expect(hits).toBe(0);
  });

  it('DOCX: each as an image in word/media, at its natural size or the width of the text', async () => {
    const docx = await renderDocx(illustratedBook());
    const zip = entries(docx);
    const media = zip.names.filter((name) => name.startsWith('word/media/'));
    expect(media).toHaveLength(2);
    expect(media.map((name) => zip.read(name)).some((bytes) => bytes.equals(widePng))).toBe(true);
    expect(media.map((name) => zip.read(name)).some((bytes) => bytes.equals(TINY_JPEG))).toBe(true);
    const document = zip.read('word/document.xml').toString('utf8');
    expectOnlyOwnImages(document);
    // English Metric Units, 914400 to the inch: the wide PNG at the 4.5 in of text, the JPEG at 4 pixels over 300 dpi (1 px at 96).
    expect(document).toContain('<wp:extent cx="4114800" cy="819150"/>');
    expect(document).toContain('<wp:extent cx="9525" cy="9525"/>');
    expect(document).toContain('descr="altown &quot;quoted&quot; &amp; &lt;kept&gt;"');
  });

  it('Quarto: each shipped in the zip at the path the .qmd names it by; the structure check knows them', async () => {
    const book = illustratedBook();
    const { zip, check } = await renderQuartoProject(book, new Date('2025-01-02T00:00:00Z'));
    expect(check.isValid).toBe(true);
    expect(check.warnings.join('\n')).not.toContain('images/');
    const archive = entries(zip);
    expect(archive.names.filter((name) => name.startsWith('images/'))).toEqual([ownPng.path, ownJpeg.path]);
    expect(archive.read(ownPng.path).equals(widePng)).toBe(true);
    expect(archive.read(ownJpeg.path).equals(TINY_JPEG)).toBe(true);
    const qmd = archive.read('chapter-001.qmd').toString('utf8');
    expectOnlyOwnImages(qmd);
    expect(qmd).toContain(`![altown \\"quoted\\" \\& \\<kept\\>](${ownPng.path})`);
    expect(qmd).toContain(`A photo ![altjpeg](${ownJpeg.path}) and a stray altstray.`);
    expect(qmd.match(/!\[/g)).toHaveLength(2);
  });

  it('HTML view: each inside the page as a data: URI, its description escaped', () => {
    const html = renderBookHtml(illustratedBook());
    expectOnlyOwnImages(html.replace(ownPngBase64, '').replace(TINY_JPEG.toString('base64'), ''));
    expect(imgTags(html)).toEqual([
      `<img src="data:image/png;base64,${ownPngBase64}" alt="altown &#x22;quoted&#x22; &#x26; <kept>">`,
      `<img src="data:image/jpeg;base64,${TINY_JPEG.toString('base64')}" alt="altjpeg">`,
    ]);
  });

  it('which images a text shows depends on the book, whichever format parsed the text first', () => {
    const images = illustratedBook().images;
    const onlyJpeg = new Map([[ownJpeg.path, ownJpeg.image]]);
    forgetParsedMarkdown();
    const shown = (html: string) => imgTags(html).map((tag) => /alt="([^"]*)"/.exec(tag)?.[1]);
    for (let round = 0; round < 2; round++) {
      expect(shown(markdownToHtml(illustrated(), images))).toEqual(['altown &#x22;quoted&#x22; &#x26; <kept>', 'altjpeg']);
      expect(shown(markdownToHtml(illustrated()))).toEqual([]);
      expect(shown(markdownToHtml(illustrated(), onlyJpeg))).toEqual(['altjpeg']);
      expect(interiorSource({ ...illustratedBook(), images: onlyJpeg }).match(/\bimage\(/g)).toHaveLength(1);
      // A text that starts as the memo's key of a text with images does not read as that text.
      expect(shown(markdownToHtml(`${JSON.stringify([ownJpeg.path])}\n${illustrated()}`))).toEqual([]);
    }
  });
});

describe('parsing', () => {
  const gfm = unified().use(remarkParse).use(remarkGfm);
  const rich = [
    '# A title\n\nText with *emphasis*, **strong**, ~~struck~~ and `code`, a footnote[^1] and a [link](/notes).',
    '[^1]: The note, with *emphasis*.',
    '- [ ] a task\n- [x] a done task\n\n1. one\n2. two',
    '| Step | Minutes |\n|---|---:|\n| Draft | 20 |\n| Review | 10 |',
    '> A quote about wwwork, http, mail and at-signs (none of them a link).\n\n---\n\n```js\nconst a = 1;\n```',
  ].join('\n\n');

  it('every text parses to the tree full GFM gives it, with only the constructs whose markers it holds', async () => {
    const { text: chapter } = await new MockProvider().generate({
      kind: 'chapter', title: 'Urban Beekeeping', idea: 'Keeping bees on city roofs', language: 'English', style: 'practical', totalChapters: 3, memory: [], passages: [],
      chapter: { number: 2, title: 'Hives on Roofs', description: 'Where hives go', keyPoints: ['Wind', 'Water'], targetWords: 1500 },
    });
    const texts = [
      rich, chapter, hostile(), `${chapter}\n\n${rich}`,
      // Markers without their constructs, and constructs at the edges of a text.
      'A | in prose, a ~ alone, [brackets] and a [^ that opens nothing.',
      '| a |\n| - |', 'a | b\n- | -', '~~gone~~', '- [x] done', 'Call[^n].\n\n[^n]: Note.',
    ];
    for (const text of texts) {
      forgetParsedMarkdown();
      expect(parseMarkdown(text)).toEqual(gfm.parse(text));
    }
    expect(JSON.stringify(parseMarkdown(chapter))).not.toMatch(/"type":"(table|footnote|delete|link)/);
  });

  it('tables: every line that could start or continue one is tried, whatever its container or line endings', () => {
    // Lines of every kind a table meets, joined at random (seeded, so a failure repeats) with every line ending.
    const lines = [
      '| a | b |', 'a | b', '|---|---|', '--- | :-:', '| - |', '-', '| c | d |', 'c | d', 'plain prose', 'prose with a - hyphen', '',
      ' \t', '\u00a0', '> | a | b |', '> |---|---|', '> | c |', '>', '- | a |', '  |---|', '  | c |', '1. a | b', '   - | -', '    | code |',
      '| a |', '| - |', '# | heading |', '```', '| fenced |', '[^n]: a | note', '\\| escaped |',
    ];
    for (const end of ['\n', '\r\n', '\r']) {
      const text = ['Before.', '', '| Step | Minutes |', '|---|---:|', '| Draft | 20 |', '| Review | 10 |', '', 'After.'].join(end);
      forgetParsedMarkdown();
      const tree = parseMarkdown(text);
      expect(tree).toEqual(gfm.parse(text));
      expect(tree.children.map((node) => node.type)).toEqual(['paragraph', 'table', 'paragraph']);
    }
    const random = seededRandom(7);
    for (let i = 0; i < 1500; i++) {
      const count = 2 + random(7);
      let text = '';
      for (let j = 0; j < count; j++) text += (lines[random(lines.length)] as string) + (['\n', '\r\n', '\r', '\n\n'][random(4)] as string);
      forgetParsedMarkdown();
      expect(parseMarkdown(text), JSON.stringify(text)).toEqual(gfm.parse(text));
    }
  });

  it('a text with one of them keeps its autolink literals', () => {
    for (const [text, url] of [
      ['See www.example.com today.', 'http://www.example.com'],
      ['See HTTPS://Example.com/a?b today.', 'HTTPS://Example.com/a?b'],
      ['Write to ada@example.com today.', 'mailto:ada@example.com'],
    ] as const) {
      forgetParsedMarkdown();
      const tree = parseMarkdown(text);
      expect(tree).toEqual(gfm.parse(text));
      expect(JSON.stringify(tree)).toContain(`"url":${JSON.stringify(url)}`);
    }
  });
});
