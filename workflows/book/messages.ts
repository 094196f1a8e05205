import type { Duration } from '@temporalio/common';
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { BookProgress } from '../../libs/contracts/projects.ts';
import type { ChapterSettings, CoverChoice, EditedChapter, OutlineSettings, ProviderId, WrittenSoFar } from '../../libs/domain/index.ts';

/** Shared by the workflow and its clients: how to read a book's progress and drive it stage by stage. */


export type { BookProgress };

export interface BookInput {
  projectId: string;
  mode: 'auto' | 'step';
  /** The book's provider: its descriptor's `maxConcurrency` is how many chapters are written at once. */
  provider?: ProviderId;
  /** An operator's upper bound on chapters written at once (CHAPTER_CONCURRENCY); without `provider`, the lane count. */
  chapterConcurrency?: number;
  /** null: every chapter; []: skip the chapter stage; [n…]: only those. */
  chaptersToGenerate: number[] | null;
  /** generation_mode and content_depth of the chapter stage (a step-mode generate-chapters call may bring its own). */
  chapterSettings?: ChapterSettings;
  /** The project already has an outline of this many chapters (the intelligent API's clients bring their own). */
  outlinedChapters?: number;
  /** How soon a silent writing activity (e.g. its worker died) is retried elsewhere; default 30 s. Tests shorten it. */
  heartbeatTimeout?: Duration;
  /** Auto mode: make the print cover after the build (default true); step mode asks for it with generate-cover. */
  includeCover?: boolean;
  cover?: CoverChoice;
  /** Step mode: how long the book waits for its next stage before this run ends (default 30 days; tests shorten it). */
  idleTimeout?: Duration;
  /** A new run of a book whose earlier run ended: what is written already (read from the project when it starts). */
  resume?: WrittenSoFar;
}

export const progressQuery = defineQuery<BookProgress>('progress');
/** Whether a stage is writing the book's text right now (the author's edits wait for it); the run knows, so it answers. */
export const writingQuery = defineQuery<boolean>('writing');

/** The book's rule the API asks before editing a book (whether its run takes the edit): pure, it lives with the workflow's rules. */
export { workflowTakesEdit } from './rules.ts';
/** How the API reads the progress row the run's activities write: whether it says a stage is writing, and a new book's first progress. */
export { firstProgress, isBeingWritten } from './rules.ts';

// Step mode: each staged API call is an update that returns when its stage is done.
// The outline settings travel with the update, and the workflow's activity writes them. Books whose history has the
// update without them get `undefined` on replay, which plans as before.
export type { OutlineSettings };
export const generateOutlineUpdate = defineUpdate<{ chapterCount: number }, [OutlineSettings]>('generateOutline');
export const generateIntroductionUpdate = defineUpdate<{ words: number }>('generateIntroduction');
// Its settings are new: histories with one argument replay with the behaviour they had (all at once, polished).
export type { ChapterSettings };
export const generateChaptersUpdate = defineUpdate<{ generated: number[] }, [number[] | null, ChapterSettings?]>('generateChapters');
export const generateSummaryUpdate = defineUpdate<{ words: number }>('generateSummary');
export const finalizeUpdate = defineUpdate<{ finalized: true }>('finalize');
// A regeneration may bring settings too (the intelligent API's chapter call); histories without them replay as before.
export const regenerateChapterUpdate = defineUpdate<{ number: number; words: number }, [number, ChapterSettings?]>('regenerateChapter');

/**
 * The author's edited outline, applied whole between stages (never while one runs) in step mode: written chapters
 * follow their entry's `from`. Auto-mode books refuse it.
 */
export type { EditedChapter };
export const editOutlineUpdate = defineUpdate<{ chapterCount: number }, [EditedChapter[]]>('editOutline');
