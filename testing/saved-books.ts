// Saved books as saving a generated book leaves them (a generator project with its files in storage, and the
// book_projects row), made straight in the database for tests of what is done with a finished book.
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import { BookProject, GeneratorProject, User } from '../libs/db/index.ts';
import { DEFAULT_POD_PACKAGE_ID, DEFAULT_TRIM_SIZE, projectFileKey, type TrimSizeId } from '../libs/domain/index.ts';
import type { StorageService } from '../libs/storage/index.ts';
import { printReadyFiles } from './print-files.ts';

export interface TestSavedBook {
  title?: string;
  pages?: number;
  /** The interior and cover in storage (print-ready ones for `pages` by default); a file left out is not built. */
  files?: { interior?: Buffer; cover?: Buffer };
  generationStatus?: string;
  /** The book's trim (6x9 by default). */
  trimSize?: TrimSizeId;
}

/** A saved book of `userId`; its id. */
export async function insertSavedBook(deps: { orm: MikroORM; storage: StorageService }, userId: string, book: TestSavedBook = {}): Promise<string> {
  const em = deps.orm.em.fork();
  const title = book.title ?? 'Printed Matter';
  const pages = book.pages ?? 40;
  const now = new Date();
  const project = em.create(GeneratorProject, {
    id: randomUUID(),
    user: em.getReference(User, userId),
    name: 'saved-book-test',
    title,
    author: 'Ada Writer',
    topic: 'How books are printed',
    writingStyle: 'professional',
    totalTargetWords: 10_000,
    provider: 'mock',
    mode: 'auto',
    pageCount: pages,
    trimSize: book.trimSize ?? DEFAULT_TRIM_SIZE,
    createdAt: now,
    updatedAt: now,
  });
  for (const [kind, bytes] of Object.entries(book.files ?? printReadyFiles(DEFAULT_POD_PACKAGE_ID, pages)) as ['interior' | 'cover', Buffer | undefined][]) {
    if (!bytes) continue;
    const key = projectFileKey(project, `${kind}.pdf`);
    await deps.storage.put(key, bytes, 'application/pdf');
    if (kind === 'interior') project.pdfKey = key;
    else project.coverPdfKey = key;
  }
  const saved = em.create(BookProject, {
    id: randomUUID(),
    user: em.getReference(User, userId),
    generatorProject: project,
    title,
    author: 'Ada Writer',
    bookIdea: 'How books are printed',
    topic: 'How books are printed',
    writingStyle: 'professional',
    source: 'one-shot',
    status: 'complete',
    generationStatus: book.generationStatus ?? 'completed',
    pageCount: pages,
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  return saved.id;
}
