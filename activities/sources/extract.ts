import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import mammoth from 'mammoth';
import { countWords } from '../../libs/domain/index.ts';

export const SOURCE_KINDS = ['md', 'txt', 'docx', 'pdf'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const SOURCE_LIMITS = { maxFiles: 5, maxTotalBytes: 10 * 1024 * 1024 } as const;

export const SourceMessages = {
  tooMany: 'Maximum 5 files allowed',
  tooLarge: 'Total file size cannot exceed 10MB',
  unsupported: (names: string[]) => `Unsupported file formats: ${names.join(', ')}. Supported: MD, TXT, DOCX, PDF`,
  mismatch: (name: string) => `${name} is not what its name says: its content is not a valid ${extname(name).slice(1).toUpperCase()} file`,
  empty: (name: string) => `${name} has no readable text`,
} as const;

/** The kind a file claims by its name, if it is one we read. */
export function claimedKind(filename: string): SourceKind | null {
  const ext = extname(filename).slice(1).toLowerCase();
  return ext === 'markdown' ? 'md' : (SOURCE_KINDS as readonly string[]).includes(ext) ? (ext as SourceKind) : null;
}

/** Checks the bytes, not only the name: PDFs start with %PDF-, DOCX files are ZIP archives, text is UTF-8 without NULs. */
export function contentMatches(kind: SourceKind, bytes: Buffer): boolean {
  if (kind === 'pdf') return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
  if (kind === 'docx') return bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (bytes.includes(0)) return false;
  return !new TextDecoder('utf-8', { fatal: false }).decode(bytes).includes('\uFFFD');
}

/** pdf.js reads the metrics of the 14 standard PDF fonts from its own package. */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= document.numPages; i++) {
    const content = await (await document.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
  }
  await document.destroy();
  return pages.join('\n\n');
}

/** The text of a source file, with well-kept libraries for DOCX (mammoth) and PDF (pdf.js). */
export async function extractText(kind: SourceKind, bytes: Buffer): Promise<string> {
  const text = kind === 'pdf' ? await pdfText(bytes) : kind === 'docx' ? (await mammoth.extractRawText({ buffer: bytes })).value : bytes.toString('utf8');
  return text.replace(/\r\n/g, '\n').replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}

export interface SourceText {
  n: number;
  filename: string;
  text: string;
}

/** Passages of about 120 words, cut at paragraph and sentence ends, each remembering its source's number. */
export function passagesOf(sources: SourceText[], size = 120): { n: number; source: string; text: string }[] {
  const out: { n: number; source: string; text: string }[] = [];
  for (const source of sources) {
    let current: string[] = [];
    let words = 0;
    const sentences = source.text.split(/\n{2,}|(?<=[.!?])\s+/).map((s) => s.trim()).filter(Boolean);
    for (const sentence of sentences) {
      current.push(sentence);
      words += countWords(sentence);
      if (words >= size) {
        out.push({ n: source.n, source: source.filename, text: current.join(' ') });
        current = [];
        words = 0;
      }
    }
    if (current.length) out.push({ n: source.n, source: source.filename, text: current.join(' ') });
  }
  return out;
}

const termsOf = (text: string) => new Set((text.toLowerCase().match(/\p{L}{4,}/gu) ?? []));

/** The passages that matter most to a chapter: the most terms in common with its title, description and points. */
export function relevantPassages<T extends { text: string }>(passages: T[], brief: string, limit = 4): T[] {
  const wanted = termsOf(brief);
  return passages
    .map((passage, index) => ({ passage, index, score: [...termsOf(passage.text)].filter((t) => wanted.has(t)).length }))
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((p) => p.passage);
}

/** Keeps citations that point at a source the chapter was given; any other [n] is removed, so none points nowhere. */
export function keepValidCitations(text: string, allowed: Set<number>): string {
  return text.replace(/\s?\[(\d+)\]/g, (match, n: string) => (allowed.has(Number(n)) ? match : ''));
}

export const citedNumbers = (text: string) => new Set([...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])));
