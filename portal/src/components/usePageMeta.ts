import { useEffect } from 'react';

/** The named <meta>, made when the page has none. */
function metaTag(name: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  return tag;
}

/**
 * The page's title and description while it is shown (the server writes the same for a crawler's first visit, see
 * apps/api/src/shop-pages), and `noindex` for a page search engines should drop. Leaving restores what was there.
 */
export function usePageMeta(meta: { title: string; description: string; noindex?: boolean } | null): void {
  const title = meta?.title;
  const description = meta?.description;
  const noindex = meta?.noindex ?? false;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    const descriptionTag = metaTag('description');
    const before = { title: document.title, description: descriptionTag.content };
    document.title = title;
    descriptionTag.content = description;
    const robots = noindex ? metaTag('robots') : null;
    if (robots) robots.content = 'noindex';
    return () => {
      document.title = before.title;
      descriptionTag.content = before.description;
      robots?.remove();
    };
  }, [title, description, noindex]);
}
