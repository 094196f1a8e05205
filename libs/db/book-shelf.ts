import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { estimatedPages, projectName, shelfStatus, WORDS_PER_PAGE } from '../domain/index.ts';
import { BookProject, GeneratedChapter, type GeneratorProject, User, type SavedChapter } from './entities/index.ts';

/** The saved book's copy of the project's plan and chapters, and its badges, as they are now. */
async function shelfFields(em: EntityManager, project: GeneratorProject) {
  const chapters = await em.find(GeneratedChapter, { project: project.id, number: { $gt: 0 } }, { orderBy: { number: 'asc' } });
  const outline = project.outline ?? [];
  const chaptersData: SavedChapter[] = chapters.map((c) => {
    const planned = outline.find((o) => o.number === c.number);
    return {
      id: `chapter-${String(c.number).padStart(2, '0')}`,
      chapterNumber: c.number,
      title: c.title,
      slug: projectName(c.title),
      description: planned?.description ?? '',
      key_points: planned?.key_points ?? [],
      target_words: planned?.target_words ?? 0,
      word_count: c.wordCount,
      status: 'generated',
      generated_at: c.generatedAt.toISOString(),
    };
  });
  const { status, generationStatus } = shelfStatus(project);
  return {
    title: project.title,
    author: project.author,
    outline: {
      book: { title: project.title, description: project.topic, target_length: project.totalTargetWords },
      chapters: outline.map((o) => ({ id: `chapter-${String(o.number).padStart(2, '0')}`, title: o.title, description: o.description, target_words: o.target_words, key_points: o.key_points, status: chapters.some((c) => c.number === o.number) ? 'generated' : 'pending', slug: projectName(o.title) })),
    },
    tocData: outline.map((o) => ({ chapter_title: o.title, chapter_ideas: o.key_points, estimated_pages: String(Math.max(1, Math.round(o.target_words / WORDS_PER_PAGE))) })),
    chaptersData,
    coverPdfTemplate: project.coverTemplate ?? null,
    status,
    generationStatus,
    wordCount: chapters.reduce((sum, c) => sum + c.wordCount, 0),
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
  const fields = await shelfFields(em, project);
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
