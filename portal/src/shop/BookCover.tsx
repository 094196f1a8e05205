/** A published book's front cover (public, so a plain image); a plain panel when the book has none. */
export function BookCover({ url, title }: { url: string | null; title: string }) {
  if (!url) return <div className="shop-cover shop-cover-missing">{title}</div>;
  return <img className="shop-cover" src={url} alt={`Cover of ${title}`} width={400} height={600} loading="lazy" />;
}
