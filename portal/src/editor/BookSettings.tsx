import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import type { BookSettingsRequest, ProjectView } from '../../../libs/contracts/index.ts';
import { bookLanguage, PAPER_LABELS, PAPER_TYPES, TRIM_SIZES, trimLabel, type PaperType, type TrimSizeId } from '../../../libs/domain/index.ts';
import { LanguagePicker } from '../components/LanguagePicker.tsx';
import { editing } from '../api/editing.ts';

/** What the status line says once a change is saved. */
function savedText(change: BookSettingsRequest, after: ProjectView): string {
  if (change.language) return `Saved: the book's language is ${bookLanguage(after.language).english}.`;
  if (change.trim_size) return `Saved: the book is printed at ${trimLabel(after.trim_size)}. Rebuild its files to set it at that size.`;
  return `Saved: the book is printed on ${PAPER_LABELS[after.paper].toLowerCase()} paper. Rebuild its files for the cover's spine.`;
}

/**
 * The book's settings in the editor: its language, trim and paper, each saved as soon as another is chosen.
 * `onChanged` gets the book as the API answers it, so the page sets the chapter and its preview in the new language and
 * shows that the files need a rebuild.
 */
export function BookSettings({ project, onChanged }: { project: ProjectView; onChanged: (after: ProjectView) => void }) {
  const ids = useId();
  const change = useMutation({
    mutationFn: (settings: BookSettingsRequest) => editing.settings(project.project_id, settings),
    onSuccess: onChanged,
  });
  const pending = change.isPending ? change.variables : {};
  const status = change.isPending ? 'Saving…' : change.isSuccess ? savedText(change.variables, change.data) : '';

  return (
    <section className="card book-settings" aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`}>Book settings</h2>
      <LanguagePicker value={pending.language ?? project.language} onChange={(language) => language !== project.language && change.mutate({ language })} />
      <div className="book-actions">
        <label className="field">
          <span>Trim size</span>
          <select
            value={pending.trim_size ?? project.trim_size}
            disabled={change.isPending}
            onChange={(e) => change.mutate({ trim_size: e.target.value as TrimSizeId })}
          >
            {TRIM_SIZES.map((trim) => (
              <option key={trim} value={trim}>
                {trimLabel(trim)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Paper</span>
          <select value={pending.paper ?? project.paper} disabled={change.isPending} onChange={(e) => change.mutate({ paper: e.target.value as PaperType })}>
            {PAPER_TYPES.map((paper) => (
              <option key={paper} value={paper}>
                {PAPER_LABELS[paper]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted">Printers set the inside margin by page count and the spine by page count and paper: Pressroom follows both when it builds.</p>
      <p className="muted" role="status">{status}</p>
      {change.error && <p className="error-text" role="alert">{change.error.message}</p>}
    </section>
  );
}
