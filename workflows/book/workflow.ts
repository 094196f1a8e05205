import {
  allHandlersFinished,
  ApplicationFailure,
  CancellationScope,
  condition,
  executeChild,
  isCancellation,
  patched,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { Duration } from '@temporalio/common';
import type { createActivities } from '../../activities/index.ts';
import { BOOK_FORMATS, chapterProgress, GenerationMessages, packageWorkflowId, STAGE_PROGRESS, type PackageFormat } from '../../libs/domain/index.ts';
import {
  finalizeUpdate,
  generateChaptersUpdate,
  generateIntroductionUpdate,
  generateOutlineUpdate,
  generateSummaryUpdate,
  progressQuery,
  regenerateChapterUpdate,
  type BookInput,
  type BookProgress,
} from './messages.ts';
import { packageWorkflow } from '../package/workflow.ts';
import { StageAttribute } from '../search-attributes.ts';

type Activities = ReturnType<typeof createActivities>;

const PERMANENT = ['ProviderError', 'ProviderUnavailable', 'InvalidChapter', 'NoChapters'];

const bookkeeping = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', backoffCoefficient: 2 },
});
/** Provider calls: retried with backoff on 429, 5xx and time-outs; permanent errors fail at once. */
const writingActivities = (heartbeatTimeout: Duration) =>
  proxyActivities<Activities>({
    startToCloseTimeout: '4 minutes',
    heartbeatTimeout,
    retry: { initialInterval: '2 seconds', maximumInterval: '1 minute', backoffCoefficient: 2, maximumAttempts: 6, nonRetryableErrorTypes: PERMANENT },
  });

/** Typesetting is CPU work in the worker: one attempt should do, a few more cover a worker that died. */
const rendering = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '2 seconds', maximumAttempts: 3 },
});

type StageName = keyof typeof STAGE_PROGRESS;

const errorMessage = (error: unknown): string => {
  let current = error as { message?: string; cause?: unknown } | undefined;
  // Activity failures wrap the real reason; report the innermost message.
  while (current?.cause) current = current.cause as typeof current;
  return current?.message ?? String(error);
};

/**
 * One book, id `book-<projectId>`. In `auto` mode it runs every stage in the spec's order; in `step` mode
 * each stage is an update the staged API sends, returning when that stage is done. Chapters are written in
 * parallel, each as its own activity; the content lives in PostgreSQL, the history holds ids and counts.
 */
