import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { Client, WorkflowNotFoundError, WorkflowUpdateFailedError, type WorkflowHandle, type WorkflowStartOptions } from '@temporalio/client';
import type { Config } from '../../../../libs/config/index.ts';
import { GeneratedChapter, GeneratorProject, readBookProgress, settleBookProgress } from '../../../../libs/db/index.ts';
import { bookWorkflowId, EditingMessages, GenerationMessages, innermostMessage, ProjectMessages, writtenSoFar } from '../../../../libs/domain/index.ts';
import { firstProgress, isBeingWritten, progressQuery, writingQuery, type BookInput, type BookProgress } from '../../../../workflows/book/messages.ts';
import type { bookWorkflow } from '../../../../workflows/book/workflow.ts';
import { ProjectIdAttribute, StageAttribute, UserIdAttribute } from '../../../../workflows/search-attributes.ts';
import { CONFIG } from '../config/config.module.ts';
import { BookProgressFeed } from './book-progress-feed.ts';
import type { ProgressSource } from './chapter-stream.ts';
import { chapterSettingsOf } from './projects.dto.ts';
import { progressAfterEndedRun } from './ended-run.ts';

/** A stage call waits out a run that is just ending (it takes an activity's time) for at most this long. */
const CLOSING_WAIT_MS = 250;
const STEP_ATTEMPTS = 20;
/** How long an edit waits to learn whether the book is being written before it gives up (503). */
const PROGRESS_DEADLINE_MS = 5000;
// The writing flag is read on every poll of a page following a stage: a busy or stopped Temporal must not hold it up.
const ENDED_CHECK_DEADLINE_MS = 1000;

/** What a start of `book-<id>` takes from its caller; the rest comes from the project and the configuration. */
export type BookStart = Omit<BookInput, 'projectId' | 'provider' | 'chapterConcurrency' | 'idleTimeout'>;

/**
 * The one door from the API to `book-<projectId>` runs: start a book, run its stages (resuming a step-mode book whose
 * run ended after a long pause), read its progress, ask whether it is being written, cancel it, and end it when the
 * author deletes the book.
 */
