import { describe, expect, it } from 'vitest';
import { MAX_SIDE_PX, pagesWithText, pdfPageToPng, pdfPagesToPng } from './png.ts';

/** A PDF of pages with the given media boxes, in points, empty unless a text is given for the page. */
function pdfOfPages(sizes: [number, number][], texts: (string | null)[] = []): Buffer {
  const count = sizes.length;
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${sizes.map((_, i) => `${i + 3} 0 R`).join(' ')}] /Count ${count} >>`];
  const font = count + 3;
  sizes.forEach(([w, h], i) => {
    const text = texts[i];
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}]${text ? ` /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${font + 1 + i} 0 R` : ''} >>`);
  });
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  texts.forEach((text) => {
    const stream = `BT /F1 12 Tf 20 40 Td (${text ?? ''}) Tj ET`;
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Width and height from the PNG's IHDR chunk. */
const dimensions = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('PNG size is bounded', () => {
  it('for a 10 × 1000 pt page asked at 600 px wide', async () => {
    const { width, height } = dimensions(await pdfPageToPng(pdfOfPages([[10, 1000]]), { widthPx: 600 }));
    expect(Math.max(width, height)).toBeLessThanOrEqual(MAX_SIDE_PX);
    expect(height).toBe(MAX_SIDE_PX);
  });

  it('for a wide page, a huge width, a high resolution, and every page of a preview', async () => {
    expect(dimensions(await pdfPageToPng(pdfOfPages([[1000, 10]]), { widthPx: 600 }))).toEqual({ width: 600, height: 6 });
    for (const options of [{ widthPx: 50_000 }, { dpi: 2400 }, {}]) {
      const { width, height } = dimensions(await pdfPageToPng(pdfOfPages([[14_400, 14_400]]), options));
      expect(Math.max(width, height)).toBeLessThanOrEqual(MAX_SIDE_PX);
    }
    const previews = await pdfPagesToPng(pdfOfPages([[300, 400], [10, 1000]]), { pages: 2, widthPx: 480 });
    for (const png of previews) expect(Math.max(dimensions(png).width, dimensions(png).height)).toBeLessThanOrEqual(MAX_SIDE_PX);
  });
});

describe('Pages with text', () => {
  it('leave out the blank versos', async () => {
    const pdf = pdfOfPages([[300, 400], [300, 400], [300, 400], [300, 400]], ['Title', null, 'Chapter 1', 'It began']);
    expect(await pagesWithText(pdf, 4)).toEqual([1, 3, 4]);
    expect(await pagesWithText(pdf, 2)).toEqual([1]);
  });
});

describe('PNG conversion failures', () => {
  it('say a fixed reason; what the tools printed is only in the cause', async () => {
    const error = (await pdfPageToPng(Buffer.from('%PDF-1.7\nthis is not really a PDF')).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe('PNG conversion failed: the PDF cannot be read');
    expect(String((error.cause as Error).message)).toMatch(/pdfinfo/);
    await expect(pdfPageToPng(pdfOfPages([[300, 400]]), { page: 3 })).rejects.toThrow(/^PNG conversion failed: the PDF has no page 3$/);
  });
});
