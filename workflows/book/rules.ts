import {
  GenerationMessages,
  OutlineMessages,
  outlineProblems,
  PROVIDERS,
  STAGE_LABELS,
  STAGE_PROGRESS,
  type ChapterSettings,
  type EditedChapter,
  type WrittenSoFar,
} from '../../libs/domain/index.ts';
import type { BookInput, BookProgress } from './messages.ts';

// The `book-<projectId>` workflow's pure rules: its first progress, the chapters' statuses and words, how many are
// written at once, and why a stage call is turned away. No Temporal here: the workflow passes in what it knows.

export type StageName = keyof typeof STAGE_PROGRESS;

export const STAGE_MESSAGES = {
  generating_outline: 'Planning the chapters',
  generating_introduction: 'Writing the introduction',
  generating_chapters: 'Writing the chapters',
  generating_summary: 'Writing the summary',
} satisfies Partial<Record<StageName, string>>;

/** How long a step-mode book waits for its next stage before its run ends, unless the input says otherwise. */
export const DEFAULT_IDLE_TIMEOUT = '30 days';

/** The stages that write the book's text: while one runs, its chapters are not the author's to change. */
const WRITING_STAGES: ReadonlySet<string> = new Set(['generating_outline', 'generating_introduction', 'generating_chapters', 'generating_summary', 'finalizing']);

/** Whether a writing stage is running now: its start has no end in the progress's history, and it has not failed. */
export function isBeingWritten(progress: BookProgress): boolean {
  if (progress.stage === 'cancelled' || progress.stage === 'idle') return false;
  const open = new Set<string>();
  for (const event of progress.history) {
    if (event.completed) open.delete(event.stage);
    else open.add(event.stage);
  }
  if (progress.failedStage) open.delete(progress.failedStage);
  return [...open].some((stage) => WRITING_STAGES.has(stage));
}

/**
 * Whether the book's workflow takes an edit (a step-mode book still being put together, resumed if its run ended):
 * otherwise no workflow writes the book any more (it is finalized, finished, failed or cancelled) and the API applies
 * the edit itself.
 */
export const workflowTakesEdit = (book: { mode: string; finalizedAt?: Date | null; stage: string }): boolean =>
  book.mode === 'step' && !book.finalizedAt && book.stage !== 'cancelled';

/** Chapters written at once when the input names neither a provider nor a bound (books started before either existed). */
const DEFAULT_LANES = 4;

/** Chapters 1..count: those with words are generated, the others pending. */
export const chapterStatuses = (count: number, words: Record<number, number> = {}): BookProgress['chapters'] =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [i + 1, words[i + 1] === undefined ? ('pending' as const) : ('generated' as const)]));

export const totalWords = (words: Record<number, number>) => Object.values(words).reduce((a, b) => a + b, 0);

/** A new run's progress at `startedAt` (ISO): the project is created, and its outline counted when the input brings one. */
export function firstProgress(input: Pick<BookInput, 'projectId' | 'mode' | 'outlinedChapters'>, startedAt: string): BookProgress {
  const chapterCount = (input.outlinedChapters ?? 0) > 0 ? (input.outlinedChapters as number) : 0;
  return {
    projectId: input.projectId,
    mode: input.mode,
    stage: 'creating_project',
    percent: STAGE_PROGRESS.creating_project[1],
    message: GenerationMessages.ready,
    history: [{ stage: 'creating_project', message: 'Project created', completed: true, timestamp: startedAt }],
    currentChapter: null,
    chapterCount,
    chapters: chapterStatuses(chapterCount),
    chapterWords: {},
    wordsSoFar: 0,
    failedStage: null,
    error: null,
  };
}

/**
 * A new run of a book whose earlier run ended picks up what is written: its outline, chapters and frame, each stage
 * done at `timestamp`. Whether the book has an outline.
 */
