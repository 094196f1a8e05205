import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { ProjectView } from '../../../libs/contracts/index.ts';
import { COVER_IMAGE_LIMITS, trimLabel } from '../../../libs/domain/index.ts';
import { OwnedImage } from '../components/OwnedImage.tsx';
import { editing } from '../api/editing.ts';

const inches = (value: number) => `${Math.round(value * 1000) / 1000}`;

/** What the author's own cover is, or what one may be. */
function ownCoverText(project: ProjectView): string {
  const own = project.own_cover;
  if (own?.kind === 'front') return `Your own front cover (${own.width} × ${own.height} pixels) is used; the spine and back are drawn in the book's design.`;
  if (own?.kind === 'wrap') return `Your own full-wrap cover PDF (${inches(own.width_in)} × ${inches(own.height_in)} in) is used as it is.`;
  const size = project.cover_size;
  return (
    `Use your own cover: a PNG or JPEG front of at most ${COVER_IMAGE_LIMITS.maxBytes / 1024 / 1024} MB, about ${COVER_IMAGE_LIMITS.printDpi} pixels per inch at ${trimLabel(project.trim_size)}, ` +
    `which fills the front to the edges while the spine and back are drawn for you` +
    (size ? `; or a one-page full-wrap PDF of ${inches(size.width_in)} × ${inches(size.height_in)} in (back, a ${inches(size.spine_in)} in spine and front, with 0.125 in bleed).` : '.')
  );
}

/**
 * The book's cover in the editor: what it looks like now, and the author's own front image, which the cover run wraps
 * with a spine and back in the book's design. Print orders and Elite proofs draw their covers from it; the book's own
 * cover is never replaced by them.
 */
export function OwnCover({ project, onChanged }: { project: ProjectView; onChanged: () => void }) {
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  // The cover's address stays the same through a redraw: a new version number makes the preview fetch it again.
  const [version, setVersion] = useState(0);
  const done = () => {
    setVersion((v) => v + 1);
    onChanged();
  };
  const upload = useMutation({ mutationFn: (file: File) => editing.uploadCover(project.project_id, file), onSuccess: done });
  const remove = useMutation({ mutationFn: () => editing.removeCover(project.project_id), onSuccess: done });
  const busy = upload.isPending || remove.isPending;
  const error = upload.error ?? remove.error;
  const built = Boolean(project.cover_path);

  return (
    <section className="card own-cover" aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`}>Cover</h2>
      {built ? (
        <OwnedImage key={version} src={`/api/projects/${project.project_id}/download/cover-png?inline=1&v=${version}`} alt="The book's front cover" className="preview-cover" />
      ) : (
        <p className="muted">The cover is drawn when the book's files are built.</p>
      )}
      <p className="muted">{ownCoverText(project)}</p>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,application/pdf"
        hidden
        aria-label="Your cover: a PNG or JPEG front, or a full-wrap PDF"
        disabled={busy || !built}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) upload.mutate(file);
        }}
      />
      <div className="book-actions">
        <button type="button" className="button button-small" disabled={busy || !built} onClick={() => input.current?.click()}>
          {project.own_cover ? 'Replace your cover' : 'Upload your own cover'}
        </button>
        {project.own_cover && (
          <button type="button" className="button button-secondary button-small" disabled={busy} onClick={() => remove.mutate()}>
            Use the designed cover
          </button>
        )}
      </div>
      <p className="muted" role="status">
        {upload.isPending ? 'Drawing your cover…' : remove.isPending ? 'Drawing the designed cover…' : upload.isSuccess ? 'Your cover is ready.' : ''}
      </p>
      {upload.data?.warning && <p className="notice notice-warning" role="note">{upload.data.warning}</p>}
      {error && <p className="error-text" role="alert">{error.message}</p>}
    </section>
  );
}
