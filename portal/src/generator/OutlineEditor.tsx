import { useEffect, useState, type ReactNode } from 'react';
import type { OutlineEditChapter } from '../../../libs/contracts/index.ts';
import {
  OUTLINE_EDIT_LIMITS,
  outlineProblems,
  outlineTotalWords,
  PROVIDERS,
  TARGET_WORDS,
  TOC_LIMITS,
  WORDS_PER_PAGE,
  providerFor,
  type OutlineDraftChapter,
} from '../../../libs/domain/index.ts';
import { staged, type ProjectView } from '../api/projects.ts';

/** One row of the editor; `from` is the chapter's number when the editor opened (null for a chapter added here). */
interface Row {
  key: string;
  from: number | null;
  title: string;
  description: string;
  keyPoints: string;
  words: string;
}

const rowsOf = (project: ProjectView): Row[] =>
  (project.outline?.chapters ?? []).map((c) => ({
    key: `c${c.chapter_number}`,
    from: c.chapter_number,
    title: c.title,
    description: c.description,
    keyPoints: c.key_points.join('\n'),
    words: String(c.target_words),
  }));

/** Key points are typed one a line; blank lines are not points. */
const pointsOf = (text: string) => text.split('\n').map((p) => p.trim()).filter(Boolean);

const draftOf = (rows: Row[]): OutlineDraftChapter[] =>
  rows.map((r) => ({ title: r.title.trim(), description: r.description.trim(), key_points: pointsOf(r.keyPoints), target_words: Number(r.words), from: r.from }));

const requestOf = (rows: Row[]): OutlineEditChapter[] => draftOf(rows).map(({ from, ...c }) => (from === null || from === undefined ? c : { ...c, from }));

let added = 0;

/**
 * The outline editor of the wizard's table of contents and the flows' Structure step: rename, describe, reorder, add
 * and remove chapters, their key points and word budgets, saved whole with PUT /api/projects/{id}/outline. `children`
 * is the host's own read-only outline, shown while the editor is closed.
 */
