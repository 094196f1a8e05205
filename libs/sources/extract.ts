import { extname } from 'node:path';
import { countWords } from '../domain/index.ts';
import { boundedPool } from '../worker-pool/index.ts';
import type { ParseLimits } from './parse.ts';
import type parse from './parse-worker.ts';

const SOURCE_KINDS = ['md', 'txt', 'docx', 'pdf'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const SOURCE_LIMITS = { maxFiles: 5, maxTotalBytes: 10 * 1024 * 1024 } as const;

export const SourceMessages = {
  tooMany: 'Maximum 5 files allowed',
  tooLarge: 'Total file size cannot exceed 10MB',
  unsupported: (names: string[]) => `Unsupported file formats: ${names.join(', ')}. Supported: MD, TXT, DOCX, PDF`,
  mismatch: (name: string) => `${name} is not what its name says: its content is not a valid ${extname(name).slice(1).toUpperCase()} file`,
  empty: (name: string) => `${name} has no readable text`,
  tooLargeUnpacked: (name: string) => `${name} is too large when unpacked`,
  tooSlow: (name: string) => `${name} takes too long to read`,
  nameTooLong: 'File names cannot exceed 255 characters',
  nameInvalid: 'File names cannot contain control characters',
} as const;

/** What the file_name column holds; control characters (NUL above all) have no place in a file name. */
export function nameProblem(filename: string): string | null {
  if ([...filename].length > 255) return SourceMessages.nameTooLong;
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]/.test(filename) ? SourceMessages.nameInvalid : null;
}

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

/**
 * DOCX and PDF are parsed in a worker thread, so that a hostile file costs that thread and not the API's event
 * loop: bounded in what it unpacks to, its heap, and its time; at most MAX_PARSERS at once.
 */
const PARSE_LIMITS = {
  maxUnpackedBytes: 24 * 1024 * 1024,
  maxZipEntries: 2000,
  maxTextChars: 20 * 1024 * 1024,
  maxHeapMb: 512,
  timeoutMs: 20_000,
} as const;
const MAX_PARSERS = 2;

export type ExtractionFailure = 'too-large' | 'too-slow' | 'unreadable';

export class ExtractionError extends Error {
  readonly failure: ExtractionFailure;

  constructor(failure: ExtractionFailure) {
    super(`text extraction failed: ${failure}`);
    this.name = 'ExtractionError';
    this.failure = failure;
  }
}

/** At most MAX_PARSERS documents at once, each in a thread with a bounded heap. */
const parsers = boundedPool('./parse-worker', import.meta.url, { threads: MAX_PARSERS, heapMb: PARSE_LIMITS.maxHeapMb });

async function parseInWorker(kind: 'docx' | 'pdf', bytes: Buffer): Promise<{ text: string; title: string | null }> {
  const limits: ParseLimits = { maxUnpackedBytes: PARSE_LIMITS.maxUnpackedBytes, maxZipEntries: PARSE_LIMITS.maxZipEntries, maxTextChars: PARSE_LIMITS.maxTextChars, timeoutMs: PARSE_LIMITS.timeoutMs };
  let answer: Awaited<ReturnType<typeof parse>>;
  try {
    // The time limit counts from the request, a wait for a free thread included; an aborted task's thread is
    // terminated, so a document that will not finish stops costing CPU.
    answer = (await parsers.run({ kind, bytes: new Uint8Array(bytes), limits }, { signal: AbortSignal.timeout(PARSE_LIMITS.timeoutMs) })) as typeof answer;
  } catch (error) {
    const { name, code } = error as Error & { code?: string };
    if (name === 'AbortError' || name === 'TimeoutError') throw new ExtractionError('too-slow');
    // Running out of heap is the file's doing; any other failure of the thread itself is the server's.
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw new ExtractionError('too-large');
    throw error;
  }
  if ('text' in answer) return answer;
  throw new ExtractionError(answer.failure);
}

/** Trailing spaces and tabs of each line, removed in linear time (a regular expression backtracks on long runs). */
function trimLineEnds(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let end = line.length;
      while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
      return line.slice(0, end);
    })
    .join('\n');
}

/**
 * The text of a source file (DOCX through mammoth and PDF through pdf.js, in a worker thread; Markdown and text as
 * UTF-8) and the title its metadata gives (DOCX and PDF), if any.
 */
export async function extractSource(kind: SourceKind, bytes: Buffer): Promise<{ text: string; title: string | null }> {
  const { text, title } = kind === 'pdf' || kind === 'docx' ? await parseInWorker(kind, bytes) : { text: bytes.toString('utf8'), title: null };
  return {
    text: trimLineEnds(text.replace(/\r\n/g, '\n'))
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    title,
  };
}

export const extractText = async (kind: SourceKind, bytes: Buffer): Promise<string> => (await extractSource(kind, bytes)).text;

/** A source as the book uses it: its number, file name, title, and its text as prose (Markdown syntax removed). */
export interface SourceText {
  n: number;
  filename: string;
  title?: string;
  text: string;
}

/**
 * Where a sentence ends, in any script: a paragraph break; Latin full stops before a space; and the full stops of
 * scripts that need no space after them (。！？ in CJK, the Arabic ؟ and Urdu ۔, the Devanagari danda ।).
 */
const SENTENCE_END = /\n{2,}|(?<=[.!?])\s+|(?<=[\u3002\uff01\uff1f\u061f\u06d4\u0964\u0965])\s*/u;

/** Passages of about 120 words, cut at paragraph and sentence ends, each remembering its source's number and title. */
export function passagesOf(sources: SourceText[], size = 120): { n: number; source: string; text: string }[] {
  const out: { n: number; source: string; text: string }[] = [];
  for (const source of sources) {
    let current: string[] = [];
    let words = 0;
    const sentences = source.text.split(SENTENCE_END).map((s) => s.trim()).filter(Boolean);
    for (const sentence of sentences) {
      current.push(sentence);
      words += countWords(sentence);
      if (words >= size) {
        out.push({ n: source.n, source: source.title ?? source.filename, text: current.join(' ') });
        current = [];
        words = 0;
      }
    }
    if (current.length) out.push({ n: source.n, source: source.title ?? source.filename, text: current.join(' ') });
  }
  return out;
}

const IDEOGRAPHIC = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]/u;
let segmenter: Intl.Segmenter | undefined;

/**
 * The words that tell a text apart, in any script: words of four letters or more, or of two or more in Chinese and
 * Japanese, where two characters already make a word. Words come from Intl.Segmenter, so scripts written without
 * spaces split into words, and vowel signs stay inside theirs.
 */
function termsOf(text: string): Set<string> {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  const terms = new Set<string>();
  for (const { segment, isWordLike } of segmenter.segment(text.toLowerCase())) {
    if (isWordLike && [...segment].length >= (IDEOGRAPHIC.test(segment) ? 2 : 4)) terms.add(segment);
  }
  return terms;
}

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
