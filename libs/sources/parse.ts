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

/** A document's text, and the title its metadata names (PDF Info Title, DOCX dc:title) if any. */
export interface DocumentText {
  text: string;
  title: string | null;
}

async function pdfText(bytes: Uint8Array, limits: ParseLimits): Promise<DocumentText> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: bytes, useSystemFonts: false, standardFontDataUrl }).promise;
  try {
    const { info } = await document.getMetadata().catch(() => ({ info: {} }));
    const title = (info as { Title?: unknown }).Title;
    const pages: string[] = [];
    let length = 0;
    for (let i = 1; i <= document.numPages; i++) {
      const content = await (await document.getPage(i)).getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
      length += text.length;
      if (length > limits.maxTextChars) throw new DocumentTooLargeError();
      pages.push(text);
    }
    return { text: pages.join('\n\n'), title: typeof title === 'string' ? title : null };
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

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

async function docxText(bytes: Uint8Array, limits: ParseLimits): Promise<DocumentText> {
  const entries = docxEntries(bytes, limits);
  // The core properties' dc:title, if the document has one.
  const core = entries['docProps/core.xml'];
  const raw = core ? /<dc:title>([^<]{0,2000})<\/dc:title>/.exec(new TextDecoder().decode(core))?.[1] : undefined;
  const title = !raw ? null : raw.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] as string);
  // mammoth only ever sees entries that were checked, stored uncompressed.
  const stored = zipSync(entries, { level: 0 });
  return { text: (await mammoth.extractRawText({ buffer: Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength) })).value, title };
}

export function documentText(kind: 'docx' | 'pdf', bytes: Uint8Array, limits: ParseLimits): Promise<DocumentText> {
  return kind === 'pdf' ? pdfText(bytes, limits) : docxText(bytes, limits);
}
