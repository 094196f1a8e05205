import { useEffect, useState } from 'react';
import { authorizedFetch } from '../api/client.ts';

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

/** The front cover and the first pages of a book, to look at before downloading. */
export function PreviewStrip({ previews }: { previews: { pages: { page: number; url: string }[]; cover: string | null } }) {
  return (
    <div className="preview-strip" aria-label="Preview">
      {previews.cover && <OwnedImage src={previews.cover} alt="Front cover" className="preview-cover" />}
      {previews.pages.map((p) => (
        <OwnedImage key={p.page} src={p.url} alt={`Page ${p.page}`} />
      ))}
    </div>
  );
}
