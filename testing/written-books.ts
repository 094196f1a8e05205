// Written books made straight in the database (a generator project and its chapters, each chapter's first version),
// for tests of what the author does with the text once it is written.
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import { GeneratorProject, User, writeChapter } from '../libs/db/index.ts';
import type { ProviderId } from '../libs/domain/index.ts';

export interface TestWrittenBook {
  /** The owner; an anonymous book when left out. */
  userId?: string;
  provider?: ProviderId;
  writingStyle?: string;
  /** Each chapter's title and Markdown text, numbered from 1. */
  chapters: { title: string; content: string }[];
}

/** A written book with its chapters at version 1; its project id. */
export async function insertWrittenBook(orm: MikroORM, book: TestWrittenBook): Promise<string> {
  const em = orm.em.fork();
  const now = new Date();
  const project = em.create(GeneratorProject, {
    id: randomUUID(),
    user: book.userId ? em.getReference(User, book.userId) : null,
    name: 'written-book-test',
    title: 'Remote Leadership',
    author: 'Ada Writer',
    topic: 'How small companies lead distributed teams with trust and rituals',
    writingStyle: book.writingStyle ?? 'practical',
    totalTargetWords: 10_000,
    provider: book.provider ?? 'mock',
    mode: 'step',
    stage: 'generating_chapters',
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  for (const [i, chapter] of book.chapters.entries()) {
    await writeChapter(em, { projectId: project.id, number: i + 1, title: chapter.title, content: chapter.content, source: 'generated', by: 'mock' });
  }
  return project.id;
}
