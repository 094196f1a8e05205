import type { EntityManager } from '@mikro-orm/core';
import { projectName, WORDS_PER_PAGE, type SavedChapter } from '../domain/index.ts';
import { GeneratedChapter, type GeneratorProject } from './entities/index.ts';

type ChapterFacts = Pick<GeneratedChapter, 'number' | 'title' | 'wordCount' | 'generatedAt'>;

/**
 * What a saved book lists of its contents (the dashboard's outline, toc_data, chapters_data and word_count), derived
 * from its project's plan and chapters, their one home. A chapter joins the list once it has text.
 */
export function savedBookContents(project: Pick<GeneratorProject, 'outline' | 'title' | 'topic' | 'totalTargetWords'>, chapters: readonly ChapterFacts[]) {
  const plan = project.outline ?? [];
  const written = chapters.filter((c) => c.number > 0 && c.wordCount > 0).sort((a, b) => a.number - b.number);
  const chaptersData = written.map((c): SavedChapter => {
    const planned = plan.find((o) => o.number === c.number);
    return {
      id: chapterId(c.number),
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
  return {
    outline: {
      book: { title: project.title, description: project.topic, target_length: project.totalTargetWords },
      chapters: plan.map((o) => ({
        id: chapterId(o.number),
        title: o.title,
        description: o.description,
        target_words: o.target_words,
        key_points: o.key_points,
        status: written.some((c) => c.number === o.number) ? ('generated' as const) : ('pending' as const),
        slug: projectName(o.title),
      })),
    },
    tocData: plan.map((o) => ({ chapter_title: o.title, chapter_ideas: o.key_points, estimated_pages: String(Math.max(1, Math.round(o.target_words / WORDS_PER_PAGE))) })),
    chaptersData,
    wordCount: chaptersData.reduce((sum, c) => sum + c.word_count, 0),
  };
}
export type SavedBookContents = ReturnType<typeof savedBookContents>;

const chapterId = (n: number) => `chapter-${String(n).padStart(2, '0')}`;

/** Each project's saved-book contents, its chapters read in one query (without their text). */
export async function savedBookContentsOf(em: EntityManager, projects: readonly GeneratorProject[]): Promise<Map<string, SavedBookContents>> {
  const rows = projects.length
    ? await em.find(GeneratedChapter, { project: { $in: projects.map((p) => p.id) }, number: { $gt: 0 }, wordCount: { $gt: 0 } }, { fields: ['project', 'number', 'title', 'wordCount', 'generatedAt'] })
    : [];
  return new Map(projects.map((p) => [p.id, savedBookContents(p, rows.filter((c) => c.project.id === p.id))]));
}
