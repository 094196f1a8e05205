import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { estimatedPages, shelfStatus } from '../domain/index.ts';
import { BookProject, type GeneratorProject, User } from './entities/index.ts';

/** The saved book's badges and facts as they are now (its contents are read from the project's, see saved-book-contents.ts). */
function shelfFields(project: GeneratorProject) {
  const { status, generationStatus } = shelfStatus(project);
  return {
    title: project.title,
    author: project.author,
    coverPdfTemplate: project.coverTemplate ?? null,
    status,
    generationStatus,
    pageCount: project.pageCount ?? null,
    completedAt: status === 'complete' ? (project.completedAt ?? project.builtAt ?? new Date()) : null,
  };
}

/**
 * Puts a signed-in author's book in My Books, or brings its copy up to date: from the moment it starts (so nothing an
 * author begins is lost), and again when it is finished. The text and files stay with the generator project.
 */
export async function shelveBook(em: EntityManager, project: GeneratorProject, source: string): Promise<{ book: BookProject; created: boolean }> {
  if (!project.user) throw new Error('Only a book with an author account goes in My Books');
  const fields = shelfFields(project);
  const existing = await em.findOne(BookProject, { generatorProject: project.id }, { populate: ['generatorProject'] });
  if (existing) {
    Object.assign(existing, fields);
    await em.flush();
    return { book: existing, created: false };
  }
  const book = em.create(BookProject, {
    id: randomUUID(),
    user: em.getReference(User, project.user.id),
    generatorProject: project,
    bookIdea: project.topic,
    topic: project.topic,
    ...fields,
    writingStyle: project.writingStyle,
    targetAudience: null,
    estimatedLength: estimatedPages(project.totalTargetWords),
    source,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  await em.flush();
  return { book, created: true };
}
