import { Alert, Button, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { NOTE_LIMITS, NoteMessages } from '../../../../../libs/domain/index.ts';
import { teamNotes } from '../../../api/manuscriptNotes.ts';
import { CommentThread, NoteForm, SuggestionItem } from '../../../components/chapters/NoteItems.tsx';

/** How often a chapter's notes are read again: the author answers from their editor. */
const REFRESH_MS = 15_000;

type Passage = { start: number; end: number; quote: string };

/** One chapter for the team: its current text (select a passage there), a comment or a suggested change on it, and the notes so far. */
export function ChapterNotes({ requestId, chapter, onChanged }: { requestId: string; chapter: number; onChanged: () => void }) {
  const queryClient = useQueryClient();
  const api = teamNotes(requestId, chapter);
  const key = ['team-chapter-notes', requestId, chapter];
  const notes = useQuery({ queryKey: key, queryFn: api.notes, refetchInterval: REFRESH_MS });
  const text = useRef<HTMLTextAreaElement | null>(null);
  const [passage, setPassage] = useState<Passage | null>(null);
  const [replacement, setReplacement] = useState('');
  const [why, setWhy] = useState('');
  const [suggesting, setSuggesting] = useState(false);
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const content = notes.data?.chapter.content ?? '';

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    onChanged();
  };

  // The selection in the chapter's text (mouse, keys, or a script's setSelectionRange) is the passage.
  useEffect(() => {
    const element = text.current;
    if (!element) return;
    const report = () => {
      const { selectionStart: start, selectionEnd: end } = element;
      setPassage(end > start ? { start, end, quote: element.value.slice(start, end) } : null);
    };
    element.addEventListener('select', report);
    element.addEventListener('mouseup', report);
    element.addEventListener('keyup', report);
    return () => {
      element.removeEventListener('select', report);
      element.removeEventListener('mouseup', report);
      element.removeEventListener('keyup', report);
    };
  }, [notes.isSuccess]);
  useEffect(() => setReplacement(passage?.quote ?? ''), [passage]);

  const tooLong = passage ? passage.quote.length > NOTE_LIMITS.quoteMax : false;

  const comment = async (body: string) => {
    if (!passage) throw new Error(NoteMessages.quoteRequired);
    await api.comment({ ...passage, body });
    setPassage(null);
    refresh();
  };

  const suggest = async () => {
    if (!passage) return setError(NoteMessages.quoteRequired);
    setSuggesting(true);
    setError(null);
    try {
      await api.suggest({ ...passage, replacement, ...(why.trim() ? { note: why.trim() } : {}) });
      setPassage(null);
      setWhy('');
      refresh();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSuggesting(false);
    }
  };

  // The team member who made a suggestion takes it back while the author has not decided; the author no longer sees it.
  const withdraw = async (id: string) => {
    setWithdrawing(id);
    setError(null);
    try {
      await api.withdraw(id);
      refresh();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setWithdrawing(null);
    }
  };

  if (notes.isPending) return <Skeleton variant="rectangular" height={160} />;
  if (notes.error) return <Alert severity="warning">{notes.error.message}</Alert>;
  const { comments, suggestions, read_only: readOnly } = notes.data;

  return (
    <Stack spacing={2} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, columnGap: 3 }}>
      <Stack spacing={1}>
        <TextField
          label={`Chapter ${chapter}: ${notes.data.chapter.title} (version ${notes.data.chapter.version}) — select a passage`}
          value={content}
          multiline
          minRows={8}
          maxRows={24}
          fullWidth
          inputRef={text}
          slotProps={{ htmlInput: { readOnly: true, dir: 'auto', 'aria-label': 'Chapter text' } }}
        />
        {readOnly ? (
          <Alert severity="info">{readOnly}</Alert>
        ) : (
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            <Typography variant="subtitle2" component="h3">
              Selected passage
            </Typography>
            {passage ? (
              <blockquote className="note-quote" aria-label="Selected passage" dir="auto">
                {passage.quote}
              </blockquote>
            ) : (
              <Typography variant="body2">Select text in the chapter to comment on it or suggest a change.</Typography>
            )}
            {tooLong && <Alert severity="warning">{NoteMessages.quoteTooLong}</Alert>}
            <NoteForm label="Comment on the selected passage" submit="Add comment" disabled={!passage || tooLong} onSubmit={comment} />
            <Stack spacing={1} sx={{ mt: 1 }}>
              <TextField
                label="Suggested text (replaces the passage; empty deletes it)"
                value={replacement}
                onChange={(e) => setReplacement(e.target.value)}
                multiline
                minRows={2}
                disabled={!passage || tooLong}
                slotProps={{ htmlInput: { maxLength: NOTE_LIMITS.replacementMax, dir: 'auto' } }}
              />
              <TextField label="Why (optional)" value={why} onChange={(e) => setWhy(e.target.value)} disabled={!passage || tooLong} slotProps={{ htmlInput: { maxLength: NOTE_LIMITS.bodyMax } }} />
              <Button variant="contained" disabled={!passage || tooLong || suggesting || replacement === passage.quote} onClick={() => void suggest()} sx={{ alignSelf: 'flex-start' }}>
                {suggesting ? 'Sending…' : 'Suggest change'}
              </Button>
            </Stack>
          </Paper>
        )}
        {error && <Alert severity="error">{error}</Alert>}
      </Stack>
      <Stack spacing={1}>
        <Typography variant="subtitle1" component="h3">
          Suggested changes ({suggestions.length})
        </Typography>
        {suggestions.length ? (
          <ul className="note-list" aria-label="Suggested changes">
            {suggestions.map((s) => (
              <SuggestionItem key={s.id} suggestion={s}>
                {s.by.you && s.status === 'pending' && !readOnly && (
                  <Button size="small" disabled={withdrawing !== null} onClick={() => void withdraw(s.id)} aria-label={`Withdraw the change to “${s.anchor.quote.slice(0, 40)}”`}>
                    {withdrawing === s.id ? 'Withdrawing…' : 'Withdraw'}
                  </Button>
                )}
              </SuggestionItem>
            ))}
          </ul>
        ) : (
          <Typography variant="body2">None yet.</Typography>
        )}
        <Typography variant="subtitle1" component="h3">
          Comments ({comments.filter((c) => !c.resolved).length} open)
        </Typography>
        {comments.length ? (
          <ul className="note-list" aria-label="Comments">
            {comments.map((c) => (
              <CommentThread key={c.id} thread={c} api={api} onChanged={refresh} readOnly={readOnly !== null} />
            ))}
          </ul>
        ) : (
          <Typography variant="body2">None yet.</Typography>
        )}
      </Stack>
    </Stack>
  );
}
