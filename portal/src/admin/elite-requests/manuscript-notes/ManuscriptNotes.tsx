import { Alert, Box, Divider, FormControl, InputLabel, NativeSelect, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EliteRequestAdminView } from '../../../../../libs/contracts/index.ts';
import { teamManuscript } from '../../../api/manuscriptNotes.ts';
import { ChapterNotes } from './ChapterNotes.tsx';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The request's manuscript in the back office: per chapter, its text to select a passage in, the comment threads and
 * the suggested changes (the author sees both in their editor, and accepts or rejects the changes).
 */
export function ManuscriptNotes({ request }: { request: EliteRequestAdminView }) {
  return (
    <Box component="section" aria-label="Manuscript: comments and suggestions" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2">
        Manuscript: comments and suggestions
      </Typography>
      <Divider sx={{ mb: 1 }} />
      {request.book ? <Chapters requestId={request.id} /> : <Typography variant="body2">No book yet: comments and suggestions start once the request has one.</Typography>}
    </Box>
  );
}

function Chapters({ requestId }: { requestId: string }) {
  const queryClient = useQueryClient();
  const manuscript = useQuery({ queryKey: ['team-manuscript', requestId], queryFn: () => teamManuscript(requestId) });
  const [picked, setPicked] = useState<number | null>(null);
  if (manuscript.isPending) return <Skeleton variant="rectangular" height={80} />;
  if (manuscript.error) return <Alert severity="warning">{manuscript.error.message}</Alert>;
  const { chapters } = manuscript.data;
  const current = picked ?? chapters[0]?.number ?? null;
  if (current === null) return <Typography variant="body2">The book has no chapters yet.</Typography>;
  return (
    <Stack spacing={2}>
      <FormControl sx={{ maxWidth: 480 }}>
        <InputLabel variant="standard" htmlFor="manuscript-notes-chapter">
          Chapter
        </InputLabel>
        <NativeSelect id="manuscript-notes-chapter" value={current} onChange={(e) => setPicked(Number(e.target.value))}>
          {chapters.map((c) => (
            <option key={c.number} value={c.number}>
              {`${c.number}. ${c.title} · ${plural(c.open_comments, 'open comment')} · ${plural(c.pending_suggestions, 'suggestion')} waiting`}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
      <ChapterNotes key={current} requestId={requestId} chapter={current} onChanged={() => void queryClient.invalidateQueries({ queryKey: ['team-manuscript', requestId] })} />
    </Stack>
  );
}
