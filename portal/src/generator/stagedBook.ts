import type { BuildStatus, ProjectView } from '../api/projects.ts';
import type { ContentStage } from './StageProgress.tsx';

/**
 * The staged generators' one state machine (/ai-generator and its older variants, /workflow, /demo): the book the
 * page is on, where the page shows it (`at`: a wizard stage's index, or a flow's step), what runs now and how it went.
 * How far the book is comes from what it has (libs/domain: inferWizardStage, furthestFlowStep), never from here.
 */
export interface StagedBookState {
  project: ProjectView | null;
  build: BuildStatus | null;
  /** The step or stage shown. */
  at: number;
  /** What the page is doing now, in the words the page shows; null when it waits for the author. */
  busy: string | null;
  /** The content stage being written, shown with the progress view every generator uses. */
  phase: ContentStage | null;
  /** The chapter being written now, and the stream's last word on the chapters. */
  writing: number | null;
  chapterNote: string | null;
  error: string | null;
  /** A book kept for this tab is being opened. */
  opening: boolean;
  /** The chapter tab shown. */
  tab: number;
}

export type StagedBookAction =
  | { type: 'opened'; project: ProjectView; build: BuildStatus | null; at: number }
  | { type: 'openFailed'; message: string }
  | { type: 'project'; project: ProjectView }
  | { type: 'build'; build: BuildStatus | null }
  | { type: 'go'; at: number; clearError?: boolean }
  | { type: 'started'; busy: string; phase?: ContentStage | null }
  | { type: 'progress'; busy?: string; phase?: ContentStage | null }
  | { type: 'chapterStarted'; chapter: number; busy?: string; note?: string }
  | { type: 'chapterNote'; note: string }
  | { type: 'failed'; message: string }
  | { type: 'finished' }
  | { type: 'tab'; tab: number }
  | { type: 'reset'; at: number };

export const initialStagedBook = (at: number, opening = false): StagedBookState => ({
  project: null,
  build: null,
  at,
  busy: null,
  phase: null,
  writing: null,
  chapterNote: null,
  error: null,
  opening,
  tab: 1,
});

/** What a failed call says on the page. */
export const failureText = (error: unknown, fallback = 'An error occurred') => (error instanceof Error && error.message) || fallback;

export function stagedBookReducer(state: StagedBookState, action: StagedBookAction): StagedBookState {
  switch (action.type) {
    case 'opened':
      // The book, its files and the place it is shown arrive together, so it never shows at a step it was not on.
      return { ...state, project: action.project, build: action.build, at: action.at, opening: false };
    case 'openFailed':
      return { ...state, error: action.message, opening: false };
    case 'project':
      return { ...state, project: action.project };
    case 'build':
      return { ...state, build: action.build };
    case 'go':
      return { ...state, at: action.at, ...(action.clearError ? { error: null } : {}) };
    case 'started':
      return { ...state, busy: action.busy, phase: action.phase ?? null, error: null, writing: null, chapterNote: null };
    case 'progress':
      return { ...state, ...(action.busy === undefined ? {} : { busy: action.busy }), ...(action.phase === undefined ? {} : { phase: action.phase }) };
    case 'chapterStarted':
      return {
        ...state,
        writing: action.chapter,
        ...(action.busy === undefined ? {} : { busy: action.busy }),
        ...(action.note === undefined ? {} : { chapterNote: action.note }),
      };
    case 'chapterNote':
      return { ...state, chapterNote: action.note };
    case 'failed':
      return { ...state, error: action.message };
    case 'finished':
      return { ...state, busy: null, phase: null, writing: null };
    case 'tab':
      return { ...state, tab: action.tab };
    case 'reset':
      return initialStagedBook(action.at);
  }
}

/** Words in the chapters written so far. */
export const chapterWords = (project: ProjectView | null) => project?.chapters.reduce((sum, c) => sum + c.word_count, 0) ?? 0;
