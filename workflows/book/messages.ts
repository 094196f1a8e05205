import type { Duration } from '@temporalio/common';
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { CoverChoice } from '../../libs/domain/index.ts';

/** Shared by the workflow and its clients: how to read a book's progress and drive it stage by stage. */

export type ChapterStatus = 'pending' | 'writing' | 'generated' | 'failed';

export interface StageEvent {
  stage: string;
  message: string;
  completed: boolean;
  timestamp: string;
}

export interface BookProgress {
  projectId: string;
  mode: 'auto' | 'step';
  stage: string;
  percent: number;
  message: string;
  history: StageEvent[];
  currentChapter: number | null;
  chapterCount: number;
  chapters: Record<number, ChapterStatus>;
  /** Words of each written chapter. */
  chapterWords: Record<number, number>;
  wordsSoFar: number;
  failedStage: string | null;
  error: string | null;
}

export interface BookInput {
  projectId: string;
  mode: 'auto' | 'step';
  chapterConcurrency: number;
  /** null: every chapter; []: skip the chapter stage; [n…]: only those. */
  chaptersToGenerate: number[] | null;
  /** The project already has an outline of this many chapters (the intelligent API's clients bring their own). */
  outlinedChapters?: number;
  /** How soon a silent writing activity (e.g. its worker died) is retried elsewhere; default 30 s. Tests shorten it. */
  heartbeatTimeout?: Duration;
  /** Auto mode: make the print cover after the build (default true); step mode asks for it with generate-cover. */
  includeCover?: boolean;
  cover?: CoverChoice;
}

export const progressQuery = defineQuery<BookProgress>('progress');

// Step mode: each staged API call is an update that returns when its stage is done.
export const generateOutlineUpdate = defineUpdate<{ chapterCount: number }>('generateOutline');
export const generateIntroductionUpdate = defineUpdate<{ words: number }>('generateIntroduction');
export const generateChaptersUpdate = defineUpdate<{ generated: number[] }, [number[] | null]>('generateChapters');
export const generateSummaryUpdate = defineUpdate<{ words: number }>('generateSummary');
export const finalizeUpdate = defineUpdate<{ finalized: true }>('finalize');
export const regenerateChapterUpdate = defineUpdate<{ number: number; words: number }, [number]>('regenerateChapter');
