import { describe, expect, it } from 'vitest';
import { GenerationMessages } from '../../../../libs/domain/index.ts';
import { firstProgress, isBeingWritten } from '../../../../workflows/book/messages.ts';
import { progressAfterEndedRun } from './ended-run.ts';

const writing = (mode: 'auto' | 'step') => {
  const progress = firstProgress({ projectId: 'p', mode, outlinedChapters: 3 }, '2026-11-29T00:00:00.000Z');
  progress.stage = 'generating_chapters';
  progress.history.push({ stage: 'generating_chapters', message: 'Writing chapters', completed: false, timestamp: '2026-11-29T00:01:00.000Z' });
  progress.chapters[1] = 'writing';
  progress.currentChapter = 1;
  return { ...progress, wanted: [1] };
};

describe('the progress of a run that ended mid-stage', () => {
  it('puts a step-mode book away, no longer being written, its chapters kept', () => {
    const before = writing('step');
    expect(isBeingWritten(before)).toBe(true);
    const after = progressAfterEndedRun(before);
    expect(after).toMatchObject({ stage: 'idle', message: GenerationMessages.bookPutAway, currentChapter: null, chapters: { 1: 'writing' } });
    expect(after).not.toHaveProperty('wanted');
    expect(isBeingWritten(after)).toBe(false);
  });

  it('fails a book written in one go at the stage it was in', () => {
    const after = progressAfterEndedRun(writing('auto'));
    expect(after).toMatchObject({ stage: 'generating_chapters', failedStage: 'generating_chapters', error: GenerationMessages.failed });
    expect(isBeingWritten(after)).toBe(false);
  });
});
