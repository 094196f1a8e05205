import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveProblem, type EditableChapterView, type SaveProblem } from '../../api/editing.ts';
import { useChapterApi } from './chapterApi.ts';

/** How long typing pauses before the chapter saves by itself. */
export const AUTOSAVE_MS = 1500;

export type SaveState = { state: 'loading' } | { state: 'idle' } | { state: 'unsaved' } | { state: 'saving' } | { state: 'saved' } | ({ state: 'failed' } & SaveProblem);

export interface ChapterDraft {
  /** The chapter as last loaded or saved; null while loading (or when it could not be loaded: see `loadError`). */
  saved: EditableChapterView | null;
  loadError: string | null;
  title: string;
  content: string;
  setTitle: (title: string) => void;
  setContent: (content: string) => void;
  status: SaveState;
  /** Saves now if anything changed; resolves with the saved chapter (or null when the save failed). */
  flush: () => Promise<EditableChapterView | null>;
  /** Leaving a field: saves what changed, unless the last try was refused and nothing changed since (that waits for Retry). */
  autosave: () => void;
  /** Saves exactly this (an accepted assistant change) on the current version, and says why not when it could not. */
  saveAs: (body: { title: string; content: string; assist_id?: string }) => Promise<{ chapter: EditableChapterView } | { problem: SaveProblem }>;
  /** Loads the latest saved chapter, dropping what was not saved. */
  reload: () => Promise<void>;
  /** Takes a chapter the server answered with (a restore) as the saved one. */
  adopt: (chapter: EditableChapterView) => void;
}

/**
 * One chapter being edited: loaded from the API, saved on a pause in typing and when asked, each save sent with the
 * version it started from, so a newer save elsewhere is never overwritten (the API answers 409 stale).
 */
export function useChapterDraft(projectId: string, chapter: number, onSaved?: (chapter: EditableChapterView) => void): ChapterDraft {
  const queryClient = useQueryClient();
  const api = useChapterApi();
  const [saved, setSaved] = useState<EditableChapterView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, setDraft] = useState({ title: '', content: '' });
  const [status, setStatus] = useState<SaveState>({ state: 'loading' });

  // What the timers and the unmount save read: the latest draft and the version it is based on.
  const live = useRef({ draft, saved, dirty: false, refused: false, saving: null as Promise<EditableChapterView | null> | null, loading: null as Promise<void> | null, onSaved });
  live.current.onSaved = onSaved;

  const adopt = useCallback((next: EditableChapterView) => {
    live.current.saved = next;
    live.current.draft = { title: next.title, content: next.content };
    live.current.dirty = false;
    live.current.refused = false;
    setSaved(next);
    setDraft(live.current.draft);
  }, []);

  const load = useCallback(async () => {
    setStatus({ state: 'loading' });
    setLoadError(null);
    const loading = (async () => {
      try {
        adopt(await api.chapter(projectId, chapter));
        setStatus({ state: 'idle' });
      } catch (error) {
        setLoadError((error as Error).message || 'An error occurred');
      }
    })();
    live.current.loading = loading;
    try {
      await loading;
    } finally {
      if (live.current.loading === loading) live.current.loading = null;
    }
  }, [api, projectId, chapter, adopt]);

  useEffect(() => {
    void load();
  }, [load]);

  const afterSave = useCallback(
    (next: EditableChapterView) => {
      void queryClient.invalidateQueries({ queryKey: ['chapter-versions', projectId, chapter] });
      // My Books shows the words and whether the files are older than the text.
      void queryClient.invalidateQueries({ queryKey: ['book-projects'] });
      live.current.onSaved?.(next);
    },
    [queryClient, projectId, chapter],
  );

  const send = useCallback(
    async (body: { title: string; content: string; assist_id?: string }): Promise<{ chapter: EditableChapterView } | { problem: SaveProblem }> => {
      const base = live.current.saved;
      if (!base) return { problem: { kind: 'other', message: 'The chapter has not loaded yet' } };
      setStatus({ state: 'saving' });
      live.current.refused = false;
      try {
        const next = await api.save(projectId, chapter, { ...body, base_version: base.version });
        live.current.saved = next;
        setSaved(next);
        // Typing may have gone on while the save was on its way: that is still to save.
        const changed = live.current.draft.title !== body.title || live.current.draft.content !== body.content;
        live.current.dirty = changed && !body.assist_id;
        if (body.assist_id) adopt(next);
        setStatus({ state: live.current.dirty ? 'unsaved' : 'saved' });
        afterSave(next);
        return { chapter: next };
      } catch (error) {
        const problem = saveProblem(error);
        live.current.refused = true;
        setStatus({ state: 'failed', ...problem });
        return { problem };
      }
    },
    [api, projectId, chapter, adopt, afterSave],
  );

  /** One save at a time: a save asked for while one runs waits for it, then sends the latest draft. */
  const flush = useCallback(async (): Promise<EditableChapterView | null> => {
    // A chapter just opened has nothing unsaved, but its answer is the loaded chapter: a save asked for at once waits for it.
    while (live.current.loading) await live.current.loading;
    while (live.current.saving) await live.current.saving;
    if (!live.current.dirty) return live.current.saved;
    const run = send(live.current.draft).then((answer) => ('chapter' in answer ? answer.chapter : null));
    live.current.saving = run;
    try {
      return await run;
    } finally {
      live.current.saving = null;
    }
  }, [send]);

  const saveAs = useCallback(
    async (body: { title: string; content: string; assist_id?: string }) => {
      while (live.current.saving) await live.current.saving;
      return send(body);
    },
    [send],
  );

  const edit = (next: { title: string; content: string }) => {
    live.current.draft = next;
    live.current.dirty = true;
    live.current.refused = false;
    setDraft(next);
    setStatus({ state: 'unsaved' });
  };

  // Autosave: a pause in typing. A failed save waits for Retry (or the next change) rather than repeating itself.
  useEffect(() => {
    if (status.state !== 'unsaved') return;
    const timer = setTimeout(() => void flush(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [draft, status.state, flush]);

  // Leaving the chapter (another tab, another page) saves what is left.
  useEffect(
    () => () => {
      if (live.current.dirty && !live.current.refused && !live.current.saving && live.current.saved) void send(live.current.draft);
    },
    [send],
  );

  return {
    saved,
    loadError,
    title: draft.title,
    content: draft.content,
    setTitle: (title) => edit({ ...live.current.draft, title }),
    setContent: (content) => edit({ ...live.current.draft, content }),
    status,
    flush,
    autosave: () => {
      if (!live.current.refused) void flush();
    },
    saveAs,
    reload: load,
    adopt: (next) => {
      adopt(next);
      setStatus({ state: 'idle' });
      afterSave(next);
    },
  };
}
