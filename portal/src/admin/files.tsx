import DownloadIcon from '@mui/icons-material/Download';
import { Box, Skeleton, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Button, useNotify } from 'react-admin';
import { authorizedFetch } from '../api/client.ts';
import { saveBlob } from '../components/BookDownloads.tsx';

// The API serves books, proofs and previews only with the caller's token, so plain links and <img src> cannot reach
// them: files are fetched with the token and handed to the browser as blobs.

/** Saves a file the API serves under the name its Content-Disposition gives, else `filename`. */
async function download(url: string, filename: string): Promise<void> {
  const response = await authorizedFetch(url);
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  saveBlob(await response.blob(), named ?? filename);
}

/** Downloads a file the API serves to the back office; a failure shows the API's message. */
export function DownloadButton({ url, filename, label }: { url: string; filename: string; label: string }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      label={busy ? 'Downloading…' : label}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        download(url, filename)
          .catch((error: Error) => notify(`${label}: ${error.message}`, { type: 'error' }))
          .finally(() => setBusy(false));
      }}
    >
      <DownloadIcon />
    </Button>
  );
}

/** An image the API serves to the back office (a page preview, a cover). */
export function AuthorizedImage({ src, alt, width = 180 }: { src: string; alt: string; width?: number }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let href: string | null = null;
    let live = true;
    setUrl(null);
    setFailed(null);
    authorizedFetch(src)
      .then((response) => response.blob())
      .then((blob) => {
        href = URL.createObjectURL(blob);
        if (live) setUrl(href);
      })
      .catch((error: Error) => live && setFailed(error.message));
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [src]);
  if (failed) return <Typography variant="body2" color="text.secondary">{alt}: unavailable ({failed})</Typography>;
  if (!url) return <Skeleton variant="rectangular" width={width} height={width * 1.4} aria-label={`Loading ${alt}`} />;
  return <Box component="img" src={url} alt={alt} sx={{ width, border: 1, borderColor: 'divider', display: 'block' }} />;
}
