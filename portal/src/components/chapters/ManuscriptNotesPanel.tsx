import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { NOTE_LIMITS, NoteMessages } from '../../../../libs/domain/index.ts';
import { authorNotes } from '../../api/manuscriptNotes.ts';
import type { Selection } from './ChapterEditor.tsx';
import { CommentThread, NoteForm, SuggestionItem } from './NoteItems.tsx';
import type { ChapterDraft } from './useChapterDraft.ts';

/** How often the notes are read again: the Elite team writes them from the back office. */
const REFRESH_MS = 15_000;

type Passage = { start: number; end: number; quote: string };

/**
 * Comments and suggested changes beside the author's chapter: select text and Comment; reply, resolve and reopen
 * threads (the Elite team's too); accept a suggested change (saved as the chapter's next version) or reject it.
 */
export function ManuscriptNotesPanel({ projectId, chapter, draft, selection, onAccepted }: { projectId: string; chapter: number; draft: ChapterDraft; selection: Selection | null; onAccepted: () => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const api = authorNotes(projectId, chapter);
  const key = ['chapter-notes', projectId, chapter];
  const notes = useQuery({ queryKey: key, queryFn: api.notes, refetchInterval: REFRESH_MS });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const [commenting, setCommenting] = useState<Passage | null>(null);
  const [deciding, setDeciding] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const selected = selection && selection.end > selection.start && selection.end <= draft.content.length ? selection : null;
  const tooLong = selected ? selected.end - selected.start > NOTE_LIMITS.quoteMax : false;

  const startComment = () => {
    if (!selected) return;
    setError(null);
    setCommenting({ ...selected, quote: draft.content.slice(selected.start, selected.end) });
  };

  const addComment = async (passage: Passage, body: string) => {
    // The passage's offsets must be in the saved text: what is typed is saved first.
    const saved = await draft.flush();
    if (!saved) throw new Error('Save the chapter first: comments point at its saved text');
    await api.comment({ ...passage, body });
    setCommenting(null);
    refresh();
  };

  const decide = async (id: string, accept: boolean) => {
    setDeciding(id);
    setError(null);
    try {
      if (accept) {
        const saved = await draft.flush();
        if (!saved) throw new Error('Your latest changes could not be saved: save them (Retry) before accepting');
        const answer = await api.accept(id);
        draft.adopt(answer.chapter);
        onAccepted();
      } else {
        await api.reject(id);
      }
      refresh();
    } catch (e) {
      setError((e as Error).message);
      refresh();
    } finally {
      setDeciding(null);
    }
  };

  const comments = notes.data?.comments ?? [];
  const suggestions = notes.data?.suggestions ?? [];
  const open = comments.filter((c) => !c.resolved);
  const resolved = comments.filter((c) => c.resolved);
  const pending = suggestions.filter((s) => s.status === 'pending');
  const decided = suggestions.filter((s) => s.status !== 'pending');
  const readOnly = notes.data?.read_only ?? null;

  return (
    <section className="editor-panel notes-panel" aria-labelledby={`${ids}-h`}>
      <h4 id={`${ids}-h`}>Comments and suggestions</h4>
      {readOnly ? (
        <p className="muted" role="status">
          {readOnly}
        </p>
      ) : commenting ? (
        <div className="note-new">
          <blockquote className="note-quote" aria-label="Passage to comment on" dir="auto">
            {commenting.quote}
          </blockquote>
          <NoteForm label="Your comment" submit="Add comment" rows={3} onSubmit={(body) => addComment(commenting, body)} />
          <button type="button" className="button button-secondary button-small" onClick={() => setCommenting(null)}>
            Cancel
          </button>
        </div>
      ) : (
        <>
          <button type="button" className="button button-small" disabled={!selected || tooLong || !draft.saved} onClick={startComment}>
            Comment
          </button>
          <p className="muted" aria-live="polite">
            {tooLong ? NoteMessages.quoteTooLong : selected ? 'Comment on the selected text.' : 'Select text in the chapter to comment on it.'}
          </p>
        </>
      )}
      {notes.isPending && <p className="muted">Loading the comments…</p>}
      {notes.error && <p className="error-text" role="alert">{notes.error.message}</p>}
      {error && <p className="error-text" role="alert">{error}</p>}

      {pending.length > 0 && (
        <>
          <h5>Suggested changes</h5>
          <ul className="note-list" aria-label="Suggested changes">
            {pending.map((s) => (
              <SuggestionItem key={s.id} suggestion={s}>
                {readOnly === null && (
                  <div className="path-buttons">
                    <button type="button" className="button button-small" disabled={deciding !== null} aria-label={`Accept the change to “${s.anchor.quote.slice(0, 40)}”`} onClick={() => void decide(s.id, true)}>
                      {deciding === s.id ? 'Working…' : 'Accept'}
                    </button>
                    <button type="button" className="button button-secondary button-small" disabled={deciding !== null} aria-label={`Reject the change to “${s.anchor.quote.slice(0, 40)}”`} onClick={() => void decide(s.id, false)}>
                      Reject
                    </button>
                  </div>
                )}
              </SuggestionItem>
            ))}
          </ul>
        </>
      )}

      {open.length > 0 && (
        <ul className="note-list" aria-label="Open comments">
          {open.map((c) => (
            <CommentThread key={c.id} thread={c} api={api} onChanged={refresh} readOnly={readOnly !== null} />
          ))}
        </ul>
      )}
      {notes.data && open.length === 0 && pending.length === 0 && <p className="muted">No open comments or suggestions on this chapter.</p>}

      {resolved.length + decided.length > 0 && (
        <details>
          <summary>
            Resolved comments ({resolved.length}) and decided suggestions ({decided.length})
          </summary>
          <ul className="note-list" aria-label="Resolved comments">
            {resolved.map((c) => (
              <CommentThread key={c.id} thread={c} api={api} onChanged={refresh} readOnly={readOnly !== null} />
            ))}
          </ul>
          <ul className="note-list" aria-label="Decided suggestions">
            {decided.map((s) => (
              <SuggestionItem key={s.id} suggestion={s} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
