import type { BuildStatus, OrchestrationStatus } from '../../../../libs/contracts/index.ts';
import type { GeneratorProject } from '../../../../libs/db/index.ts';
import { BuildMessages } from '../../../../libs/domain/index.ts';
import type { BookProgress } from '../../../../workflows/book/messages.ts';
import { downloadsOf } from '../common/project-files.ts';

/** Where a one-shot run stands, from the workflow's progress and the project's row. */
export function orchestrationStatusOf(project: GeneratorProject, progress: BookProgress): OrchestrationStatus {
  const current = progress.currentChapter ? project.outline?.find((c) => c.number === progress.currentChapter) : undefined;
  const status = progress.stage === 'complete' ? 'completed' : progress.failedStage ? 'failed' : progress.stage === 'cancelled' ? 'cancelled' : 'running';
  return {
    status,
    title: project.title,
    author: project.author,
    current_step: progress.stage,
    progress: progress.percent,
    message: progress.message,
    steps_completed: progress.history.filter((h) => h.completed).map((h) => h.stage),
    stage_history: progress.history,
    toc_details: { chapter_count: progress.chapterCount },
    current_chapter: current ? { number: current.number, title: current.title } : null,
    chapters: progress.chapters,
    words_so_far: progress.wordsSoFar,
    ai_provider_calls: project.providerCalls,
    total_cost: Number(project.costUsd),
    project_id: project.id,
    cover_complete: Boolean(project.coverPdfKey),
    downloads: downloadsOf(project, `/api/projects/${project.id}`),
    failed_stage: progress.failedStage,
    error: progress.error,
  };
}

/**
 * Where the build of a project's files stands. Before a packaging run reports (no buildStatus yet), the book
 * workflow's own build counts: failed at 'building', under way once finalized, complete once the PDF exists.
 */
export function buildStatusOf(project: GeneratorProject): BuildStatus {
  const files = { page_count: project.pageCount ?? null, pdf_size: project.pdfSize ?? null, downloads: downloadsOf(project, `/api/projects/${project.id}`) };
  if (project.buildStatus === 'error' || (!project.buildStatus && project.failedStage === 'building')) {
    return { status: 'error', message: BuildMessages.failed, error: project.buildError ?? project.error ?? null, ...files };
  }
  if (project.buildStatus === 'building' || (!project.buildStatus && !project.pdfKey && (project.stage === 'building' || project.finalizedAt))) {
    return { status: 'building', message: project.buildMessage ?? BuildMessages.building, error: null, ...files };
  }
  if (project.pdfKey) return { status: 'complete', message: BuildMessages.complete, error: null, ...files };
  return { status: 'not_started', message: BuildMessages.notStarted, error: null, ...files };
}
