import { useEffect, useState } from 'react';
import { authorizedFetch } from '../api/client.ts';
import { Dialog } from './Dialog.tsx';

/** An image the API serves only to its owner: fetched with the caller's token, shown from a blob URL. */
export function OwnedImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let href: string | null = null;
    let live = true;
    authorizedFetch(src)
      .then((r) => r.blob())
      .then((blob) => {
        href = URL.createObjectURL(blob);
        if (live) setUrl(href);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [src]);
  if (failed) return <span className="muted">Preview unavailable</span>;
  return url ? <img src={url} alt={alt} className={className} /> : <span className="preview-placeholder" aria-label={`Loading ${alt}`} />;
}

/** The front cover and the first pages of a book (blank versos left out), to look at before downloading: each opens large. */
export function PreviewStrip({ previews }: { previews: { pages: { page: number; url: string }[]; cover: string | null } }) {
  const items = [...(previews.cover ? [{ src: previews.cover, alt: 'Front cover' }] : []), ...previews.pages.map((p) => ({ src: p.url, alt: `Page ${p.page}` }))];
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ul className="preview-strip" aria-label="Preview">
        {items.map((item, i) => (
          <li key={item.src}>
            <button type="button" className="preview-open" aria-label={`Open ${item.alt.toLowerCase()} large`} onClick={() => setOpen(i)}>
              <OwnedImage src={item.src} alt={item.alt} className={i === 0 && previews.cover ? 'preview-cover' : undefined} />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && <PreviewViewer items={items} index={open} onMove={setOpen} onClose={() => setOpen(null)} />}
    </>
  );
}

/** One preview large, in a dialog: Previous/Next (and the arrow keys) go through the others, Escape closes. */
function PreviewViewer({ items, index, onMove, onClose }: { items: { src: string; alt: string }[]; index: number; onMove: (i: number) => void; onClose: () => void }) {
  const item = items[index] as { src: string; alt: string };
  const move = (by: number) => onMove((index + by + items.length) % items.length);
  return (
    <Dialog labelId="preview-title" onClose={onClose} wide className="preview-viewer">
      <div
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') move(1);
          if (event.key === 'ArrowLeft') move(-1);
        }}
      >
        <h2 id="preview-title">
          {item.alt} <span className="muted">({index + 1} of {items.length})</span>
        </h2>
        <OwnedImage key={item.src} src={item.src} alt={item.alt} className="preview-large" />
        <div className="book-actions">
          <button type="button" className="button button-secondary" onClick={() => move(-1)} disabled={items.length < 2}>Previous</button>
          <button type="button" className="button button-secondary" onClick={() => move(1)} disabled={items.length < 2} data-autofocus>Next</button>
          <button type="button" className="button" onClick={onClose}>Close</button>
        </div>
      </div>
    </Dialog>
  );
}
