// Shapes that cross a workflow's boundary: what a workflow takes from its callers and hands its activities. They live
// here because activities import only libs/; each workflow's messages.ts re-exports those its callers send.
// (The Elite workflow's state and records: elite-workflow.ts.)

import type { CoverChoice } from './packaging.ts';
import type { PrintOrderStatus } from './print.ts';

/** The outline settings a stage call may bring (the five- and six-step flows choose them before (re)planning). */
export interface OutlineSettings {
  chapterCount?: number;
  writingStyle?: string;
}

/** One chapter of an edited outline: `from` is its number before the edit, null when new. */
export interface EditedChapter {
  title: string;
  description: string;
  key_points: string[];
  target_words: number;
  from: number | null;
}

/** A cover drawn from fields alone (`cover-<requestId>`, POST /api/intelligent/cover). */
export interface StandaloneCoverInput extends CoverChoice {
  title: string;
  author: string;
  bookIdea: string;
  pageCount: number;
  /** The book's language, as a BCP 47 tag (English when absent). */
  language?: string;
}

/** One change of a print order, as its workflow saw it; `at` (workflow time) makes a retried write find itself recorded. */
export interface PrintOrderChange {
  at: string;
  orderStatus: PrintOrderStatus;
  /** The provider's status; left as it is when absent. */
  luluStatus?: string;
  jobId?: string;
  tracking?: { id: string | null; carrier: string | null; urls: string[] };
  errorMessage?: string;
  note?: string;
}