export function OutlineEditor({ project, onSaved, disabled = false, children }: { project: ProjectView; onSaved: (project: ProjectView) => void; disabled?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(project));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [focus, setFocus] = useState<string | null>(null);
  const provider = providerFor(project.ai_model) ?? 'mock';
  const draft = draftOf(rows);
  const problems = outlineProblems(draft, provider);
  const total = outlineTotalWords(draft.map((c) => ({ target_words: Number.isFinite(c.target_words) ? c.target_words : 0 })));
  const { maxChapters, displayName } = PROVIDERS[provider];

  // A moved chapter's button keeps the keyboard focus at the chapter's new place.
  useEffect(() => {
    if (focus) document.getElementById(focus)?.focus();
  }, [focus, rows]);

  if (!open) {
    return (
      <div>
        {children}
        <button type="button" className="button button-secondary button-small" disabled={disabled} onClick={() => (setRows(rowsOf(project)), setError(null), setOpen(true))}>
          Edit outline
        </button>
      </div>
    );
  }

  const change = (key: string, patch: Partial<Row>) => setRows(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const move = (index: number, by: -1 | 1, direction: 'up' | 'down') => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    if (!row) return;
    next.splice(index + by, 0, row);
    setRows(next);
    const edge = (direction === 'up' && index + by === 0) || (direction === 'down' && index + by === rows.length - 1);
    setFocus(`${row.key}-${edge ? (direction === 'up' ? 'down' : 'up') : direction}`);
  };
  const add = () => {
    const key = `new${++added}`;
    setRows([...rows, { key, from: null, title: '', description: '', keyPoints: '', words: String(Math.max(OUTLINE_EDIT_LIMITS.chapterWordsMin, 10 * WORDS_PER_PAGE)) }]);
    setFocus(`${key}-title`);
  };
  const remove = (key: string) => setRows(rows.filter((r) => r.key !== key));

  async function save() {
    setSaving(true);
    setError(null);
    try {
      await staged.editOutline(project.project_id, requestOf(rows));
      onSaved(await staged.project(project.project_id));
      setOpen(false);
    } catch (e) {
      setError((e as Error).message || 'An error occurred');
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="outline-editor" aria-label="Edit the outline" onSubmit={(e) => (e.preventDefault(), void save())} noValidate>
      <ol className="toc">
        {rows.map((r, i) => {
          const n = i + 1;
          return (
            <li key={r.key}>
              <fieldset>
                <legend>Chapter {n}{r.from !== null && r.from !== n ? ` (was ${r.from})` : ''}{r.from === null ? ' (new)' : ''}</legend>
                <div className="field">
                  <label htmlFor={`${r.key}-title`}>Title</label>
                  <input id={`${r.key}-title`} value={r.title} maxLength={TOC_LIMITS.titleMax} onChange={(e) => change(r.key, { title: e.target.value })} />
                </div>
                <div className="field">
                  <label htmlFor={`${r.key}-description`}>Description</label>
                  <textarea id={`${r.key}-description`} rows={2} value={r.description} maxLength={TOC_LIMITS.descriptionMax} onChange={(e) => change(r.key, { description: e.target.value })} />
                </div>
                <div className="field">
                  <label htmlFor={`${r.key}-points`}>Key points (one per line)</label>
                  <textarea id={`${r.key}-points`} rows={3} value={r.keyPoints} onChange={(e) => change(r.key, { keyPoints: e.target.value })} />
                  {pointsOf(r.keyPoints).length > TOC_LIMITS.ideasMax && <small className="error-text">At most {TOC_LIMITS.ideasMax} key points</small>}
                </div>
                <div className="field">
                  <label htmlFor={`${r.key}-words`}>Word budget</label>
                  <input
                    id={`${r.key}-words`}
                    type="number"
                    min={OUTLINE_EDIT_LIMITS.chapterWordsMin}
                    max={OUTLINE_EDIT_LIMITS.chapterWordsMax}
                    step={50}
                    value={r.words}
                    onChange={(e) => change(r.key, { words: e.target.value })}
                  />
                  <small>about {Math.max(1, Math.round((Number(r.words) || 0) / WORDS_PER_PAGE))} pages</small>
                </div>
                <div className="path-buttons">
                  <button id={`${r.key}-up`} type="button" className="button button-secondary button-small" disabled={i === 0} aria-label={`Move chapter ${n} up`} onClick={() => move(i, -1, 'up')}>
                    Move up
                  </button>
                  <button id={`${r.key}-down`} type="button" className="button button-secondary button-small" disabled={i === rows.length - 1} aria-label={`Move chapter ${n} down`} onClick={() => move(i, 1, 'down')}>
                    Move down
                  </button>
                  <button type="button" className="button button-secondary button-small" aria-label={`Remove chapter ${n}`} onClick={() => remove(r.key)}>
                    Remove
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button button-secondary button-small" disabled={rows.length >= maxChapters} onClick={add}>
        Add chapter
      </button>
      <p className={total < TARGET_WORDS.min || total > TARGET_WORDS.max ? 'error-text' : 'muted'} aria-live="polite">
        Book total: {total.toLocaleString('en-US')} words in {rows.length} chapters (a book has {TARGET_WORDS.min.toLocaleString('en-US')} to {TARGET_WORDS.max.toLocaleString('en-US')} words;{' '}
        {displayName} writes up to {maxChapters} chapters).
      </p>
      {problems.length > 0 && (
        <ul className="error-text" aria-label="Problems to fix before saving">
          {problems.map((p) => <li key={p}>{p}</li>)}
        </ul>
      )}
      {error && <p className="error-banner" role="alert">{error}</p>}
      <div className="path-buttons">
        <button type="button" className="button button-secondary" disabled={saving} onClick={() => setOpen(false)}>Cancel</button>
        <button type="submit" className="button" disabled={saving || problems.length > 0}>{saving ? 'Saving…' : 'Save outline'}</button>
      </div>
    </form>
  );
}
