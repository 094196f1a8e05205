import UploadIcon from '@mui/icons-material/Upload';
import { Alert, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { Button, useNotify } from 'react-admin';
import type { EliteDeskBookView } from '../../../../../libs/contracts/index.ts';
import { COVER_IMAGE_LIMITS, OwnCoverMessages } from '../../../../../libs/domain/index.ts';
import { ApiError } from '../../../api/client.ts';
import { desk } from './deskApi.ts';

const ACCEPT = 'image/png,image/jpeg,application/pdf';

/**
 * The team's cover for the book: a PNG or JPEG front, or a full-wrap PDF of the size the book's cover must be. The
 * server checks it by the author's own-cover rules and draws the book's cover with it; the next proof uses it.
 */
export function DeskCover({ requestId, book, onUploaded }: { requestId: string; book: EliteDeskBookView; onUploaded: () => void }) {
  const notify = useNotify();
  const picker = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => {
      // Refused here without sending it; the server counts again as the bytes arrive.
      if (file.size > COVER_IMAGE_LIMITS.maxBytes) throw new ApiError(413, OwnCoverMessages.tooLarge);
      return desk.uploadCover(requestId, file);
    },
    onSuccess: (answer) => {
      notify(answer.own_cover.kind === 'front' ? "The front cover is uploaded: the book's cover is drawn with it" : 'The full-wrap cover is uploaded: it is the book\'s cover', { type: 'success' });
      onUploaded();
    },
  });
  const size = book.cover_size;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2">
        Cover now: {book.own_cover === 'front' ? 'an uploaded front image' : book.own_cover === 'wrap' ? 'an uploaded full wrap' : "the book's design"}.
        {size ? ` A full wrap must be ${size.width_in} × ${size.height_in} in (spine ${size.spine_in} in).` : ''} A front image fills the front panel; PNG, JPEG or PDF, at most{' '}
        {COVER_IMAGE_LIMITS.maxBytes / 1024 / 1024} MB.
      </Typography>
      <Button label={upload.isPending ? 'Uploading the cover…' : 'Upload cover'} disabled={upload.isPending} onClick={() => picker.current?.click()}>
        <UploadIcon />
      </Button>
      <input
        ref={picker}
        type="file"
        accept={ACCEPT}
        hidden
        aria-label="Cover to upload"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.mutate(file);
        }}
      />
      {upload.data?.warning && <Alert severity="warning">{upload.data.warning}</Alert>}
      {upload.error && (
        <Alert severity="error" role="alert">
          {upload.error.message}
        </Alert>
      )}
    </Stack>
  );
}
