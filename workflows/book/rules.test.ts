import { describe, expect, it } from 'vitest';
import { GenerationMessages, OutlineMessages, STAGE_PROGRESS, type EditedChapter } from '../../libs/domain/index.ts';
import { chapterLanes, chapterNumberProblem, firstProgress, followOutlineEdit, isBeingWritten, outlineEditProblem, resumeProgress, stageCallProblem, workflowTakesEdit, type BookFacts } from './rules.ts';

// The book workflow's pure rules, without Temporal (the runs themselves: book*.integration.test.ts, replay).

const AT = '2026-11-28T12:00:00.000Z';
const chapter = (from: number | null, n = from ?? 9): EditedChapter => ({ title: `Chapter ${n}`, description: '', key_points: [], target_words: 4000, from });
const stepFacts = (patch: Partial<BookFacts> = {}): BookFacts => ({ mode: 'step', outlined: true, closing: false, running: null, finalized: false, chapterCount: 3, ...patch });

describe('firstProgress and resumeProgress', () => {
  it('starts at the created project, with the outline the input brings counted as pending chapters', () => {
    expect(firstProgress({ projectId: 'p1', mode: 'auto' }, AT)).toMatchObject({
      stage: 'creating_project',
      percent: STAGE_PROGRESS.creating_project[1],
      history: [{ stage: 'creating_project', message: 'Project created', completed: true, timestamp: AT }],
      chapterCount: 0,
      chapters: {},
    });
    expect(firstProgress({ projectId: 'p1', mode: 'step', outlinedChapters: 2 }, AT)).toMatchObject({ chapterCount: 2, chapters: { 1: 'pending', 2: 'pending' } });
    expect(firstProgress({ projectId: 'p1', mode: 'step', outlinedChapters: -1 }, AT)).toMatchObject({ chapterCount: 0, chapters: {} });
  });

  it('picks up what an earlier run wrote: the outline, written chapters and the frame, each stage done', () => {
    const state = firstProgress({ projectId: 'p1', mode: 'step' }, AT);
    expect(resumeProgress(state, { chapterCount: 3, chapterWords: { 1: 900, 3: 1100 }, introduction: true, summary: false }, AT)).toBe(true);
    expect(state).toMatchObject({ stage: 'generating_introduction', chapterCount: 3, chapters: { 1: 'generated', 2: 'pending', 3: 'generated' }, chapterWords: { 1: 900, 3: 1100 }, wordsSoFar: 2000 });
    expect(state.history.map((h) => h.stage)).toEqual(['creating_project', 'generating_outline', 'generating_introduction']);

    const whole = firstProgress({ projectId: 'p1', mode: 'step' }, AT);
    resumeProgress(whole, { chapterCount: 1, chapterWords: { 1: 500 }, introduction: false, summary: true }, AT);
    expect(whole).toMatchObject({ stage: 'generating_summary', percent: STAGE_PROGRESS.generating_summary[1] });
    expect(whole.history.map((h) => h.stage)).toEqual(['creating_project', 'generating_outline', 'generating_chapters', 'generating_summary']);

    const none = firstProgress({ projectId: 'p1', mode: 'step' }, AT);
    expect(resumeProgress(none, { chapterCount: 0, chapterWords: {}, introduction: true, summary: true }, AT)).toBe(false);
    expect(none.history).toHaveLength(1);
  });
});

describe('followOutlineEdit', () => {
  it('moves written words with their chapter to its new number; a new chapter is pending', () => {
    const state = firstProgress({ projectId: 'p1', mode: 'step', outlinedChapters: 3 }, AT);
    Object.assign(state.chapterWords, { 1: 100, 2: 200, 3: 300 });
    followOutlineEdit(state, [chapter(3), chapter(null), chapter(1)], 3);
    expect(state).toMatchObject({ chapterCount: 3, chapterWords: { 1: 300, 3: 100 }, chapters: { 1: 'generated', 2: 'pending', 3: 'generated' }, wordsSoFar: 400 });
  });
});

describe('chapterLanes', () => {
  it("writes every chapter at once up to the provider's cap and the operator's bound; older books keep their lane count", () => {
    expect(chapterLanes(12, { provider: 'anthropic' }, true)).toBe(8);
    expect(chapterLanes(5, { provider: 'anthropic' }, true)).toBe(5);
    expect(chapterLanes(12, { provider: 'mock', chapterConcurrency: 3 }, true)).toBe(3);
    expect(chapterLanes(12, {}, true)).toBe(4);
    expect(chapterLanes(12, { provider: 'mock' }, false)).toBe(4);
    expect(chapterLanes(12, { chapterConcurrency: 6 }, false)).toBe(6);
  });
});

