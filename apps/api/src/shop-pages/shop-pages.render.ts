// The shop's pages as crawlers and link previews read them, without JavaScript: the portal's index.html with the
// page's title, description, Open Graph and Twitter tags, canonical URL and schema.org data in its head, and a plain
// summary in its root element that the portal replaces when it starts. Book text is the author's, so untrusted:
// every value goes through escapeHtml, or through jsonForScript inside the JSON-LD block.
import type { ShopBookSummary, ShopBookView } from '../../../../libs/contracts/index.ts';
import { formatAmount, metaDescription, PRINT_CURRENCY, shopBookPath, ShopMessages, ShopPageText, toCents } from '../../../../libs/domain/index.ts';

/** A published book's page: what the shop shows (with the editions it sells) and the book's language. */
export type ShopPageBook = Pick<ShopBookView, 'id' | 'title' | 'author' | 'description' | 'isbn' | 'page_count' | 'cover_url' | 'category' | 'editions'> & {
  language: string;
};

/** A book in the sitemap: its id and when it last changed. */
export interface SitemapBook {
  id: string;
  lastmod: Date;
}

export interface RenderedPage {
  status: 200 | 404;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** JSON that stays data inside <script>: no "</script>", "<!--" or line separator can end or confuse the block. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The public address of a path of the portal; `origin` is PORTAL_URL. */
const absolute = (origin: string, path: string) => `${origin.replace(/\/+$/, '')}${path}`;
const price = (dollars: number, currency: string) => formatAmount(toCents(dollars), currency);

const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

interface Head {
  title: string;
  description: string;
  canonical?: string;
  image?: { url: string; alt: string };
  ogType?: string;
  extra?: string[];
  jsonLd?: unknown;
}

function headTags(head: Head): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`, meta('name', 'description', head.description)];
  if (head.canonical) {
    tags.push(
      `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
      meta('property', 'og:site_name', ShopPageText.siteName),
      meta('property', 'og:type', head.ogType ?? 'website'),
      meta('property', 'og:title', head.title),
      meta('property', 'og:description', head.description),
      meta('property', 'og:url', head.canonical),
      meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', head.title),
      meta('name', 'twitter:description', head.description),
    );
  }
  if (head.image) {
    tags.push(meta('property', 'og:image', head.image.url), meta('property', 'og:image:alt', head.image.alt), meta('name', 'twitter:image', head.image.url), meta('name', 'twitter:image:alt', head.image.alt));
  }
  tags.push(...(head.extra ?? []));
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  return tags.join('\n    ');
}

/**
 * The portal's index.html with the page's head tags in place of its own title and description, and `body` inside its
 * root element. Replacements are functions, so a "$&" in a title is text, not a pattern.
 */