export function resumeProgress(state: BookProgress, written: WrittenSoFar, timestamp: string): boolean {
  if (written.chapterCount === 0) return false;
  const already = (name: keyof typeof STAGE_MESSAGES) => {
    state.history.push({ stage: name, message: `${STAGE_MESSAGES[name]} done`, completed: true, timestamp });
    state.stage = name;
    state.percent = STAGE_PROGRESS[name][1];
  };
  state.chapterCount = written.chapterCount;
  state.chapters = chapterStatuses(written.chapterCount, written.chapterWords);
  Object.assign(state.chapterWords, written.chapterWords);
  state.wordsSoFar = totalWords(state.chapterWords);
  already('generating_outline');
  if (written.introduction) already('generating_introduction');
  if (Object.values(state.chapters).every((status) => status === 'generated')) already('generating_chapters');
  if (written.summary) already('generating_summary');
  return true;
}

/** After an outline edit of `chapterCount` chapters: the words written so far follow their entry to its new number. */
export function followOutlineEdit(state: BookProgress, edited: readonly Pick<EditedChapter, 'from'>[], chapterCount: number): void {
  const words = state.chapterWords;
  const before = { ...words };
  for (const key of Object.keys(words)) delete words[Number(key)];
  edited.forEach(({ from }, i) => {
    const kept = from === null ? undefined : before[from];
    if (kept !== undefined) words[i + 1] = kept;
  });
  state.chapterCount = chapterCount;
  state.chapters = chapterStatuses(chapterCount, words);
  state.wordsSoFar = totalWords(words);
}

/**
 * Chapters written at once: every chapter, up to the provider's cap and the operator's bound; books from before
 * `perProvider` keep the lane count their histories recorded.
 */
export function chapterLanes(chapters: number, input: Pick<BookInput, 'provider' | 'chapterConcurrency'>, perProvider: boolean): number {
  if (!perProvider) return Math.min(input.chapterConcurrency ?? DEFAULT_LANES, chapters);
  const cap = input.provider ? PROVIDERS[input.provider].maxConcurrency : DEFAULT_LANES;
  return Math.min(chapters, cap, input.chapterConcurrency ?? cap);
}

/** What the workflow knows when a step-mode call or an outline edit arrives. */
export interface BookFacts {
  mode: BookInput['mode'];
  outlined: boolean;
  /** The run is ending after a long pause. */
  closing: boolean;
  /** The stage (or outline edit) running now. */
  running: string | null;
  finalized: boolean;
  chapterCount: number;
}

/** Why a stage call is turned away now (null: it may start); `needsOutline` for every stage after the outline. */
export function stageCallProblem(facts: BookFacts, needsOutline: boolean): string | null {
  if (facts.closing) return GenerationMessages.bookClosing;
  if (facts.running) return `Another stage is running (${facts.running}); wait for it to finish.`;
  if (facts.finalized) return GenerationMessages.bookFinalized;
  return needsOutline && !facts.outlined ? GenerationMessages.tocNotLoaded : null;
}

/** Why chapter `n` is not one of the book's (null: it is). */
export const chapterNumberProblem = (n: number, chapterCount: number): string | null =>
  Number.isInteger(n) && n >= 1 && n <= chapterCount ? null : GenerationMessages.invalidChapter(n, chapterCount);

/** Why the author's edited outline is turned away (null: it is applied), in libs/domain's words. */
export function outlineEditProblem(facts: BookFacts, edited: EditedChapter[], provider: BookInput['provider']): string | null {
  if (!facts.outlined) return OutlineMessages.notOutlined;
  if (facts.mode === 'auto') return OutlineMessages.autoMode;
  if (facts.closing) return GenerationMessages.bookClosing;
  if (facts.running) return OutlineMessages.stageRunning(STAGE_LABELS[facts.running] ?? 'saving an outline edit');
  if (facts.finalized) return OutlineMessages.finalized;
  for (const { from } of edited) {
    if (from !== null && (!Number.isInteger(from) || from < 1 || from > facts.chapterCount)) return OutlineMessages.fromUnknown(from, facts.chapterCount);
  }
  return outlineProblems(edited, provider ?? 'mock')[0] ?? null;
}

/** A call's chapter settings over the book's, field by field. */
export const mergedSettings = (book: ChapterSettings | undefined, call: ChapterSettings | undefined): ChapterSettings => ({ ...book, ...call });
