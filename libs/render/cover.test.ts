import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLOR_SCHEMES, COVER_TEMPLATES, CoverMessages, DESIGN_STYLES, barcodeArea, type CoverGeometry } from '../domain/index.ts';
import { FRONT_PNG_WIDTH_PX, renderCover, type CoverInput } from './cover.ts';
import { compileToPdf } from './fonts.ts';
import { pdfColourAt, pdfPixels } from '../../testing/book-checks.ts';
import { pngOf } from '../../testing/book-images.ts';
import { pdfAreaToPng, pdfPageToPng, pdfPagesToPng } from './png.ts';

const dir = mkdtempSync(join(tmpdir(), 'cover-'));
let files = 0;
const save = (data: Buffer, extension = 'pdf') => {
  const file = join(dir, `${++files}.${extension}`);
  writeFileSync(file, data);
  return file;
};
const tool = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' });
const squash = (text: string) => text.replace(/\s+/g, '').toLowerCase();
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngWidth = (png: Buffer) => png.readUInt32BE(16);

const base: CoverInput = {
  title: 'Remote Leadership',
  author: 'Ada Writer',
  tagline: 'How small companies lead distributed teams',
  blurb: 'Remote work is a way of running a company.\n\nThis book shows how small teams build trust across time zones.',
  pageCount: 150,
  template: 'amazon_kdp',
  includeSpineTitle: true,
  designStyle: 'modern',
  colorScheme: 'professional',
};

/** The text of one panel of the wrap (pdftotext crops in points at its default 72 dpi). */
function panelText(file: string, g: CoverGeometry, panel: 'back' | 'spine' | 'front'): string {
  const pt = (inches: number) => inches * 72;
  const spineLeft = pt(g.bleedIn + g.trim.widthIn);
  const crops: Record<typeof panel, [number, number]> = {
    back: [0, spineLeft - 1],
    spine: [spineLeft, pt(g.spineIn)],
    front: [spineLeft + pt(g.spineIn) + 1, pt(g.widthIn) - spineLeft - pt(g.spineIn)],
  };
  const [x, width] = crops[panel];
  return tool('pdftotext', ['-x', String(Math.round(x)), '-y', '0', '-W', String(Math.max(1, Math.round(width))), '-H', String(Math.ceil(pt(g.heightIn))), file, '-']);
}

