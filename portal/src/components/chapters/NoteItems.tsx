import { useId, useState, type ReactNode } from 'react';
import { NOTE_LIMITS, SUGGESTION_STATUS_LABELS } from '../../../../libs/domain/index.ts';
import type { CommentThreadView, NoteThreadsApi, NoteWriterView, SuggestionView } from '../../api/manuscriptNotes.ts';
import { DiffView } from './DiffView.tsx';
import { wordDiff } from './wordDiff.ts';

// A comment thread and a suggested change as the author's editor and the back office both show them.

const when = (iso: string) => new Date(iso).toLocaleString();
const who = (by: NoteWriterView) => (by.you ? 'You' : by.name);

/** The passage a note is about, or that it is detached: its passage is no longer in the chapter. */
function Passage({ anchor, label }: { anchor: CommentThreadView['anchor']; label: string }) {
  return (
    <>
      <blockquote className="note-quote" aria-label={label} dir="auto">
        {anchor.quote}
      </blockquote>
      {anchor.detached && <p className="note-detached">Detached: this passage is no longer in the chapter.</p>}
    </>
  );
}

/** A small form with one text field: a reply, a comment. */
export function NoteForm({ label, submit, onSubmit, disabled = false, rows = 2 }: { label: string; submit: string; onSubmit: (text: string) => Promise<unknown>; disabled?: boolean; rows?: number }) {
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    if (!text.trim()) return setError('Write something first');
    setBusy(true);
    setError(null);
    try {
      await onSubmit(text.trim());
      setText('');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="note-form">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} rows={rows} maxLength={NOTE_LIMITS.bodyMax} value={text} disabled={disabled || busy} onChange={(e) => setText(e.target.value)} />
      <button type="button" className="button button-small" disabled={disabled || busy} onClick={() => void send()}>
        {busy ? 'Sending…' : submit}
      </button>
      {error && <p className="error-text" role="alert">{error}</p>}
    </div>
  );
}

/** A comment thread: its passage, the comment, the replies, a reply form and Resolve / Reopen (none of them once read-only). */
export function CommentThread({ thread, api, onChanged, readOnly = false }: { thread: CommentThreadView; api: NoteThreadsApi; onChanged: () => void; readOnly?: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.resolve(thread.id, !thread.resolved);
      onChanged();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={`note-thread${thread.resolved ? ' note-resolved' : ''}`} aria-label={`Comment by ${who(thread.by)}`}>
      <Passage anchor={thread.anchor} label="Commented passage" />
      <p className="note-body" dir="auto">
        {thread.body}
      </p>
      <p className="muted note-meta">
        {who(thread.by)} · {when(thread.created_at)}
        {thread.resolved && thread.resolved_by ? ` · Resolved by ${who(thread.resolved_by)}` : ''}
      </p>
      {thread.replies.length > 0 && (
        <ol className="note-replies" aria-label="Replies">
          {thread.replies.map((r) => (
            <li key={r.id}>
              <p className="note-body" dir="auto">
                {r.body}
              </p>
              <p className="muted note-meta">
                {who(r.by)} · {when(r.created_at)}
              </p>
            </li>
          ))}
        </ol>
      )}
      {!thread.resolved && !readOnly && <NoteForm label="Reply" submit="Reply" onSubmit={(body) => api.reply(thread.id, { body }).then(onChanged)} />}
      {!readOnly && (
        <button type="button" className="button button-secondary button-small" disabled={busy} onClick={() => void toggle()}>
          {thread.resolved ? 'Reopen' : 'Resolve'}
        </button>
      )}
      {error && <p className="error-text" role="alert">{error}</p>}
    </li>
  );
}

/** A suggested change as a tracked change (the passage struck through, the new text marked), its status, and what the reader may do with it. */
export function SuggestionItem({ suggestion, children }: { suggestion: SuggestionView; children?: ReactNode }) {
  return (
    <li className={`note-suggestion note-${suggestion.status}`} aria-label={`Suggested change by ${who(suggestion.by)}`}>
      <DiffView parts={wordDiff(suggestion.anchor.quote, suggestion.replacement)} label="Suggested change, word by word" />
      {suggestion.status === 'pending' && suggestion.anchor.detached && <p className="note-detached">The passage has changed since this was suggested.</p>}
      {suggestion.note && (
        <p className="note-body" dir="auto">
          {suggestion.note}
        </p>
      )}
      <p className="muted note-meta">
        {who(suggestion.by)} · {when(suggestion.created_at)} · <strong>{SUGGESTION_STATUS_LABELS[suggestion.status]}</strong>
        {suggestion.applied_version ? ` (version ${suggestion.applied_version})` : ''}
      </p>
      {children}
    </li>
  );
}
