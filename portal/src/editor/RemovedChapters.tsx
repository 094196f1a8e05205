import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { editing, type EditableChapterView } from '../api/editing.ts';

/** The chapters taken out of the book (their versions are kept): each can be put back at the end with its last text. */
export function RemovedChapters({ projectId, onPutBack }: { projectId: string; onPutBack: (chapter: EditableChapterView) => void }) {
  const ids = useId();
  const removed = useQuery({ queryKey: ['removed-chapters', projectId], queryFn: () => editing.removed(projectId) });
  const putBack = useMutation({
    mutationFn: (key: number) => editing.putBack(projectId, key),
    onSuccess: async (chapter) => {
      await removed.refetch();
      onPutBack(chapter);
    },
  });
  const list = removed.data?.removed ?? [];
  if (list.length === 0 && !putBack.data) return null;
  return (
    <section className="card removed-chapters" aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`}>Removed chapters</h2>
      {list.length > 0 && <p className="muted">Their text is kept. Put one back and it returns as the last chapter, with its versions.</p>}
      <ul className="version-list">
        {list.map((c) => (
          <li key={c.key}>
            <span>
              <strong>{c.title}</strong>
              <br />
              <span className="muted">{c.words.toLocaleString('en-US')} words</span>
            </span>
            <button type="button" className="button button-secondary button-small" disabled={putBack.isPending} aria-label={`Put back “${c.title}”`} onClick={() => putBack.mutate(c.key)}>
              Put back
            </button>
          </li>
        ))}
      </ul>
      <p className="muted" aria-live="polite">{putBack.data ? `“${putBack.data.title}” is back as chapter ${putBack.data.number}.` : ''}</p>
      {putBack.error && <p className="error-text" role="alert">{putBack.error.message}</p>}
    </section>
  );
}