describe('the cover wrap, checked with pdfinfo, qpdf, pdffonts and pdftotext', () => {
  it.each(COVER_TEMPLATES.flatMap((template) => [24, 80, 150, 600].map((pageCount) => [template, pageCount] as const)))(
    '%s, %i pages: one page of the wrap’s size, valid, fonts embedded, spine text by the rule',
    async (template, pageCount) => {
      const { pdf, png, geometry } = await renderCover({ ...base, template, pageCount });
      const file = save(pdf);

      const info = tool('pdfinfo', [file]);
      expect(info).toMatch(/Pages:\s+1\n/);
      const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
      expect(Math.abs(Number(width) - geometry.widthIn * 72)).toBeLessThan(0.5);
      expect(Math.abs(Number(height) - geometry.heightIn * 72)).toBeLessThan(0.5);
      expect(geometry.widthIn).toBeCloseTo(2 * 6 + geometry.spineIn + 2 * 0.125, 10);

      expect(tool('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors found');
      const fonts = tool('pdffonts', [file]).split('\n').slice(2).filter(Boolean);
      expect(fonts.length).toBeGreaterThan(0);
      for (const line of fonts) expect(line.split(/\s+/).at(-5), line).toBe('yes');

      const front = squash(panelText(file, geometry, 'front'));
      expect(front).toContain(squash(base.title));
      expect(front).toContain(squash(base.author));
      expect(front).toContain(squash(base.tagline!));
      expect(squash(panelText(file, geometry, 'back'))).toContain(squash('Remote work is a way of running a company.'));
      const spine = squash(panelText(file, geometry, 'spine'));
      expect(geometry.spineTitleAllowed).toBe(pageCount > 79);
      if (geometry.spineTitleAllowed) {
        expect(spine).toContain(squash(base.title));
        expect(spine).toContain(squash(base.author));
      } else {
        expect(spine).toBe('');
      }

      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(pngWidth(png)).toBe(600);
    },
    30_000,
  );

  it('leaves the spine blank when the spine title is turned off', async () => {
    const { pdf, geometry } = await renderCover({ ...base, pageCount: 300, includeSpineTitle: false });
    expect(geometry.spineTitleAllowed).toBe(true);
    expect(squash(panelText(save(pdf), geometry, 'spine'))).toBe('');
  });

  it('keeps the barcode box clear white and runs the background into the bleed', async () => {
    const { pdf, geometry } = await renderCover({ ...base, designStyle: 'bold' });
    const dpi = 36;
    const box = barcodeArea(geometry);
    const white = pdfPixels(pdf, dpi, {
      x: Math.ceil(box.xIn * dpi) + 1, y: Math.ceil((geometry.heightIn - box.yIn - box.heightIn) * dpi) + 1,
      w: Math.floor(box.widthIn * dpi) - 2, h: Math.floor(box.heightIn * dpi) - 2,
    });
    expect(white.length).toBeGreaterThan(1000);
    expect(white.every((v) => v === 255)).toBe(true);
    // The four outermost corners (pure bleed) carry the design's colour, not bare paper.
    const full = { w: Math.round(geometry.widthIn * dpi), h: Math.round(geometry.heightIn * dpi) };
    for (const [x, y] of [[0, 0], [full.w - 2, 0], [0, full.h - 2], [full.w - 2, full.h - 2]] as const) {
      const corner = pdfPixels(pdf, dpi, { x, y, w: 1, h: 1 });
      expect([...corner], `corner ${x},${y}`).not.toEqual([255, 255, 255]);
    }
  });

  it('renders every design style in every colour scheme, each one distinct, with its typefaces embedded', async () => {
    const fronts = new Set<string>();
    const wraps = new Set<string>();
    const expected: Record<(typeof DESIGN_STYLES)[number], RegExp[]> = {
      modern: [/Inter-Bold/],
      classic: [/PlayfairDisplay-Bold/, /LibertinusSerif/],
      minimalist: [/Inter-Light/],
      bold: [/Inter-Black/],
    };
    for (const designStyle of DESIGN_STYLES) {
      for (const colorScheme of COLOR_SCHEMES) {
        const { pdf, png } = await renderCover({ ...base, designStyle, colorScheme });
        const fonts = tool('pdffonts', [save(pdf)]);
        for (const font of expected[designStyle]) expect(fonts, `${designStyle}/${colorScheme}`).toMatch(font);
        for (const line of fonts.split('\n').slice(2).filter(Boolean)) expect(line.split(/\s+/).at(-5), line).toBe('yes');
        expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
        fronts.add(createHash('sha256').update(png).digest('hex'));
        wraps.add(createHash('sha256').update(pdf).digest('hex'));
      }
    }
    expect(fronts.size).toBe(DESIGN_STYLES.length * COLOR_SCHEMES.length);
    expect(wraps.size).toBe(DESIGN_STYLES.length * COLOR_SCHEMES.length);
  }, 120_000);

  it.each(DESIGN_STYLES)('%s: sets Typst’s special characters literally and fits a very long title', async (designStyle) => {
    const title = 'Budget #1: [Draft] $5 *Now* _or_ `never` @home <x> // "quoted" \\ #panic("boom") ] ) }';
    const long = 'The Extraordinarily Comprehensive Handbook of Distributed Leadership: Strategies, Stories and Systems for Teams Everywhere';
    for (const t of [title, long]) {
      const { pdf, geometry } = await renderCover({ ...base, title: t, designStyle, pageCount: 300, blurb: null });
      const file = save(pdf);
      expect(squash(panelText(file, geometry, 'front'))).toContain(squash(t));
      expect(squash(panelText(file, geometry, 'back'))).toContain(squash(base.tagline!));
    }
  });
});

describe('a trim, a paper and the author’s own front', () => {
  it('fills the front with the author’s image to the bleed, draws the spine and back in the design, and sizes the wrap for 5 × 8 in on cream paper', async () => {
    const green: [number, number, number] = [0, 128, 0];
    const input: CoverInput = { ...base, pageCount: 200, trim: { widthIn: 5, heightIn: 8 }, paper: 'cream', frontImage: { data: new Uint8Array(pngOf(300, 480, green)), contentType: 'image/png' } };
    const { pdf, png, geometry } = await renderCover(input);
    // KDP's cream paper: 200 pages × 0.0025 in; the wrap is two 5 in panels, the spine and 0.125 in bleed each side.
    expect(geometry.spineIn).toBeCloseTo(0.5, 6);
    expect(tool('pdfinfo', [save(pdf)])).toMatch(/Page size:\s+774 x 594 pts/);
    const white = await renderCover({ ...input, paper: 'white' });
    expect(white.geometry.widthIn).toBeLessThan(geometry.widthIn);

    const middle = geometry.heightIn / 2;
    const frontLeft = geometry.bleedIn + geometry.trim.widthIn + geometry.spineIn;
    const near = (colour: number[], [r, g, b]: number[]) => expect(Math.max(...colour.map((c, i) => Math.abs(c - [r, g, b][i]!)))).toBeLessThan(8);
    near(pdfColourAt(pdf, frontLeft + 2.5, middle), green);
    // Into the bleed on the outer edge, the top and the bottom.
    near(pdfColourAt(pdf, geometry.widthIn - 0.05, middle), green);
    near(pdfColourAt(pdf, frontLeft + 2.5, 0.05), green);
    near(pdfColourAt(pdf, frontLeft + 2.5, geometry.heightIn - 0.05), green);
    // The back keeps the design (modern, professional: a dark navy upper part) and its text; the spine its title.
    expect(pdfColourAt(pdf, 1, 1)).not.toEqual(pdfColourAt(pdf, frontLeft + 2.5, middle));
    expect(squash(panelText(save(pdf), geometry, 'spine'))).toContain('remoteleadership');
    expect(squash(panelText(save(pdf), geometry, 'front'))).toBe('');
    // The site's front PNG is the image too.
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.equals((await renderCover({ ...input, frontImage: null })).png)).toBe(false);
  });
});

