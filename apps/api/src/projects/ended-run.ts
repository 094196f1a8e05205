import type { StoredBookProgress } from '../../../../libs/db/index.ts';
import { GenerationMessages } from '../../../../libs/domain/index.ts';

/**
 * The progress of a book whose run ended without writing its end (an operator terminated it, or it timed out, mid-stage):
 * a step-mode book reads as put away, so its next stage call resumes it from what is written; a book written in one go
 * reads as failed at the stage it was in.
 */
export function progressAfterEndedRun(progress: StoredBookProgress): StoredBookProgress {
  const { wanted: _wanted, ...rest } = progress;
  if (progress.mode === 'step') return { ...rest, stage: 'idle', message: GenerationMessages.bookPutAway, currentChapter: null };
  return { ...rest, failedStage: progress.stage, error: GenerationMessages.failed, message: GenerationMessages.failed, currentChapter: null };
}
