import { useState, type ReactNode } from 'react';
import { BOOK_FILES, downloadName, ProjectMessages, type BookFileKind } from '../../../libs/domain/index.ts';
import { authorizedFetch } from '../api/client.ts';

/** The whole name a download's Content-Disposition gives in UTF-8 (`filename*`, with a title's letters in any script), if any. */
export function dispositionName(header: string | null): string | null {
  const encoded = /filename\*=UTF-8''([^;\s]+)/i.exec(header ?? '')?.[1];
  try {
    return encoded ? decodeURIComponent(encoded) : null;
  } catch {
    return null;
  }
}

/** Saves a file the API serves (with the caller's token, if any) under the name the API gives it, else `name`. */
export async function saveFile(url: string, name: string): Promise<void> {
  const response = await authorizedFetch(url);
  saveBlob(await response.blob(), dispositionName(response.headers.get('Content-Disposition')) ?? name);
}

/** Hands bytes made or fetched in the page to the browser's download; the object URL goes after 1 s. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * A download button per built file, with any further actions (`children`) in the same row; each file is saved under
 * the book's own title (Title_book.pdf …); `label` names the buttons.
 */
export function BookDownloads({
  title,
  downloads,
  label = (kind) => `Download ${BOOK_FILES[kind].label}`,
  children,
}: {
  title: string;
  downloads: Partial<Record<BookFileKind, string | null>>;
  label?: (kind: BookFileKind) => string;
  children?: ReactNode;
}) {
  const [busy, setBusy] = useState<BookFileKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const order: BookFileKind[] = ['pdf', 'cover-pdf', 'cover-png', 'zip', 'epub', 'docx'];
  return (
    <div>
      <div className="book-actions">
        {order.map((kind) => {
          const url = downloads[kind];
          if (!url) return null;
          return (
            <button
              key={kind}
              type="button"
              className="button button-secondary button-small"
              disabled={busy === kind}
              onClick={() => {
                setBusy(kind);
                setError(null);
                saveFile(url, downloadName(title, kind))
                  .catch((e: Error) => setError(ProjectMessages.downloadFailed(BOOK_FILES[kind].label, e.message)))
                  .finally(() => setBusy(null));
              }}
            >
              {busy === kind ? 'Downloading…' : label(kind)}
            </button>
          );
        })}
        {children}
      </div>
      {error && <p className="error-text" role="alert">{error}</p>}
    </div>
  );
}