describe('the front PNG', () => {
  it.each(['amazon_kdp', 'lulu'] as const)('is the %s wrap’s own front panel, so a preview shows what the PDF prints', async (template) => {
    const { pdf, png, geometry } = await renderCover({ ...base, template, pageCount: 150, designStyle: 'bold' });
    const front = { xIn: geometry.bleedIn + geometry.trim.widthIn + geometry.spineIn, yIn: geometry.bleedIn, widthIn: geometry.trim.widthIn, heightIn: geometry.trim.heightIn };
    // Typst draws it; poppler, reading the PDF on its own, draws the same panel to within anti-aliasing.
    const [ours, poppler] = [png, await pdfAreaToPng(pdf, front, FRONT_PNG_WIDTH_PX)].map((file) => PNG.sync.read(file));
    expect(ours!.width).toBe(FRONT_PNG_WIDTH_PX);
    expect(Math.abs(ours!.height - poppler!.height)).toBeLessThanOrEqual(1);
    let difference = 0;
    const rows = Math.min(ours!.height, poppler!.height);
    for (let i = 0; i < rows * ours!.width * 4; i++) difference += Math.abs((ours!.data[i] as number) - (poppler!.data[i] as number));
    expect(difference / (rows * ours!.width * 4)).toBeLessThan(4);
  });
});

