import type { GeneratedChapter, GeneratorProject } from '../../../../libs/db/index.ts';
import { WORDS_PER_PAGE } from '../../../../libs/domain/index.ts';

export const chapterView = (c: GeneratedChapter) => ({
  chapter_number: c.number,
  chapter_title: c.title,
  content: c.content,
  word_count: c.wordCount,
  estimated_pages: Math.max(1, Math.round(c.wordCount / WORDS_PER_PAGE)),
  status: 'generated' as const,
  generated_at: c.generatedAt.toISOString(),
});

export const tocView = (project: GeneratorProject) =>
  (project.outline ?? []).map((c) => ({
    chapter_number: c.number,
    title: c.title,
    chapter_title: c.title,
    description: c.description,
    chapter_description: c.description,
    key_points: c.key_points,
    chapter_ideas: c.key_points,
    target_words: c.target_words,
    estimated_pages: String(Math.max(1, Math.round(c.target_words / WORDS_PER_PAGE))),
  }));

export const projectView = (project: GeneratorProject, chapters: GeneratedChapter[]) => ({
  project_id: project.id,
  name: project.name,
  title: project.title,
  author: project.author,
  topic: project.topic,
  writing_style: project.writingStyle,
  total_target_words: project.totalTargetWords,
  ai_model: project.provider,
  stage: project.stage,
  failed_stage: project.failedStage ?? null,
  error: project.error ?? null,
  outline: project.outline ? { chapters: tocView(project) } : null,
  introduction: project.introduction ?? null,
  chapters: chapters.map(chapterView),
  summary: project.summary ?? null,
  source_materials: project.sourceBatchId ?? null,
  references: project.references ?? [],
  finalized: Boolean(project.finalizedAt),
  pdf_path: project.pdfKey ? `/api/projects/${project.id}/download/pdf` : null,
  cover_path: project.coverPdfKey ? `/api/projects/${project.id}/download/cover-pdf` : null,
  page_count: project.pageCount ?? null,
  ai_provider_calls: project.providerCalls,
  total_cost: Number(project.costUsd),
  created_at: project.createdAt.toISOString(),
});