@Injectable()
export class BookWorkflowService {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly em: EntityManager,
    @Inject(Client) private readonly temporal: Client,
    private readonly feed: BookProgressFeed,
  ) {}

  /** Starts a run of the book's workflow; a step-mode run ends after STEP_MODE_IDLE_DAYS without a stage call. */
  start(project: GeneratorProject, input: BookStart, options: Pick<WorkflowStartOptions, 'workflowIdReusePolicy' | 'workflowIdConflictPolicy'> = {}): Promise<unknown> {
    return this.temporal.workflow.start<typeof bookWorkflow>('bookWorkflow', {
      workflowId: bookWorkflowId(project.id),
      taskQueue: this.config.TEMPORAL_TASK_QUEUE,
      args: [{ projectId: project.id, provider: project.provider, ...(this.config.CHAPTER_CONCURRENCY ? { chapterConcurrency: this.config.CHAPTER_CONCURRENCY } : {}), idleTimeout: `${this.config.STEP_MODE_IDLE_DAYS} days` as const, ...input }],
      typedSearchAttributes: [
        { key: ProjectIdAttribute, value: project.id },
        { key: StageAttribute, value: 'creating_project' },
        ...(project.user ? [{ key: UserIdAttribute, value: project.user.id }] : []),
      ],
      ...options,
    });
  }

  /** The run's handle, for a caller that follows a stage as it goes (the chapter stream). */
  handle(projectId: string): WorkflowHandle<typeof bookWorkflow> {
    return this.temporal.workflow.getHandle<typeof bookWorkflow>(bookWorkflowId(projectId));
  }

  /**
   * Runs one stage: `call` sends the run its update, and what it returns is answered. A refused or failed stage becomes
   * a 400 with the workflow's message. A book whose run ended after a long pause is resumed first, so the stage call
   * works as if the run had waited.
   */
  async stage<T>(projectId: string, call: (run: WorkflowHandle<typeof bookWorkflow>) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const again = attempt < STEP_ATTEMPTS;
      try {
        return await call(this.handle(projectId));
      } catch (error) {
        if (error instanceof WorkflowNotFoundError && again) {
          await this.resume(error.workflowId);
          continue;
        }
        if (!(error instanceof WorkflowUpdateFailedError)) throw error;
        const message = innermostMessage(error);
        // The call came as the run was ending: once it has ended, the next attempt resumes the book.
        if (message === GenerationMessages.bookClosing && again) {
          await new Promise((resolve) => setTimeout(resolve, CLOSING_WAIT_MS));
          continue;
        }
        throw new BadRequestException(message);
      }
    }
  }

  /**
   * A step-mode book whose run ended after a long pause gets a new run that reads what is written so far; the same
   * id may start again once the old run has closed, and two calls resuming at once share one run. Any other closed
   * book says why it takes no more stages.
   */
  private async resume(workflowId: string): Promise<void> {
    const projectId = workflowId.slice(bookWorkflowId('').length);
    const em = this.em.fork();
    const project = await em.findOne(GeneratorProject, { id: projectId });
    if (!project) throw new NotFoundException(ProjectMessages.notFound);
    if (project.finalizedAt) throw new BadRequestException(GenerationMessages.bookFinalized);
    if (project.stage === 'cancelled') throw new BadRequestException(GenerationMessages.bookCancelled);
    if (project.mode !== 'step') throw new BadRequestException(project.error ?? GenerationMessages.failed);
    const written = writtenSoFar(project, await em.find(GeneratedChapter, { project: projectId }, { orderBy: { number: 'asc' } }));
    // The settings the book's chapters were last written with (kept by the earlier run): a regeneration writes the same way.
    const kept = chapterSettingsOf({ generation_mode: project.generationMode ?? undefined, content_depth: project.contentDepth ?? undefined });
    await this.start(project, { mode: 'step', chaptersToGenerate: null, resume: written, ...(kept ? { chapterSettings: kept } : {}) }, { workflowIdReusePolicy: 'ALLOW_DUPLICATE', workflowIdConflictPolicy: 'USE_EXISTING' });
  }

  /**
   * The book's progress: the row its run's activities write (one read, Temporal not asked). A book whose run has
   * written none yet is where its project says (just created); only a run started before the row existed is asked.
   * `written` is the row when the caller has just read it (writtenProgress).
   */
  async progress(project: GeneratorProject, written?: BookProgress | null): Promise<BookProgress> {
    const row = written === undefined ? await this.writtenProgress(project.id) : written;
    if (row) return row;
    const first = () => firstProgress({ projectId: project.id, mode: project.mode, outlinedChapters: project.outline?.length ?? 0 }, project.createdAt.toISOString());
    if (project.stage === 'creating_project') return first();
    try {
      return await this.legacyQuery(project.id, (run) => run.query(progressQuery));
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return first();
      throw error;
    }
  }

  /** The book's progress row as its run last wrote it; null before it wrote one. */
  writtenProgress(projectId: string): Promise<BookProgress | null> {
    return readBookProgress(this.em.fork(), projectId);
  }

  /** The book's progress for a stream: its row, read again whenever PostgreSQL announces a change of it. */
  progressSource(project: GeneratorProject): ProgressSource {
    return { read: () => this.progress(project), follow: (changed) => this.feed.follow(project.id, changed), listening: () => this.feed.listen() };
  }

  /**
   * Whether a stage is writing the book's text right now (the author's edits wait for it), from the book's progress
   * row: a stage that has started and not ended, failed or been put away. A book with no row is not being written
   * unless a run from before the row existed says so.
   */
  async beingWritten(projectId: string): Promise<boolean> {
    const written = await readBookProgress(this.em.fork(), projectId);
    if (written) return isBeingWritten(written) && ((await this.runEnded(projectId, ENDED_CHECK_DEADLINE_MS)) ? this.stillWriting(projectId) : true);
    try {
      return await this.legacyQuery(projectId, async (run) => (await run.describe()).status.name === 'RUNNING' && run.query(writingQuery));
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return false;
      throw error;
    }
  }

  /**
   * The row says a stage is writing and a describe (no lock held, a short deadline) said the run has ended. A run that
   * ended without writing its end (an operator terminated it mid-stage) leaves the row saying so forever, so the row is
   * settled and the edit goes through. The run is asked again under the row's lock, so a run resumed meanwhile writes
   * after it. Temporal not answering keeps the edit waiting.
   */
  private async stillWriting(projectId: string): Promise<boolean> {
    const settled = await settleBookProgress(this.em.fork(), projectId, async (progress) => {
      if (!isBeingWritten(progress) || !(await this.runEnded(projectId))) return null;
      return progressAfterEndedRun(progress);
    });
    return settled ? isBeingWritten(settled) : false;
  }

  private async runEnded(projectId: string, deadlineMs = PROGRESS_DEADLINE_MS): Promise<boolean> {
    try {
      const run = await this.temporal.withDeadline(Date.now() + deadlineMs, () => this.handle(projectId).describe());
      return run.status.name !== 'RUNNING';
    } catch (error) {
      return error instanceof WorkflowNotFoundError;
    }
  }

  /** A run started before the progress row existed answers for itself; Temporal not answering is a 503. */
  private async legacyQuery<T>(projectId: string, ask: (run: WorkflowHandle<typeof bookWorkflow>) => Promise<T>): Promise<T> {
    try {
      return await this.temporal.withDeadline(Date.now() + PROGRESS_DEADLINE_MS, () => ask(this.handle(projectId)));
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) throw error;
      throw new ServiceUnavailableException(EditingMessages.progressUnavailable);
    }
  }

  /**
   * Asks the book's run to stop. A book that never had a run here (or whose history is gone) has nothing to stop: 409.
   * A run that has already ended takes the request as Temporal does, so a second cancel is answered as the first.
   */
  async cancel(projectId: string): Promise<void> {
    try {
      await this.handle(projectId).cancel();
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) throw new ConflictException(GenerationMessages.nothingToCancel);
      throw error;
    }
  }

  /** Ends an unfinished book's run before its rows go (the author deletes it), so no stage writes into a deleted book. */
  async stopWriting(projectId: string): Promise<void> {
    try {
      await this.handle(projectId).terminate('The author deleted the book');
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return;
      throw new ServiceUnavailableException(ProjectMessages.deleteUnavailable);
    }
  }
}