describe('the author’s text', () => {
  it('survives control characters, line breaks and broken surrogates', async () => {
    const { pdf, geometry } = await renderCover({ ...base, title: 'Line\nbreak\u0007 and\u2028more \ud800end', author: 'Ada\tWriter', blurb: 'One\u0000two\n\n\n\nthree' });
    const file = save(pdf);
    expect(panelText(file, geometry, 'front').replace(/\s+/g, ' ')).toContain('Line break and more');
    expect(squash(panelText(file, geometry, 'back'))).toContain('onetwothree');
  });

  it.each(DESIGN_STYLES)('%s: draws the accents over a title’s first line', async (designStyle) => {
    // Ü and Ä take the room of U and A, so the two fronts differ only where the accents are drawn.
    const front = async (title: string) => {
      const { pdf, geometry } = await renderCover({ ...base, title, designStyle });
      const dpi = 72;
      const left = Math.ceil((geometry.bleedIn + geometry.trim.widthIn + geometry.spineIn) * dpi);
      return pdfPixels(pdf, dpi, { x: left, y: 0, w: Math.floor(geometry.trim.widthIn * dpi), h: Math.floor(geometry.heightIn * dpi) });
    };
    const [accented, plain] = [await front('Über Ängste'), await front('Uber Angste')];
    let changed = 0;
    for (let i = 0; i < accented.length; i++) if (Math.abs(accented[i]! - plain[i]!) > 100) changed++;
    expect(changed).toBeGreaterThan(10);
  });
});

describe('PDF pages to PNG with pdftoppm', () => {
  it('rejects what is not a PDF, or a broken one', async () => {
    await expect(pdfPageToPng(Buffer.from('<html>not a pdf</html>'))).rejects.toThrow(/^PNG conversion failed/);
    await expect(pdfPageToPng(Buffer.from('%PDF-1.7\nthis is not really a PDF'))).rejects.toThrow(/^PNG conversion failed/);
    await expect(pdfPagesToPng(Buffer.alloc(0), { pages: 2, widthPx: 100 })).rejects.toThrow(/^PNG conversion failed/);
  });

  it('renders a chosen page at a chosen width, and the first pages of a document', async () => {
    const { pdf } = compileToPdf('#set page(width: 4in, height: 6in)\nOne #pagebreak() Two #pagebreak() Three');
    const second = await pdfPageToPng(pdf, { page: 2, widthPx: 240 });
    expect(second.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngWidth(second)).toBe(240);
    expect(pngWidth(await pdfPageToPng(pdf, { dpi: 30 }))).toBe(120);
    await expect(pdfPageToPng(pdf, { page: 9 })).rejects.toThrow(/^PNG conversion failed/);

    const previews = await pdfPagesToPng(pdf, { pages: 2, widthPx: 200 });
    expect(previews.map(pngWidth)).toEqual([200, 200]);
    expect(previews[0]!.equals(previews[1]!)).toBe(false);
    expect(await pdfPagesToPng(pdf, { pages: 10, widthPx: 100 })).toHaveLength(3);
  });
});

describe('Typst failures and tiny PDFs', () => {
  afterEach(() => {
    vi.doUnmock('./fonts.ts');
    vi.resetModules();
  });

  it('reports Typst’s diagnostics', () => {
    expect(() => compileToPdf('#let x = ')).toThrow(/^Typesetting failed: .*expected expression/);
  });

  it(`refuses a cover PDF under the minimum size with "${CoverMessages.tooSmall}"`, async () => {
    vi.resetModules();
    vi.doMock('./fonts.ts', async (original) => ({
      ...(await original<typeof import('./fonts.ts')>()),
      compileToPdf: () => ({ pdf: Buffer.from('%PDF-1.7 tiny'), pageCount: 1 }),
    }));
    try {
      const { renderCover: render } = await import('./cover.ts');
      await expect(render(base)).rejects.toThrow(CoverMessages.tooSmall);
    } finally {
      vi.doUnmock('./fonts.ts');
      vi.resetModules();
    }
  });
});
