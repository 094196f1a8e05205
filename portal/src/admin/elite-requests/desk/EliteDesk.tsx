import { Alert, Box, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { EliteRequestAdminView } from '../../../../../libs/contracts/index.ts';
import { MANUSCRIPT_DOWNLOAD_FORMATS, MANUSCRIPT_DOWNLOADS, titledFileName } from '../../../../../libs/domain/index.ts';
import { ChapterApiContext } from '../../../components/chapters/chapterApi.ts';
import { ChapterTabs } from '../../../components/chapters/ChapterTabs.tsx';
import { ChapterWorkspace } from '../../../components/chapters/LazyChapterWorkspace.tsx';
import { DownloadButton } from '../../files.tsx';
import { DeskCover } from './DeskCover.tsx';
import { desk, teamChapterApi } from './deskApi.ts';

/**
 * The Elite team's desk on the request's page: the manuscript to download (DOCX, Markdown), the cover to upload, and
 * the chapters in the author's own editor with their versions; every save is a version recorded as the member's.
 */
export function EliteDesk({ request }: { request: EliteRequestAdminView }) {
  return (
    <Box component="section" aria-label="Manuscript desk" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2">
        Manuscript desk
      </Typography>
      <Divider sx={{ mb: 1 }} />
      {request.book ? <DeskBook requestId={request.id} /> : <Typography variant="body2">No book yet: the desk opens with the request&apos;s first revised manuscript.</Typography>}
    </Box>
  );
}

function DeskBook({ requestId }: { requestId: string }) {
  const book = useQuery({ queryKey: ['desk-book', requestId], queryFn: () => desk.book(requestId) });
  const api = useMemo(() => teamChapterApi(requestId), [requestId]);
  const [tab, setTab] = useState<number | null>(null);
  if (book.isPending) return <Skeleton variant="rectangular" height={120} />;
  if (book.error) return <Alert severity="warning">{book.error.message}</Alert>;
  const { data } = book;
  const current = tab ?? data.chapters[0]?.number ?? null;
  const panelId = 'desk-chapter-panel';
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">Download the manuscript:</Typography>
        {MANUSCRIPT_DOWNLOAD_FORMATS.map((format) => (
          <DownloadButton key={format} url={desk.manuscriptUrl(requestId, format)} filename={titledFileName(data.title, MANUSCRIPT_DOWNLOADS[format].suffix)} label={MANUSCRIPT_DOWNLOADS[format].label} />
        ))}
      </Stack>
      <DeskCover requestId={requestId} book={data} onUploaded={() => void book.refetch()} />
      {current === null ? (
        <Typography variant="body2">The book has no chapters to edit yet.</Typography>
      ) : (
        <ChapterApiContext.Provider value={api}>
          <div className="card desk-chapters">
            <ChapterTabs chapters={data.chapters} current={current} panelId={panelId} onPick={setTab} />
            <div role="tabpanel" id={panelId} aria-labelledby={`${panelId}-tab-${current}`}>
              <ChapterWorkspace key={current} projectId={data.project_id} chapter={current} language={data.language} />
            </div>
          </div>
        </ChapterApiContext.Provider>
      )}
    </Stack>
  );
}
