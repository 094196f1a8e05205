import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { SourceSummary } from '../contracts/index.ts';
import { SourceFile, User } from '../db/index.ts';
import { countWords } from '../domain/index.ts';
import type { StorageService } from '../storage/index.ts';
import { claimedKind, contentMatches, ExtractionError, extractSource, nameProblem, SOURCE_LIMITS, SourceMessages, type SourceText } from './extract.ts';
import { markdownTitle, metadataTitle, proseOf, sourceTitle } from './prose.ts';

export interface UploadedFile {
  originalname: string;
  size: number;
  buffer: Buffer;
}

export class SourceValidationError extends Error {
  readonly status: 400 | 422;

  constructor(status: 400 | 422, message: string) {
    super(message);
    this.name = 'SourceValidationError';
    this.status = status;
  }
}

const STOP = new Set('about after also because before being between could every first from have into more most other over same some such than that their there these they this those through under very what when where which while with would your'.split(' '));

/** The words a set of sources talks about most, for the summary and the outline prompt. */
export function mainTopics(texts: string[]): string[] {
  const counts = new Map<string, number>();
  for (const word of texts.join(' ').toLowerCase().match(/\p{L}{5,}/gu) ?? []) if (!STOP.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 6).map(([w]) => w);
}

/**
 * Checks (count, total size, names, kind by name and by content), extracts the text, stores original and text in
 * MinIO and records the files. Nothing is stored unless every file passes.
 */
export async function ingestSources(em: EntityManager, storage: StorageService, files: UploadedFile[], userId?: string): Promise<SourceSummary> {
  if (files.length === 0) throw new SourceValidationError(400, 'File validation failed: no files were uploaded');
  if (files.length > SOURCE_LIMITS.maxFiles) throw new SourceValidationError(400, SourceMessages.tooMany);
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > SOURCE_LIMITS.maxTotalBytes) throw new SourceValidationError(400, SourceMessages.tooLarge);
  for (const file of files) {
    const problem = nameProblem(file.originalname);
    if (problem) throw new SourceValidationError(422, problem);
  }
  const unsupported = files.filter((f) => !claimedKind(f.originalname)).map((f) => f.originalname);
  if (unsupported.length) throw new SourceValidationError(422, SourceMessages.unsupported(unsupported));

  const extracted = [];
  for (const file of files) {
    const kind = claimedKind(file.originalname) as NonNullable<ReturnType<typeof claimedKind>>;
    if (!contentMatches(kind, file.buffer)) throw new SourceValidationError(422, SourceMessages.mismatch(file.originalname));
    const { text, title } = await extractSource(kind, file.buffer).catch((error: unknown) => {
      if (!(error instanceof ExtractionError)) throw error;
      const name = file.originalname;
      throw new SourceValidationError(422, error.failure === 'too-large' ? SourceMessages.tooLargeUnpacked(name) : error.failure === 'too-slow' ? SourceMessages.tooSlow(name) : SourceMessages.mismatch(name));
    });
    if (countWords(text) === 0) throw new SourceValidationError(422, SourceMessages.empty(file.originalname));
    extracted.push({ file, kind, text, title: metadataTitle(title) ?? (kind === 'md' ? markdownTitle(text) : null) });
  }

  const batchId = randomUUID();
  for (const [index, { file, kind, text, title }] of extracted.entries()) {
    const base = `sources/${batchId}/${index + 1}`;
    await storage.put(`${base}/original.${kind}`, file.buffer, 'application/octet-stream', file.size);
    await storage.put(`${base}/text.txt`, text, 'text/plain; charset=utf-8');
    em.create(SourceFile, {
      id: randomUUID(),
      batchId,
      user: userId ? em.getReference(User, userId) : null,
      position: index + 1,
      filename: file.originalname,
      title,
      kind,
      size: file.size,
      wordCount: countWords(text),
      objectKey: `${base}/original.${kind}`,
      textKey: `${base}/text.txt`,
      createdAt: new Date(),
    });
  }
  await em.flush();

  const words = extracted.reduce((sum, e) => sum + countWords(e.text), 0);
  const topics = mainTopics(extracted.map((e) => e.text));
  return {
    source_materials_id: batchId,
    summary: `${files.length} file${files.length === 1 ? '' : 's'}, ${words.toLocaleString('en-US')} words: ${files.map((f) => f.originalname).join(', ')}. Main topics: ${topics.join(', ')}.`,
    file_count: files.length,
    word_count: words,
    total_size: total,
    files: extracted.map((e) => ({ filename: e.file.originalname, kind: e.kind, size: e.file.size, word_count: countWords(e.text) })),
  };
}

/**
 * The texts of a batch as prose, numbered as the book will cite them, each with its title (the one recorded at upload;
 * for a file uploaded before titles were recorded, its first heading, else its name).
 */
export async function loadSourceTexts(em: EntityManager, storage: StorageService, batchId: string): Promise<(SourceText & { title: string })[]> {
  const files = await em.find(SourceFile, { batchId }, { orderBy: { position: 'asc' } });
  return Promise.all(
    files.map(async (f) => {
      const text = (await storage.getBuffer(f.textKey)).toString('utf8');
      return { n: f.position, filename: f.filename, title: f.title ?? sourceTitle({ filename: f.filename, kind: f.kind, text }), text: proseOf(f.kind, text) };
    }),
  );
}
