import { Fragment, useState } from 'react';
import { MANUSCRIPT_DOWNLOAD_FORMATS, MANUSCRIPT_DOWNLOADS, titledFileName, type ManuscriptDownload } from '../../../libs/domain/index.ts';
import { saveFile } from '../components/BookDownloads.tsx';

/** "Download: DOCX · Markdown": the manuscript as its text is now (saved first), made by the API on each click. */
export function ManuscriptDownloads({ projectId, title, beforeDownload }: { projectId: string; title: string; beforeDownload: () => Promise<unknown> }) {
  const [busy, setBusy] = useState<ManuscriptDownload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: ManuscriptDownload) => {
    setBusy(format);
    setError(null);
    try {
      await beforeDownload();
      await saveFile(`/api/projects/${projectId}/manuscript/${format}`, titledFileName(title, MANUSCRIPT_DOWNLOADS[format].suffix));
    } catch (failure) {
      setError(`${MANUSCRIPT_DOWNLOADS[format].label}: ${(failure as Error).message || 'the download failed'}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <p className="manuscript-downloads">
      Download:{' '}
      {MANUSCRIPT_DOWNLOAD_FORMATS.map((format, i) => (
        <Fragment key={format}>
          {i > 0 && ' · '}
          <button type="button" className="link-button" disabled={busy !== null} aria-label={`Download the manuscript as ${MANUSCRIPT_DOWNLOADS[format].label}`} onClick={() => void download(format)}>
            {busy === format ? `${MANUSCRIPT_DOWNLOADS[format].label}…` : MANUSCRIPT_DOWNLOADS[format].label}
          </button>
        </Fragment>
      ))}
      {error && (
        <span className="error-text" role="alert">
          {' '}
          {error}
        </span>
      )}
    </p>
  );
}
