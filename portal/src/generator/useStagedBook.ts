import { useEffect, useReducer } from 'react';
import type { ChapterEvent, CreateProjectRequest } from '../../../libs/contracts/index.ts';
import { inferWizardStage, stageReached } from '../../../libs/domain/index.ts';
import { staged, streamChapters, uploadSources, type BuildStatus, type ChapterChoice, type ProjectView } from '../api/projects.ts';
import { failureText, initialStagedBook, stagedBookReducer } from './stagedBook.ts';
import type { ContentStage } from './StageProgress.tsx';
import { openedProject } from './sessionProject.ts';

export interface StagedBookOptions {
  /** Where this page keeps the book it is on (session storage), so a reload or My Books' Resume opens it. */
  storageKey: string;
  /** Where this page keeps the step it shows, when a reload should come back to it. */
  atKey?: string;
  /** Where the page starts without a book. */
  start: number;
  /** What the page says when the kept book cannot be opened. */
  openFailed: string;
  /**
   * Where a kept book opens (`shown`: the step kept for this tab), and what else the page reads with it: `apply`
   * runs with the book's arrival, in the same render.
   */
  opening: (project: ProjectView, build: BuildStatus | null, shown: number | null) => Promise<Opening> | Opening;
}

export interface Opening {
  at: number;
  apply?: () => void;
}

/** What a page says while the chapter stream writes: the busy line, or the note under the progress view. */
export type ChapterWords = (event: ChapterEvent) => { busy?: string; note?: string };

/** The state machine of the staged pages, with the calls every one of them makes the same way. */
export function useStagedBook({ storageKey, atKey, start, openFailed, opening }: StagedBookOptions) {
  const [state, dispatch] = useReducer(stagedBookReducer, undefined, () => initialStagedBook(start, Boolean(openedProject(storageKey))));

  // A reload (or ?project=) opens the book this tab was on, with what it already has.
  useEffect(() => {
    const stored = sessionStorage.getItem(storageKey);
    if (!stored) return;
    // The step shown is read before the book is: once the book is on the page, the page records its own step there.
    const kept = atKey ? Number(sessionStorage.getItem(atKey)) : 0;
    void (async () => {
      try {
        const project = await staged.project(stored);
        const build = stageReached(inferWizardStage(project), 'pdf_built') ? await staged.buildStatus(stored) : null;
        const opened = await opening(project, build, kept >= 1 ? kept : null);
        dispatch({ type: 'opened', project, build, at: opened.at });
        opened.apply?.();
      } catch (e) {
        sessionStorage.removeItem(storageKey);
        dispatch({ type: 'openFailed', message: failureText(e, openFailed) });
      }
    })();
  }, [storageKey]);

  useEffect(() => {
    if (atKey && state.project) sessionStorage.setItem(atKey, String(state.at));
  }, [atKey, state.project, state.at]);

  const refresh = async (id: string) => {
    const project = await staged.project(id);
    dispatch({ type: 'project', project });
    return project;
  };

  /** Runs one piece of work; a failure stays on the page with its message. */
  async function run(busy: string, task: () => Promise<void>, phase?: ContentStage) {
    dispatch({ type: 'started', busy, phase: phase ?? null });
    try {
      await task();
    } catch (e) {
      dispatch({ type: 'failed', message: failureText(e) });
    } finally {
      dispatch({ type: 'finished' });
    }
  }

  /** Uploads the sources (if any), creates the book and keeps it for this tab; `step` wraps each call. */
  async function create(request: CreateProjectRequest, files: File[], step: <T>(call: 'sources' | 'project', work: () => Promise<T>) => Promise<T> = (_, work) => work()) {
    const sources = files.length ? await step('sources', () => uploadSources(files)) : null;
    const created = await step('project', () => staged.create({ ...request, ...(sources ? { source_materials: sources.source_materials_id } : {}) }));
    sessionStorage.setItem(storageKey, created.project_id);
    return created.project_id;
  }

  /** The chapter stage, followed chapter by chapter: each written chapter is read back as it lands. */
  const writeChapters = (id: string, aiModel: string, choice: ChapterChoice, words: ChapterWords) =>
    streamChapters(
      id,
      aiModel,
      (e) => {
        if (e.event === 'chapter_start') dispatch({ type: 'chapterStarted', chapter: e.data.chapter_number, ...words(e) });
        if (e.event === 'chapter_complete') void refresh(id);
        const note = e.event === 'all_complete' ? words(e).note : undefined;
        if (note) dispatch({ type: 'chapterNote', note });
      },
      choice,
    );

  /** Leaves the book (it stays in My Books) and starts the page again. */
  const forget = () => {
    sessionStorage.removeItem(storageKey);
    if (atKey) sessionStorage.removeItem(atKey);
    dispatch({ type: 'reset', at: start });
  };

  return {
    ...state,
    id: state.project?.project_id ?? null,
    dispatch,
    go: (at: number, clearError = false) => dispatch({ type: 'go', at, clearError }),
    setProject: (project: ProjectView) => dispatch({ type: 'project', project }),
    setBuild: (build: BuildStatus | null) => dispatch({ type: 'build', build }),
    setTab: (tab: number) => dispatch({ type: 'tab', tab }),
    refresh,
    run,
    create,
    writeChapters,
    forget,
  };
}

export type StagedBook = ReturnType<typeof useStagedBook>;
