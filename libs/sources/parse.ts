import { spawn } from 'node:child_process';
import { unzipSync, zipSync } from 'fflate';
import mammoth from 'mammoth';
import { joinCjkLines } from '../domain/index.ts';

/** DOCX (mammoth) and PDF (poppler's pdftotext) to text, with bounds on what they unpack to; run in a worker thread (parse-worker.ts). */

export interface ParseLimits {
  /** What a DOCX's entries add up to, unpacked. */
  maxUnpackedBytes: number;
  maxZipEntries: number;
  /** Bytes of text a PDF may give. */
  maxTextChars: number;
  /** How long the PDF reader may take. */
  timeoutMs: number;
}

export class DocumentTooLargeError extends Error {
  constructor() {
    super('the document is too large when unpacked');
    this.name = 'DocumentTooLargeError';
  }
}

/** A document's text, and the title its metadata names (PDF Info Title, DOCX dc:title) if any. */
export interface DocumentText {
  text: string;
  title: string | null;
}

/**
 * What a poppler tool writes for a PDF handed to it on standard input: ended (the worker thread's own limit aside)
 * after `timeoutMs`, or as soon as it writes more than `maxBytes`, which counts as too large.
 */
function poppler(tool: 'pdftotext' | 'pdfinfo', args: string[], bytes: Uint8Array, { maxBytes, timeoutMs }: { maxBytes: number; timeoutMs: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, '-'], { stdio: ['pipe', 'pipe', 'ignore'], timeout: timeoutMs });
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        tooLarge = true;
        child.kill('SIGKILL');
      } else chunks.push(chunk);
    });
    child.stdin.on('error', () => undefined); // a tool that stops reading early (a broken file) closes the pipe
    child.stdin.end(bytes);
    child.once('error', reject);
    child.once('close', (code) => {
      if (tooLarge) reject(new DocumentTooLargeError());
      else if (code === 0) resolve(Buffer.concat(chunks).toString('utf8'));
      else reject(new Error(`${tool} could not read the PDF`));
    });
  });
}

// Explicit direction marks poppler puts around right-to-left runs; the text is already in reading order.
const DIRECTION_MARKS = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * A PDF's text through poppler's pdftotext, in a process of its own: in reading order in every script (Arabic and
 * Hebrew logical, not visual; Arabic presentation forms and CJK radicals mapped back to the letters they show),
 * which pdf.js's text layer was not.
 */
async function pdfText(bytes: Uint8Array, limits: ParseLimits): Promise<DocumentText> {
  const [text, info] = await Promise.all([
    poppler('pdftotext', ['-q', '-enc', 'UTF-8', '-'], bytes, { maxBytes: limits.maxTextChars, timeoutMs: limits.timeoutMs }),
    poppler('pdfinfo', ['-enc', 'UTF-8'], bytes, { maxBytes: 1024 * 1024, timeoutMs: limits.timeoutMs }),
  ]);
  const title = /^Title:\s*(.+)$/m.exec(info)?.[1]?.trim();
  return { text: joinCjkLines(text.replace(DIRECTION_MARKS, '').replace(/\f/g, '\n\n')), title: title || null };
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
