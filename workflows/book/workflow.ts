import {
  allHandlersFinished,
  ApplicationFailure,
  CancellationScope,
  condition,
  executeChild,
  isCancellation,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { createActivities } from '../../activities/index.ts';
import { BOOK_FORMATS, chapterProgress, chapterSettingsProblem, GenerationMessages, innermostMessage, packageWorkflowId, STAGE_PROGRESS, type PackageFormat } from '../../libs/domain/index.ts';
import { bookkeepingOptions, localBookkeepingOptions, renderingOptions, writingOptions } from '../activity-options.ts';
import {
  editOutlineUpdate,
  finalizeUpdate,
  generateChaptersUpdate,
  generateIntroductionUpdate,
  generateOutlineUpdate,
  generateSummaryUpdate,
  progressQuery,
  regenerateChapterUpdate,
  writingQuery,
  type BookInput,
  type BookProgress,
  type ChapterSettings,
  type OutlineSettings,
} from './messages.ts';
import { packageMilestoneSignal, type PackageMilestone } from '../package/messages.ts';
import { packageWorkflow } from '../package/workflow.ts';
import { StageAttribute } from '../search-attributes.ts';
import {
  chapterLanes,
  chapterNumberProblem,
  chapterStatuses,
  DEFAULT_IDLE_TIMEOUT,
  firstProgress,
  followOutlineEdit,
  isBeingWritten,
  mergedSettings,
  outlineEditProblem,
  resumeProgress,
  STAGE_MESSAGES,
  stageCallProblem,
  totalWords,
  type BookFacts,
  type StageName,
} from './rules.ts';

type Activities = ReturnType<typeof createActivities>;

const bookkeeping = proxyActivities<Activities>(bookkeepingOptions);
const rendering = proxyActivities<Activities>(renderingOptions);

/**
 * One book, id `book-<projectId>`. In `auto` mode it runs every stage in the spec's order; in `step` mode
 * each stage is an update the staged API sends, returning when that stage is done. Chapters are written each as
 * its own activity, all at once or (sequential mode) one after another; the content lives in PostgreSQL, the
 * history holds ids and counts.
 */
export async function bookWorkflow(input: BookInput): Promise<BookProgress> {
  const { projectId } = input;
  const writing = proxyActivities<Activities>(writingOptions(input.heartbeatTimeout ?? '30 seconds'));
  const state: BookProgress = firstProgress(input, new Date(workflowInfo().startTime).toISOString());
  const chapterWords = state.chapterWords;
  let running: string | null = null;
  /** Step mode: the run is ending after a long pause; calls are turned away until the next run. */
  let closing = false;
  let outlined = state.chapterCount > 0;
  let finalized = false;
  /** A validator's refusal: the update is rejected with these words. */
  const refuse = (problem: string | null) => {
    if (problem) throw new Error(problem);
  };
  const facts = (): BookFacts => ({ mode: input.mode, outlined, closing, running, finalized, chapterCount: state.chapterCount });
  /** How chapters are written: the input's (a resumed book's come from its project), then what chapter calls bring (a regeneration writes the same way). */
  let chapterSettings = input.chapterSettings;
  if (input.resume && resumeProgress(state, input.resume, new Date().toISOString())) outlined = true;
  setHandler(progressQuery, () => state);
  // The pages read the progress its activities write to PostgreSQL (issue 32); books started before that write none.
  const projected = patched('progress-projection');
  /** The progress as of now, for an activity to write (a copy: the state moves on while the activity waits). */
  const progressNow = (wanted?: number[]): BookProgress & { wanted?: number[] } => JSON.parse(JSON.stringify(wanted ? { ...state, wanted } : state));
  // An auto-mode book's stage records, progress, finalizing and completing run as local activities (issue 32: fewer
  // events and workflow tasks a book); books started before replay the activity tasks their histories recorded. Step
  // mode keeps activity tasks: with local ones, a parallel chapters call was seen starting its third chapter late.
  const local = input.mode === 'auto' && patched('local-bookkeeping');
  const recording = local ? proxyLocalActivities<Activities>(localBookkeepingOptions) : bookkeeping;
  setHandler(writingQuery, () => isBeingWritten(state));
  const milestones = new Set<PackageMilestone>();
  setHandler(packageMilestoneSignal, (milestone) => void milestones.add(milestone));

  /** `wanted`: the chapters a chapters stage writes, kept with its progress so each chapter's activity moves the bar. */
  async function stage<T>(name: StageName, message: string, work: () => Promise<T>, wanted?: number[]): Promise<T> {
    running = name;
    state.stage = name;
    state.message = message;
    state.percent = STAGE_PROGRESS[name][0];
    state.failedStage = null;
    state.error = null;
    state.history.push({ stage: name, message, completed: false, timestamp: new Date().toISOString() });
    upsertSearchAttributes([{ key: StageAttribute, value: name }]);
    await (projected ? recording.recordStage(projectId, name, progressNow(wanted)) : recording.recordStage(projectId, name));
    try {
      const result = await work();
      // Stages that run side by side (the introduction beside the chapters) never move the bar backwards.
      state.percent = Math.max(state.percent, STAGE_PROGRESS[name][1]);
      state.history.push({ stage: name, message: `${message} done`, completed: true, timestamp: new Date().toISOString() });
      // A step-mode stage is followed by a wait for the author, so its end is written now; in auto mode the next stage's record carries it.
      if (projected && input.mode === 'step') await recording.recordProgress(progressNow());
      return result;
    } catch (error) {
      if (isCancellation(error)) throw error;
      // The failure keeps its stage: the page shows "Failed at stage <name>".
      state.failedStage = name;
      state.error = innermostMessage(error);
      state.message = GenerationMessages.failed;
      await (projected ? recording.recordFailure(projectId, name, state.error, progressNow()) : recording.recordFailure(projectId, name, state.error));
      throw ApplicationFailure.create({ type: 'StageFailed', message: state.error, nonRetryable: true, details: [name] });
    } finally {
      running = null;
    }
  }

  const outline = (settings?: OutlineSettings) =>
    stage('generating_outline', STAGE_MESSAGES.generating_outline, async () => {
      const { chapterCount } = await (settings ? writing.writeOutline(projectId, settings) : writing.writeOutline(projectId));
      state.chapterCount = chapterCount;
      state.chapters = chapterStatuses(chapterCount);
      for (const key of Object.keys(chapterWords)) delete chapterWords[Number(key)];
      state.wordsSoFar = 0;
      outlined = true;
      return { chapterCount };
    });

  const frame = (kind: 'introduction' | 'summary') =>
    stage(`generating_${kind}`, STAGE_MESSAGES[`generating_${kind}`], () => writing.writeFrame(projectId, kind));

  async function writeChapters(numbers: number[], force: boolean): Promise<number[]> {
    const queue = [...numbers];
    let done = 0;
    const failures: unknown[] = [];
    const lane = async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
        state.chapters[n] = 'writing';
        state.currentChapter = n;
        try {
          // Books whose calls bring no settings schedule the activity exactly as their histories recorded it.
          const { words } = await (chapterSettings ? writing.writeChapter(projectId, n, force, chapterSettings) : writing.writeChapter(projectId, n, force));
          chapterWords[n] = words;
          state.chapters[n] = 'generated';
          state.wordsSoFar = totalWords(chapterWords);
        } catch (error) {
          if (isCancellation(error)) throw error;
          state.chapters[n] = 'failed';
          failures.push(error);
        }
        done++;
        state.percent = chapterProgress(done, numbers.length);
      }
    };
    // Sequential: one lane, so each chapter is written once the ones before it are, and reads their text.
    const lanes = chapterSettings?.mode === 'sequential' ? 1 : chapterLanes(numbers.length, input, patched('chapter-lanes-per-provider'));
    await Promise.all(Array.from({ length: lanes }, lane));
    state.currentChapter = null;
    // Chapters that were written stay written; a chapter that failed for good fails the stage, visibly.
    if (failures.length) throw failures[0];
    return numbers;
  }

  /**
   * `after`: written beside the introduction, the stage is done only once that is settled, so the stages finish in the
   * spec's order. `kept`: settings a call just brought, recorded on the project before anything is written.
   */
  const chapters = (only: number[] | null, force = false, after?: Promise<unknown>, kept?: ChapterSettings) => {
    const wanted = only ?? Array.from({ length: state.chapterCount }, (_, i) => i + 1);
    return stage('generating_chapters', STAGE_MESSAGES.generating_chapters, async () => {
      for (const n of wanted) if (n < 1 || n > state.chapterCount) throw ApplicationFailure.create({ message: GenerationMessages.invalidChapter(n, state.chapterCount), nonRetryable: true });
      if (kept) await recording.recordChapterSettings(projectId, kept);
      const written = await writeChapters(wanted, force);
      if (after) await after;
      return written;
    }, wanted);
  };

  const finalize = () =>
    stage('finalizing', 'Finalizing the structure', async () => {
      await (local ? recording : writing).finalizeProject(projectId);
      finalized = true;
    });

  /** A packaging run as a child workflow (`package-<id>-<n>`), so an operator sees each build on its own. */
  const packaging = async (formats: PackageFormat[], reportMilestones = false) => {
    const run = await bookkeeping.nextPackageRun(projectId);
    return executeChild(packageWorkflow, {
      workflowId: packageWorkflowId(projectId, run),
      args: [{ projectId, run, formats, ...(input.cover ? { cover: input.cover } : {}), ...(reportMilestones ? { reportMilestones } : {}) }],
    });
  };

  /**
   * The book's formats and its cover in one packaging run: the cover starts the moment the interior is built (its spine
   * follows the page count), beside the formats still being built. The run reports its milestones, so each stage
   * starts and ends with its own work; the cover's ends after the formats' (the spec's order). A failure fails the
   * stage whose work it was, once the run is over.
   */
  const buildWithCover = async () => {
    const run = packaging([...BOOK_FORMATS, 'cover'], true);
    const ended = run.then(() => undefined, () => undefined);
    /** Whether the milestone was reported before the run ended. */
    const reached = async (milestone: PackageMilestone) => (await Promise.race([condition(() => milestones.has(milestone)), ended]), milestones.has(milestone));
    const formats = stage('building', 'Typesetting the book', async () => {
      if (!(await reached('formats_built'))) await run;
    });
    const cover = (async () => {
      if (!(await reached('cover_started'))) return;
      await stage('generating_cover', 'Designing the cover', async () => {
        if (!(await reached('cover_built'))) await run;
        await formats.catch(() => undefined);
      });
    })();
    const failed = (await Promise.allSettled([formats, cover, run])).find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  };

  // Books started before a stage existed replay without it (patched), so their histories stay valid.
  const build = async () => {
    const withCover = input.mode === 'auto' && input.includeCover !== false;
    if (withCover && patched('cover-beside-formats')) return buildWithCover();
    if (patched('package-workflow')) {
      await stage('building', 'Typesetting the book', () => packaging(BOOK_FORMATS));
      if (withCover) await stage('generating_cover', 'Designing the cover', () => packaging(['cover']));
      return;
    }
    if (!patched('build-interior-pdf')) return;
    await stage('building', 'Typesetting the PDF', () =>
      Promise.all([rendering.buildInterior(projectId), ...(patched('build-epub') ? [rendering.buildEpub(projectId)] : [])]),
    );
  };

  const complete = async () => {
    const event = { stage: 'complete', message: GenerationMessages.done, completed: true, timestamp: new Date().toISOString() };
    const completed = { ...progressNow(), stage: 'complete', percent: 100, message: GenerationMessages.done };
    completed.history.push(event);
    await (projected ? recording.completeProject(projectId, completed) : recording.completeProject(projectId));
    state.stage = 'complete';
    state.percent = 100;
    state.message = GenerationMessages.done;
    state.history.push(event);
    upsertSearchAttributes([{ key: StageAttribute, value: 'complete' }]);
  };

  // The author's edited outline, whole, between stages: the chapters written so far follow their entry to its new number.
  setHandler(
    editOutlineUpdate,
    async (edited) => {
      running = 'editing_outline';
      try {
        const { chapterCount } = await bookkeeping.applyOutlineEdit(projectId, edited);
        followOutlineEdit(state, edited, chapterCount);
        if (projected) await recording.recordProgress(progressNow());
        return { chapterCount };
      } finally {
        running = null;
      }
    },
    {
      validator: (edited) => refuse(outlineEditProblem(facts(), edited, input.provider)),
    },
  );

  try {
    if (input.mode === 'auto') {
      await outline();
      const anyChapters = input.chaptersToGenerate === null || input.chaptersToGenerate.length > 0;
      if (patched('introduction-beside-chapters')) {
        // The introduction is written from the outline alone, so it is written beside the chapters. Their stage starts
        // once the introduction's is recorded (the project then reads "chapters"); both finish before a failure of
        // either fails the book, so no provider call is left running.
        let begun!: () => void;
        const introductionBegun = new Promise<void>((resolve) => (begun = resolve));
        const introduction = stage('generating_introduction', STAGE_MESSAGES.generating_introduction, () => (begun(), writing.writeFrame(projectId, 'introduction')));
        await Promise.race([introductionBegun, introduction]);
        const introductionSettled = introduction.then(() => undefined, () => undefined);
        const settled = await Promise.allSettled([introduction, ...(anyChapters ? [chapters(input.chaptersToGenerate, false, introductionSettled)] : [])]);
        const failed = settled.find((result) => result.status === 'rejected');
        if (failed) throw failed.reason;
      } else {
        await frame('introduction');
        if (anyChapters) await chapters(input.chaptersToGenerate);
      }
      await frame('summary');
      await finalize();
      await build();
      await complete();
      return state;
    }

    const idle = () => refuse(stageCallProblem(facts(), false));
    const needOutline = () => refuse(stageCallProblem(facts(), true));
    setHandler(generateOutlineUpdate, (settings) => outline(settings), { validator: (_settings) => idle() });
    setHandler(generateIntroductionUpdate, () => frame('introduction'), { validator: needOutline });
    // A request naming chapters this book does not have is refused before it starts, so the stage never fails for it.
    const existingChapter = (n: number) => refuse(chapterNumberProblem(n, state.chapterCount));
    /**
     * A call's settings become the book's, field by field, and are kept on the project (so a later run writes the same
     * way); books whose calls ran before that replay with the settings replaced whole and nothing recorded.
     */
    const adopt = (settings: ChapterSettings | undefined): ChapterSettings | undefined => {
      if (!settings) return undefined;
      if (!patched('chapter-settings-kept')) {
        chapterSettings = settings;
        return undefined;
      }
      chapterSettings = mergedSettings(chapterSettings, settings);
      return chapterSettings;
    };
    setHandler(
      generateChaptersUpdate,
      async (only: number[] | null, settings?: ChapterSettings) => ({ generated: await chapters(only, false, undefined, adopt(settings)) }),
      {
        validator: (only: number[] | null, settings?: ChapterSettings) => {
          needOutline();
          if (only && new Set(only).size !== only.length) throw new Error(GenerationMessages.chapterList);
          only?.forEach(existingChapter);
          refuse(chapterSettingsProblem(mergedSettings(chapterSettings, settings), only));
        },
      },
    );
    setHandler(regenerateChapterUpdate, async (n, settings?: ChapterSettings) => ({ number: n, words: (await chapters([n], true, undefined, adopt(settings)), chapterWords[n] ?? 0) }), {
      validator: (n, settings?: ChapterSettings) => {
        needOutline();
        existingChapter(n);
        if (settings) refuse(chapterSettingsProblem(mergedSettings(chapterSettings, settings), [n]));
      },
    });
    setHandler(generateSummaryUpdate, () => frame('summary'), { validator: needOutline });
    setHandler(finalizeUpdate, async () => (await finalize(), { finalized: true as const }), {
      validator: () => {
        needOutline();
        if (!Object.values(state.chapters).includes('generated')) throw new Error(GenerationMessages.noChapters);
      },
    });
    const done = () => finalized && allHandlersFinished();
    // Books started before the idle time-out existed wait as they always did (their histories have no timers).
    if (patched('step-idle-timeout')) {
      const idleTimeout = input.idleTimeout ?? DEFAULT_IDLE_TIMEOUT;
      while (!done()) {
        // Wait for a stage call (or the end); a stage, however long, is waited for before the idle clock starts again.
        const called = await condition(() => done() || !allHandlersFinished(), idleTimeout);
        if (!called && allHandlersFinished()) {
          // Nobody came back: end this run cleanly. The next stage call starts a new one from what is written.
          closing = true;
          state.stage = 'idle';
          state.message = GenerationMessages.bookPutAway;
          await (projected ? recording.recordIdle(projectId, progressNow()) : recording.recordIdle(projectId));
          upsertSearchAttributes([{ key: StageAttribute, value: 'idle' }]);
          return state;
        }
        await condition(allHandlersFinished);
      }
    } else {
      await condition(done);
    }
    await build();
    await complete();
    return state;
  } catch (error) {
    if (isCancellation(error)) {
      await CancellationScope.nonCancellable(async () => {
        state.stage = 'cancelled';
        state.message = 'Generation cancelled';
        await (projected ? recording.recordStage(projectId, 'cancelled', progressNow()) : recording.recordStage(projectId, 'cancelled'));
      });
    }
    throw error;
  }
}