describe('stage calls and outline edits', () => {
  it('turns a stage call away while the book is put away, a stage runs, once finalized, or before its outline', () => {
    expect(stageCallProblem(stepFacts({ closing: true, running: 'generating_summary' }), true)).toBe(GenerationMessages.bookClosing);
    expect(stageCallProblem(stepFacts({ running: 'generating_summary' }), true)).toBe('Another stage is running (generating_summary); wait for it to finish.');
    expect(stageCallProblem(stepFacts({ finalized: true }), false)).toBe(GenerationMessages.bookFinalized);
    expect(stageCallProblem(stepFacts({ outlined: false }), true)).toBe(GenerationMessages.tocNotLoaded);
    expect(stageCallProblem(stepFacts({ outlined: false }), false)).toBeNull();
    expect(chapterNumberProblem(4, 3)).toBe(GenerationMessages.invalidChapter(4, 3));
    expect(chapterNumberProblem(1.5, 3)).toBe(GenerationMessages.invalidChapter(1.5, 3));
    expect(chapterNumberProblem(3, 3)).toBeNull();
  });

  it("refuses an outline edit in auto mode, mid-stage, after finalizing, or naming a chapter the book does not have", () => {
    const edit = [chapter(1), chapter(2), chapter(3)];
    expect(outlineEditProblem(stepFacts({ outlined: false }), edit, 'mock')).toBe(OutlineMessages.notOutlined);
    expect(outlineEditProblem(stepFacts({ mode: 'auto' }), edit, 'mock')).toBe(OutlineMessages.autoMode);
    expect(outlineEditProblem(stepFacts({ closing: true }), edit, 'mock')).toBe(GenerationMessages.bookClosing);
    expect(outlineEditProblem(stepFacts({ running: 'editing_outline' }), edit, 'mock')).toBe(OutlineMessages.stageRunning('saving an outline edit'));
    expect(outlineEditProblem(stepFacts({ finalized: true }), edit, 'mock')).toBe(OutlineMessages.finalized);
    expect(outlineEditProblem(stepFacts(), [...edit, chapter(4)], 'mock')).toBe(OutlineMessages.fromUnknown(4, 3));
    expect(outlineEditProblem(stepFacts(), [], 'mock')).toBe(OutlineMessages.chaptersRequired);
    expect(outlineEditProblem(stepFacts(), edit, undefined)).toBeNull();
  });
});

describe('isBeingWritten (the writing query) and workflowTakesEdit', () => {
  const progress = (stage: string, history: [string, boolean][], failedStage: string | null = null) => ({
    ...firstProgress({ projectId: 'p1', mode: 'step' }, AT),
    stage,
    failedStage,
    history: history.map(([name, completed]) => ({ stage: name, message: name, completed, timestamp: AT })),
  }) as Parameters<typeof isBeingWritten>[0];

  it('is true only while a writing stage has started and neither ended nor failed', () => {
    expect(isBeingWritten(progress('generating_chapters', [['creating_project', true], ['generating_chapters', false]]))).toBe(true);
    expect(isBeingWritten(progress('finalizing', [['finalizing', false]]))).toBe(true);
    expect(isBeingWritten(progress('generating_chapters', [['generating_chapters', false], ['generating_chapters', true]]))).toBe(false);
    expect(isBeingWritten(progress('generating_chapters', [['generating_chapters', false]], 'generating_chapters'))).toBe(false);
    // Building the files does not touch the text; a cancelled or idle book writes nothing.
    expect(isBeingWritten(progress('building', [['building', false]]))).toBe(false);
    expect(isBeingWritten(progress('cancelled', [['generating_chapters', false]]))).toBe(false);
    expect(isBeingWritten(progress('idle', [['generating_chapters', false]]))).toBe(false);
  });

  it("leaves an edit to the run while a step-mode book is put together, and to the API once it is done", () => {
    expect(workflowTakesEdit({ mode: 'step', finalizedAt: null, stage: 'generating_chapters' })).toBe(true);
    expect(workflowTakesEdit({ mode: 'step', finalizedAt: new Date(AT), stage: 'complete' })).toBe(false);
    expect(workflowTakesEdit({ mode: 'step', finalizedAt: null, stage: 'cancelled' })).toBe(false);
    expect(workflowTakesEdit({ mode: 'auto', finalizedAt: null, stage: 'generating_chapters' })).toBe(false);
  });
});
