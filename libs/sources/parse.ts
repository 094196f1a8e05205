import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import mammoth from 'mammoth';

/** DOCX (mammoth) and PDF (pdf.js) to text, with bounds on what they unpack to; run in a worker thread (parse-worker.ts). */

export interface ParseLimits {
  /** What a DOCX's entries add up to, unpacked. */
  maxUnpackedBytes: number;
  maxZipEntries: number;
  /** Characters of text a PDF may give. */
  maxTextChars: number;
}

export class DocumentTooLargeError extends Error {
  constructor() {
    super('the document is too large when unpacked');
    this.name = 'DocumentTooLargeError';
  }
}

/** pdf.js reads the metrics of the 14 standard PDF fonts from its own package. */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function pdfText(bytes: Uint8Array, limits: ParseLimits): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: bytes, useSystemFonts: false, standardFontDataUrl }).promise;
  try {
    const pages: string[] = [];
    let length = 0;
    for (let i = 1; i <= document.numPages; i++) {
      const content = await (await document.getPage(i)).getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
      length += text.length;
      if (length > limits.maxTextChars) throw new DocumentTooLargeError();
      pages.push(text);
    }
    return pages.join('\n\n');
  } finally {
    await document.destroy();
  }
}

/**
 * The entries of a DOCX, refused before anything is inflated when there are too many or their declared sizes add up
 * past the limit (a stored entry is copied at its stored size, so that counts too). fflate inflates each entry into
 * a buffer of its declared size: one that lies about its size is cut there (though inflated to its end all the same,
 * which the worker's time limit bounds).
 */
export function docxEntries(bytes: Uint8Array, limits: ParseLimits) {
  let entries = 0;
  let total = 0;
  return unzipSync(bytes, {
    filter: ({ name, size, originalSize }) => {
      total += Math.max(size, originalSize);
      if (++entries > limits.maxZipEntries || total > limits.maxUnpackedBytes) throw new DocumentTooLargeError();
      // fflate gathers the entries in a plain object, whose prototype this one would become.
      return name !== '__proto__';
    },
  });
}

async function docxText(bytes: Uint8Array, limits: ParseLimits): Promise<string> {
  // mammoth only ever sees entries that were checked, stored uncompressed.
  const stored = zipSync(docxEntries(bytes, limits), { level: 0 });
  return (await mammoth.extractRawText({ buffer: Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength) })).value;
}

export function documentText(kind: 'docx' | 'pdf', bytes: Uint8Array, limits: ParseLimits): Promise<string> {
  return kind === 'pdf' ? pdfText(bytes, limits) : docxText(bytes, limits);
}
