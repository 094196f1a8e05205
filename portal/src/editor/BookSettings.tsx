import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import type { ProjectView } from '../../../libs/contracts/index.ts';
import { bookLanguage } from '../../../libs/domain/index.ts';
import { LanguagePicker } from '../components/LanguagePicker.tsx';
import { editing } from './api.ts';

/**
 * The book's settings in the editor: its language, saved as soon as another is chosen. `onChanged` gets the book as the
 * API answers it, so the page sets the chapter and its preview in the new language and shows that the files need a rebuild.
 */
export function BookSettings({ project, onChanged }: { project: ProjectView; onChanged: (after: ProjectView) => void }) {
  const ids = useId();
  const change = useMutation({
    mutationFn: (language: string) => editing.settings(project.project_id, { language }),
    onSuccess: onChanged,
  });
  const choose = (language: string) => {
    if (language !== project.language) change.mutate(language);
  };
  const status = change.isPending ? "Saving the book's language…" : change.isSuccess ? `Saved: the book's language is ${bookLanguage(change.data.language).english}.` : '';

  return (
    <section className="card book-settings" aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`}>Book settings</h2>
      <LanguagePicker value={change.isPending ? change.variables : project.language} onChange={choose} />
      <p className="muted" role="status">{status}</p>
      {change.error && <p className="error-text" role="alert">{change.error.message}</p>}
    </section>
  );
}