export async function bookWorkflow(input: BookInput): Promise<BookProgress> {
  const { projectId } = input;
  const writing = writingActivities(input.heartbeatTimeout ?? '30 seconds');
  const state: BookProgress = {
    projectId,
    mode: input.mode,
    stage: 'creating_project',
    percent: STAGE_PROGRESS.creating_project[1],
    message: GenerationMessages.ready,
    history: [{ stage: 'creating_project', message: 'Project created', completed: true, timestamp: new Date(workflowInfo().startTime).toISOString() }],
    currentChapter: null,
    chapterCount: 0,
    chapters: {},
    chapterWords: {},
    wordsSoFar: 0,
    failedStage: null,
    error: null,
  };
  const chapterWords = state.chapterWords;
  let running: string | null = null;
  let outlined = (input.outlinedChapters ?? 0) > 0;
  if (outlined) {
    state.chapterCount = input.outlinedChapters ?? 0;
    state.chapters = Object.fromEntries(Array.from({ length: state.chapterCount }, (_, i) => [i + 1, 'pending' as const]));
  }
  let finalized = false;
  setHandler(progressQuery, () => state);

  async function stage<T>(name: StageName, message: string, work: () => Promise<T>): Promise<T> {
    running = name;
    state.stage = name;
    state.message = message;
    state.percent = STAGE_PROGRESS[name][0];
    state.failedStage = null;
    state.error = null;
    state.history.push({ stage: name, message, completed: false, timestamp: new Date().toISOString() });
    upsertSearchAttributes([{ key: StageAttribute, value: name }]);
    await bookkeeping.recordStage(projectId, name);
    try {
      const result = await work();
      state.percent = STAGE_PROGRESS[name][1];
      state.history.push({ stage: name, message: `${message} done`, completed: true, timestamp: new Date().toISOString() });
      return result;
    } catch (error) {
      if (isCancellation(error)) throw error;
      // The failure keeps its stage: the page shows "Failed at stage <name>".
      state.failedStage = name;
      state.error = errorMessage(error);
      state.message = GenerationMessages.failed;
      await bookkeeping.recordFailure(projectId, name, state.error);
      throw ApplicationFailure.create({ type: 'StageFailed', message: state.error, nonRetryable: true, details: [name] });
    } finally {
      running = null;
    }
  }

  const outline = () =>
    stage('generating_outline', 'Planning the chapters', async () => {
      const { chapterCount } = await writing.writeOutline(projectId);
      state.chapterCount = chapterCount;
      state.chapters = Object.fromEntries(Array.from({ length: chapterCount }, (_, i) => [i + 1, 'pending' as const]));
      for (const key of Object.keys(chapterWords)) delete chapterWords[Number(key)];
      state.wordsSoFar = 0;
      outlined = true;
      return { chapterCount };
    });

  const frame = (kind: 'introduction' | 'summary') =>
    stage(kind === 'introduction' ? 'generating_introduction' : 'generating_summary', kind === 'introduction' ? 'Writing the introduction' : 'Writing the summary', () =>
      writing.writeFrame(projectId, kind),
    );

  async function writeChapters(numbers: number[], force: boolean): Promise<number[]> {
    const queue = [...numbers];
    let done = 0;
    const failures: unknown[] = [];
    const lane = async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
        state.chapters[n] = 'writing';
        state.currentChapter = n;
        try {
          const { words } = await writing.writeChapter(projectId, n, force);
          chapterWords[n] = words;
          state.chapters[n] = 'generated';
          state.wordsSoFar = Object.values(chapterWords).reduce((a, b) => a + b, 0);
        } catch (error) {
          if (isCancellation(error)) throw error;
          state.chapters[n] = 'failed';
          failures.push(error);
        }
        done++;
        state.percent = chapterProgress(done, numbers.length);
      }
    };
    await Promise.all(Array.from({ length: Math.min(input.chapterConcurrency, numbers.length) }, lane));
    state.currentChapter = null;
    // Chapters that were written stay written; a chapter that failed for good fails the stage, visibly.
    if (failures.length) throw failures[0];
    return numbers;
  }

  const chapters = (only: number[] | null, force = false) =>
    stage('generating_chapters', 'Writing the chapters', () => {
      const all = Array.from({ length: state.chapterCount }, (_, i) => i + 1);
      const wanted = only ?? all;
      for (const n of wanted) if (n < 1 || n > state.chapterCount) throw ApplicationFailure.create({ message: GenerationMessages.invalidChapter(n, state.chapterCount), nonRetryable: true });
      return writeChapters(wanted, force);
    });

  const finalize = () =>
    stage('finalizing', 'Finalizing the structure', async () => {
      await writing.finalizeProject(projectId);
      finalized = true;
    });

  /** A packaging run as a child workflow (`package-<id>-<n>`), so an operator sees each build on its own. */
  const packaging = async (formats: PackageFormat[]) => {
    const run = await bookkeeping.nextPackageRun(projectId);
    return executeChild(packageWorkflow, {
      workflowId: packageWorkflowId(projectId, run),
      args: [{ projectId, run, formats, ...(input.cover ? { cover: input.cover } : {}) }],
    });
  };

  // Books started before a stage existed replay without it (patched), so their histories stay valid.
  const build = async () => {
    if (patched('package-workflow')) {
      await stage('building', 'Typesetting the book', () => packaging(BOOK_FORMATS));
      if (input.mode === 'auto' && input.includeCover !== false) await stage('generating_cover', 'Designing the cover', () => packaging(['cover']));
      return;
    }
    if (!patched('build-interior-pdf')) return;
    await stage('building', 'Typesetting the PDF', () =>
      Promise.all([rendering.buildInterior(projectId), ...(patched('build-epub') ? [rendering.buildEpub(projectId)] : [])]),
    );
  };

  const complete = async () => {
    await bookkeeping.completeProject(projectId);
    state.stage = 'complete';
    state.percent = 100;
    state.message = GenerationMessages.done;
    state.history.push({ stage: 'complete', message: GenerationMessages.done, completed: true, timestamp: new Date().toISOString() });
    upsertSearchAttributes([{ key: StageAttribute, value: 'complete' }]);
  };

  try {
    if (input.mode === 'auto') {
      await outline();
      await frame('introduction');
      if (input.chaptersToGenerate === null || input.chaptersToGenerate.length > 0) await chapters(input.chaptersToGenerate);
      await frame('summary');
      await finalize();
      await build();
      await complete();
      return state;
    }

    const idle = () => {
      if (running) throw new Error(`Another stage is running (${running}); wait for it to finish.`);
      if (finalized) throw new Error('This book is finalized.');
    };
    const needOutline = () => {
      idle();
      if (!outlined) throw new Error(GenerationMessages.tocNotLoaded);
    };
    setHandler(generateOutlineUpdate, outline, { validator: idle });
    setHandler(generateIntroductionUpdate, () => frame('introduction'), { validator: needOutline });
    // A request naming chapters this book does not have is refused before it starts, so the stage never fails for it.
    const existingChapter = (n: number) => {
      if (!Number.isInteger(n) || n < 1 || n > state.chapterCount) throw new Error(GenerationMessages.invalidChapter(n, state.chapterCount));
    };
    setHandler(generateChaptersUpdate, async (only) => ({ generated: await chapters(only) }), {
      validator: (only) => {
        needOutline();
        if (only && new Set(only).size !== only.length) throw new Error(GenerationMessages.chapterList);
        only?.forEach(existingChapter);
      },
    });
    setHandler(regenerateChapterUpdate, async (n) => ({ number: n, words: (await chapters([n], true), chapterWords[n] ?? 0) }), {
      validator: (n) => {
        needOutline();
        existingChapter(n);
      },
    });
    setHandler(generateSummaryUpdate, () => frame('summary'), { validator: needOutline });
    setHandler(finalizeUpdate, async () => (await finalize(), { finalized: true as const }), {
      validator: () => {
        needOutline();
        if (!Object.values(state.chapters).includes('generated')) throw new Error(GenerationMessages.noChapters);
      },
    });
    await condition(() => finalized && allHandlersFinished());
    await build();
    await complete();
    return state;
  } catch (error) {
    if (isCancellation(error)) {
      await CancellationScope.nonCancellable(async () => {
        state.stage = 'cancelled';
        state.message = 'Generation cancelled';
        await bookkeeping.recordStage(projectId, 'cancelled');
      });
    }
    throw error;
  }
}
