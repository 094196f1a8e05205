import type { ChapterView, CoverAnswer, ProjectView, TocEntry } from '../../../../libs/contracts/index.ts';
import type { GeneratedChapter, GeneratorProject } from '../../../../libs/db/index.ts';
import { bookLanguage, filesOutdated, WORDS_PER_PAGE } from '../../../../libs/domain/index.ts';
import { bookCoverGeometry } from '../../../../libs/render/book-cover.ts';
import { downloadsOf, ownCoverOf } from '../common/project-files.ts';

export const chapterView = (c: GeneratedChapter): ChapterView => ({
  chapter_number: c.number,
  chapter_title: c.title,
  content: c.content,
  word_count: c.wordCount,
  estimated_pages: Math.max(1, Math.round(c.wordCount / WORDS_PER_PAGE)),
  status: 'generated',
  generated_at: c.generatedAt.toISOString(),
});

export const tocView = (project: GeneratorProject): TocEntry[] =>
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

/** The size a full-wrap cover of the book must be, in inches. */
export function coverSizeOf(project: GeneratorProject): ProjectView['cover_size'] {
  const geometry = bookCoverGeometry(project);
  return geometry && { width_in: round(geometry.widthIn), height_in: round(geometry.heightIn), spine_in: round(geometry.spineIn) };
}
const round = (inches: number) => Math.round(inches * 1000) / 1000;

/** The book's cover files as the cover calls answer them. */
export function coverAnswerOf(project: GeneratorProject): CoverAnswer {
  const base = `/api/projects/${project.id}`;
  return {
    status: 'complete',
    template: project.coverTemplate ?? null,
    page_count: project.pageCount ?? null,
    cover_pdf_size: project.coverPdfSize ?? null,
    cover_png_size: project.coverPngSize ?? null,
    cover_pdf_url: `${base}/download/cover-pdf`,
    cover_png_url: `${base}/download/cover-png`,
  };
}

export function projectView(project: GeneratorProject, chapters: GeneratedChapter[]): ProjectView {
  const downloads = downloadsOf(project, `/api/projects/${project.id}`);
  const language = bookLanguage(project.language);
  return {
    project_id: project.id,
    name: project.name,
    title: project.title,
    author: project.author,
    topic: project.topic,
    writing_style: project.writingStyle,
    language: language.tag,
    language_name: language.english,
    generation_mode: project.generationMode ?? null,
    content_depth: project.contentDepth ?? null,
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
    pdf_path: downloads.pdf ?? null,
    cover_path: downloads['cover-pdf'] ?? null,
    page_count: project.pageCount ?? null,
    trim_size: project.trimSize,
    paper: project.paper,
    own_cover: ownCoverOf(project),
    cover_size: coverSizeOf(project),
    files_outdated: filesOutdated(project),
    ai_provider_calls: project.providerCalls,
    total_cost: Number(project.costUsd),
    created_at: project.createdAt.toISOString(),
  };
}