export function fillShell(shell: string, head: Head, body: string): string {
  const root = /<div id="root">\s*<\/div>/;
  if (!root.test(shell) || !shell.includes('</head>')) throw new Error('The portal page has no <div id="root"></div> or no </head>');
  return shell
    .replace(/<title>[\s\S]*?<\/title>\s*/i, () => '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, () => '')
    .replace('</head>', () => `  ${headTags(head)}\n  </head>`)
    .replace(root, () => `<div id="root">${body}</div>`);
}

const crumbs = `<p class="shop-crumbs"><a href="/">${ShopPageText.siteName}</a> · <a href="/shop">Shop</a></p>`;
const frame = (content: string) => `<main id="main" class="static-main">${crumbs}${content}</main>`;
const coverAlt = (title: string) => `Front cover of ${title}`;

/** One offer per edition the shop sells (the e-book; printed copies when the author sells them). */
const offersOf = (book: ShopPageBook) =>
  book.editions.map((edition) => ({ name: edition.kind === 'ebook' ? ShopPageText.ebookOffer : ShopPageText.printOffer, price: edition.price, currency: edition.currency.toUpperCase() }));

/** schema.org/Book with one Offer per edition. */
export function bookJsonLd(book: ShopPageBook, origin: string): Record<string, unknown> {
  const url = absolute(origin, shopBookPath(book.id));
  return {
    '@context': 'https://schema.org',
    '@type': 'Book',
    '@id': url,
    url,
    name: book.title,
    author: { '@type': 'Person', name: book.author },
    description: book.description,
    inLanguage: book.language,
    genre: book.category,
    ...(book.isbn ? { isbn: book.isbn } : {}),
    ...(book.page_count ? { numberOfPages: book.page_count } : {}),
    ...(book.cover_url ? { image: absolute(origin, book.cover_url) } : {}),
    offers: offersOf(book).map((offer) => ({
      '@type': 'Offer',
      name: offer.name,
      price: offer.price.toFixed(2),
      priceCurrency: offer.currency,
      availability: 'https://schema.org/InStock',
      url,
    })),
  };
}

/** /shop/{id}. */
export function renderBookPage(shell: string, book: ShopPageBook, origin: string): RenderedPage {
  const t = escapeHtml(book.title);
  const facts = [
    ['Category', book.category],
    ...(book.page_count ? [['Pages', String(book.page_count)]] : []),
    ...(book.isbn ? [['ISBN', book.isbn]] : []),
  ];
  const body = frame(
    `<article lang="${escapeHtml(book.language)}"><h1 dir="auto">${t}</h1><p dir="auto">by ${escapeHtml(book.author)}</p>` +
      (book.cover_url ? `<img src="${escapeHtml(book.cover_url)}" alt="${escapeHtml(coverAlt(book.title))}" width="240" />` : '') +
      `<p dir="auto">${escapeHtml(book.description)}</p>` +
      `<ul>${offersOf(book).map((o) => `<li>${escapeHtml(o.name)}: ${escapeHtml(price(o.price, o.currency))}</li>`).join('')}</ul>` +
      `<dl>${facts.map(([k = '', v = '']) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl></article>` +
      `<p><a href="/shop">← All books in the shop</a></p>`,
  );
  const html = fillShell(
    shell,
    {
      title: ShopPageText.bookTitle(book),
      description: metaDescription(book.description),
      canonical: absolute(origin, shopBookPath(book.id)),
      ogType: 'book',
      image: book.cover_url ? { url: absolute(origin, book.cover_url), alt: coverAlt(book.title) } : undefined,
      extra: book.isbn ? [meta('property', 'book:isbn', book.isbn)] : [],
      jsonLd: bookJsonLd(book, origin),
    },
    body,
  );
  return { status: 200, html };
}

/** /shop: the newest books, each a link to its page. */
export function renderCataloguePage(shell: string, books: readonly ShopBookSummary[], origin: string): RenderedPage {
  const url = absolute(origin, '/shop');
  const items = books.map(
    (b) => `<li><a href="${escapeHtml(shopBookPath(b.id))}">${escapeHtml(b.title)}</a> by ${escapeHtml(b.author)} — ${escapeHtml(price(b.price, PRINT_CURRENCY))}</li>`,
  );
  const body = frame(`<h1>Shop</h1><p>${escapeHtml(ShopPageText.catalogueDescription)}</p>${books.length ? `<ul>${items.join('')}</ul>` : `<p>${escapeHtml(ShopMessages.empty)}</p>`}`);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: ShopPageText.catalogueTitle,
    url,
    mainEntity: { '@type': 'ItemList', itemListElement: books.map((b, i) => ({ '@type': 'ListItem', position: i + 1, url: absolute(origin, shopBookPath(b.id)), name: b.title })) },
  };
  return { status: 200, html: fillShell(shell, { title: ShopPageText.catalogueTitle, description: ShopPageText.catalogueDescription, canonical: url, jsonLd }, body) };
}

/** An unknown, malformed or unpublished id: the same page for all, kept out of search results. */
export function renderNotFoundPage(shell: string): RenderedPage {
  const body = frame(`<h1>Book not found</h1><p>${escapeHtml(ShopMessages.notFound)}</p><p><a href="/shop">← All books in the shop</a></p>`);
  const head = { title: ShopPageText.notFoundTitle, description: ShopMessages.notFound, extra: [meta('name', 'robots', 'noindex')] };
  return { status: 404, html: fillShell(shell, head, body) };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/** sitemap.xml: the landing page, the shop (as new as its newest book) and every published book's page. */
export function renderSitemap(books: readonly SitemapBook[], origin: string): string {
  const newest = books.reduce<Date | null>((latest, b) => (!latest || b.lastmod > latest ? b.lastmod : latest), null);
  const entry = (path: string, lastmod: Date | null) =>
    `  <url><loc>${escapeXml(absolute(origin, path))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    entry('/', null),
    entry('/shop', newest),
    ...books.map((b) => entry(shopBookPath(b.id), b.lastmod)),
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything public may be crawled but the API (the shop's covers excepted) and the back office. */
export const renderRobots = (origin: string) =>
  ['User-agent: *', 'Allow: /', 'Allow: /api/shop/books/', 'Disallow: /api/', 'Disallow: /admin', '', `Sitemap: ${absolute(origin, '/sitemap.xml')}`, ''].join('\n');
