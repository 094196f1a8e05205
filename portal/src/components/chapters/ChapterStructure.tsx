import { useId, useRef, useState, type FormEvent } from 'react';
import type { OutlineEditChapter, ProjectView } from '../../../../libs/contracts/index.ts';
import { OUTLINE_EDIT_LIMITS, outlineProblems, outlineTotalWords, providerFor, TARGET_WORDS, TOC_LIMITS, WORDS_PER_PAGE } from '../../../../libs/domain/index.ts';
import { staged } from '../../api/projects.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';

/**
 * What a page with chapter tabs keeps for ChapterStructure: `layout` changes with each change (the chapter open under a
 * number is opened afresh, as that number may now be another chapter), `flushRef` saves the open chapter first.
 */
export function useChapterLayout() {
  const [layout, setLayout] = useState(0);
  const flushRef = useRef<(() => Promise<unknown>) | null>(null);
  return { layout, changed: () => setLayout((n) => n + 1), flushRef, beforeChange: () => flushRef.current?.() ?? Promise.resolve(true) };
}

/** A new chapter's word budget: ten pages, or what the book's limit leaves. */
const NEW_CHAPTER_WORDS = 10 * WORDS_PER_PAGE;

/**
 * Add, move and remove chapters beside the chapter tabs, once the chapters are written: each change is the book's
 * outline saved whole (PUT …/outline), so every written chapter keeps its text and versions and a removed one's are
 * kept. `onWrite` writes a chapter that has no text yet (a step-mode book's new chapter waits for it).
 */
export function ChapterStructure({
  project,
  current,
  disabled = false,
  onChanged,
  onWrite,
  beforeChange,
}: {
  project: ProjectView;
  current: number | null;
  disabled?: boolean;
  /** The book after the change, and the chapter to show now. */
  onChanged: (project: ProjectView, chapter: number | null) => void;
  onWrite?: (chapter: number) => Promise<unknown>;
  /** Saves the open chapter's unsaved text first (null: it could not be saved), so no draft lands on a renumbered chapter. */
  beforeChange?: () => Promise<unknown>;
}) {
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [adding, setAdding] = useState<string | null>(null);
  const outline = project.outline?.chapters ?? [];
  const kept: OutlineEditChapter[] = outline.map((c) => ({ title: c.title, description: c.description, key_points: c.key_points, target_words: c.target_words, from: c.chapter_number }));
  const index = outline.findIndex((c) => c.chapter_number === current);
  const pending = outline.filter((c) => !project.chapters.some((w) => w.chapter_number === c.chapter_number));
  const locked = disabled || busy;

  async function save(chapters: OutlineEditChapter[], show: number | null, done: (after: ProjectView) => string) {
    const [problem] = outlineProblems(chapters, providerFor(project.ai_model) ?? 'mock');
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      if (beforeChange && (await beforeChange()) === null) throw new Error('Your latest changes could not be saved: save them (Retry) first');
      await staged.editOutline(project.project_id, chapters);
      const after = await staged.project(project.project_id);
      // A chapter with no text yet has no tab to show: the current one stays, or the first.
      const shown = [show, current].find((n) => after.chapters.some((c) => c.chapter_number === n));
      onChanged(after, shown ?? after.chapters[0]?.chapter_number ?? null);
      setNotice(done(after));
      return true;
    } catch (e) {
      setError((e as Error).message || 'An error occurred');
      return false;
    } finally {
      setBusy(false);
    }
  }

  const move = (by: -1 | 1) => {
    const next = [...kept];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + by, 0, moved);
    void save(next, index + by + 1, () => `“${moved.title}” is now chapter ${index + by + 1}.`);
  };

  const remove = async () => {
    const gone = kept[index];
    if (!gone) return;
    if (await save(kept.filter((_, i) => i !== index), Math.min(index + 1, kept.length - 1), () => `“${gone.title}” was removed; its text is kept in its versions.`)) setRemoving(false);
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const title = (adding ?? '').trim();
    const words = Math.max(OUTLINE_EDIT_LIMITS.chapterWordsMin, Math.min(NEW_CHAPTER_WORDS, TARGET_WORDS.max - outlineTotalWords(kept)));
    const n = kept.length + 1;
    // A finished book's new chapter is there at once, empty; a step-mode book's waits to be written.
    const added = await save([...kept, { title, description: '', key_points: [], target_words: words }], n, (after) =>
      after.chapters.some((c) => c.chapter_number === n) ? `Chapter ${n}, “${title}”, is added: write it here.` : `Chapter ${n}, “${title}”, is added: press Write chapter ${n} to have it written.`,
    );
    if (added) setAdding(null);
  };

  const writeChapter = async (n: number) => {
    if (!onWrite) return;
    setBusy(true);
    setError(null);
    try {
      await onWrite(n);
      onChanged(await staged.project(project.project_id), n);
      setNotice(`Chapter ${n} is written.`);
    } catch (e) {
      setError((e as Error).message || 'An error occurred');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="chapter-structure" aria-label="Chapters of the book" role="group">
      <div className="path-buttons">
        {current !== null && index >= 0 && (
          <>
            <button type="button" className="button button-secondary button-small" disabled={locked || index === 0} onClick={() => move(-1)}>Move earlier</button>
            <button type="button" className="button button-secondary button-small" disabled={locked || index === kept.length - 1} onClick={() => move(1)}>Move later</button>
            <button type="button" className="button button-secondary button-small" disabled={locked || kept.length < 2} onClick={() => (setError(null), setRemoving(true))}>Remove chapter</button>
          </>
        )}
        {adding === null && <button type="button" className="button button-secondary button-small" disabled={locked} onClick={() => (setError(null), setAdding(''))}>Add chapter</button>}
        {onWrite && pending.map((c) => (
          <button key={c.chapter_number} type="button" className="button button-small" disabled={locked} onClick={() => void writeChapter(c.chapter_number)}>
            Write chapter {c.chapter_number}
          </button>
        ))}
      </div>
      {adding !== null && (
        <form className="add-chapter" onSubmit={(e) => void add(e)} noValidate>
          <div className="field">
            <label htmlFor={`${ids}-title`}>New chapter title</label>
            <input id={`${ids}-title`} value={adding} maxLength={TOC_LIMITS.titleMax} autoFocus onChange={(e) => setAdding(e.target.value)} />
          </div>
          <div className="path-buttons">
            <button type="submit" className="button button-small" disabled={locked || !adding.trim()}>{busy ? 'Adding…' : 'Add'}</button>
            <button type="button" className="button button-secondary button-small" disabled={busy} onClick={() => setAdding(null)}>Cancel</button>
          </div>
        </form>
      )}
      <p className="muted" aria-live="polite">{notice}</p>
      {error && !removing && <p className="error-text" role="alert">{error}</p>}
      {removing && kept[index] && (
        <ConfirmDialog title={`Remove chapter ${index + 1}?`} confirm="Remove" busy={busy} onConfirm={() => void remove()} onCancel={() => (setRemoving(false), setError(null))}>
          <p>
            “{kept[index].title}” leaves the book and the chapters after it move up. Its text is kept in its versions: a finished book lists it under
            Removed chapters, where you can put it back.
          </p>
          {error && <p className="error-text" role="alert">{error}</p>}
        </ConfirmDialog>
      )}
    </div>
  );
}
