import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { metaDescription, ShopMessages, ShopPageText } from '../../../../libs/domain/index.ts';
import { bookJsonLd, escapeHtml, fillShell, jsonForScript, renderBookPage, renderCataloguePage, renderNotFoundPage, renderRobots, renderSitemap, type ShopPageBook } from './shop-pages.render.ts';

const shell = readFileSync(join(import.meta.dirname, '../../../../portal/index.html'), 'utf8');
const origin = 'https://books.example.com';
const id = '0b6e2a4c-52a1-4f57-9a0c-3b1d2e4f5a6b';
const book: ShopPageBook = {
  id,
  title: 'Harbour Lights',
  author: 'Ada Shopwright',
  description: 'Winter on the coast, told by its keepers.',
  isbn: '978-0-306-40615-7',
  page_count: 124,
  cover_url: `/api/shop/books/${id}/cover`,
  category: 'History',
  language: 'en',
  editions: [
    { kind: 'ebook', price: 12.5, currency: 'USD', formats: ['epub', 'pdf'] },
    { kind: 'print', price: 24, currency: 'USD', formats: [], trim_size: '6x9', page_count: 124 },
  ],
};
const ebookOnly = book.editions.filter((edition) => edition.kind === 'ebook');

/** The JSON-LD blocks of a page, parsed. */
const jsonLdOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, json = '']) => JSON.parse(json) as Record<string, unknown>);
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
/** The value of a <meta> tag, unescaped the way a browser reads it. */
const metaOf = (html: string, key: string) => {
  const value = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
  return value?.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
};

describe("a shop book's page", () => {
  const { status, html } = renderBookPage(shell, book, origin);

  it('is the portal page with the book in its head: title, description, canonical, Open Graph and Twitter tags', () => {
    expect(status).toBe(200);
    const head = headOf(html);
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain(`<title>${ShopPageText.bookTitle(book)}</title>`);
    expect(head.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaOf(head, 'description')).toBe(book.description);
    expect(head).toContain(`<link rel="canonical" href="${origin}/shop/${id}" />`);
    expect(metaOf(head, 'og:type')).toBe('book');
    expect(metaOf(head, 'og:url')).toBe(`${origin}/shop/${id}`);
    expect(metaOf(head, 'og:image')).toBe(`${origin}/api/shop/books/${id}/cover`);
    expect(metaOf(head, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(head, 'twitter:image')).toBe(`${origin}/api/shop/books/${id}/cover`);
    expect(metaOf(head, 'book:isbn')).toBe(book.isbn);
    // The portal still starts from it.
    expect(html).toContain('<script type="module" src="/src/main.tsx"></script>');
  });

  it('carries schema.org/Book data with one in-stock USD offer per edition', () => {
    expect(jsonLdOf(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Book',
        '@id': `${origin}/shop/${id}`,
        url: `${origin}/shop/${id}`,
        name: 'Harbour Lights',
        author: { '@type': 'Person', name: 'Ada Shopwright' },
        description: book.description,
        inLanguage: 'en',
        genre: 'History',
        isbn: '978-0-306-40615-7',
        numberOfPages: 124,
        image: `${origin}/api/shop/books/${id}/cover`,
        offers: [
          { '@type': 'Offer', name: ShopPageText.ebookOffer, price: '12.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: `${origin}/shop/${id}` },
          { '@type': 'Offer', name: ShopPageText.printOffer, price: '24.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: `${origin}/shop/${id}` },
        ],
      },
    ]);
  });

  it('offers only the e-book when the book is not sold in print, and leaves out what the book lacks', () => {
    const data = bookJsonLd({ ...book, editions: ebookOnly, isbn: null, page_count: null, cover_url: null }, `${origin}/`);
    expect((data.offers as unknown[]).map((o) => (o as { name: string }).name)).toEqual([ShopPageText.ebookOffer]);
    expect(data).not.toHaveProperty('isbn');
    expect(data).not.toHaveProperty('numberOfPages');
    expect(data).not.toHaveProperty('image');
    expect(data.url).toBe(`${origin}/shop/${id}`);
    const page = renderBookPage(shell, { ...book, cover_url: null, isbn: null }, origin).html;
    expect(metaOf(page, 'twitter:card')).toBe('summary');
    expect(page).not.toContain('og:image');
    expect(page).not.toContain('book:isbn');
  });

  it('shows a summary without JavaScript: title, author, cover, description, prices and links', () => {
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1] ?? '';
    expect(root).toContain('<h1 dir="auto">Harbour Lights</h1>');
    expect(root).toContain('by Ada Shopwright');
    expect(root).toContain(`<img src="/api/shop/books/${id}/cover" alt="Front cover of Harbour Lights"`);
    expect(root).toContain(book.description);
    expect(root).toContain(`${ShopPageText.ebookOffer}: $12.50`);
    expect(root).toContain(`${ShopPageText.printOffer}: $24.00`);
    expect(root).toContain('<a href="/shop">');
    expect(root).not.toContain('<noscript');
  });
});

describe('untrusted book text', () => {
  const hostile: ShopPageBook = {
    ...book,
    title: 'Bad </script><script>alert(1)</script> "quoted" \'single\' <b>bold</b> & $& $1',
    author: '</title><script>alert(2)</script>',
    description: 'Breaks "out" of attributes? <img src=x onerror=alert(3)> \u2028 <!-- comment',
    category: '<i>History</i>',
    isbn: '"><script>',
    language: 'en" onload="x',
  };
  const { html } = renderBookPage(shell, hostile, origin);

  it('never adds a tag, an attribute or a script of its own', () => {
    // The page has exactly the shell's script plus the JSON-LD block: nothing the text brought.
    expect(html.match(/<script\b/g)).toHaveLength(2);
    expect(html).not.toMatch(/<(img|b|i) [^>]*onerror/);
    expect(html).not.toContain('<b>bold</b>');
    expect(html).not.toContain('<i>History</i>');
    expect(html).not.toMatch(/\sonload="/);
    expect(html.match(/<\/title>/g)).toHaveLength(1);
  });

  it('keeps every value whole and readable: in attributes, text and the JSON-LD', () => {
    expect(metaOf(html, 'og:title')).toBe(ShopPageText.bookTitle(hostile));
    expect(metaOf(html, 'description')).toBe(metaDescription(hostile.description));
    const [data] = jsonLdOf(html);
    expect(data).toMatchObject({ name: hostile.title, author: { name: hostile.author }, description: hostile.description, isbn: hostile.isbn, inLanguage: hostile.language });
    // "$&" and "$1" are text, not replacement patterns.
    expect(html).toContain('&amp; $&amp; $1');
  });

  it('escapes "</", "<!--" and line separators inside the JSON-LD', () => {
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(block).not.toContain('<');
    expect(block).not.toContain('\u2028');
    expect(jsonForScript({ a: '</script><!--&' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--\\u0026"}');
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('the catalogue, the not-found page, the sitemap and robots.txt', () => {
  it('lists the newest books with links, prices and an ItemList', () => {
    const summary = { id, title: 'Harbour <Lights>', author: 'Ada', price: 12.5, category: 'History', published_at: '2026-11-29T00:00:00.000Z', cover_url: null };
    const { status, html } = renderCataloguePage(shell, [summary], origin);
    expect(status).toBe(200);
    expect(html).toContain(`<title>${ShopPageText.catalogueTitle}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${origin}/shop" />`);
    expect(html).toContain(`<a href="/shop/${id}">Harbour &lt;Lights&gt;</a> by Ada — $12.50`);
    expect(jsonLdOf(html)[0]).toMatchObject({ '@type': 'CollectionPage', mainEntity: { itemListElement: [{ position: 1, url: `${origin}/shop/${id}`, name: 'Harbour <Lights>' }] } });
    expect(renderCataloguePage(shell, [], origin).html).toContain(ShopMessages.empty);
  });

  it('answers an unknown book with a 404 page kept out of search results', () => {
    const { status, html } = renderNotFoundPage(shell);
    expect(status).toBe(404);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain(ShopMessages.notFound);
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('application/ld+json');
  });

  it('lists the landing page, the shop and every book with when it changed', () => {
    const xml = renderSitemap([{ id, lastmod: new Date('2026-11-28T10:00:00Z') }, { id: id.replace('0b6e', '1c7f'), lastmod: new Date('2026-11-29T09:00:00Z') }], `${origin}/`);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml).toContain(`<url><loc>${origin}/</loc></url>`);
    expect(xml).toContain(`<url><loc>${origin}/shop</loc><lastmod>2026-11-29T09:00:00.000Z</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${origin}/shop/${id}</loc><lastmod>2026-11-28T10:00:00.000Z</lastmod></url>`);
    expect(renderSitemap([], 'https://a.example/?x=1&y=2')).toContain('<loc>https://a.example/?x=1&amp;y=2/</loc>');
  });

  it('points robots.txt at the sitemap', () => {
    expect(renderRobots(origin)).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(renderRobots(origin)).toMatch(/^User-agent: \*$/m);
  });

  it('refuses a shell it cannot fill rather than serve a page without the book', () => {
    expect(() => fillShell('<html><body></body></html>', { title: 't', description: 'd' }, '')).toThrow(/root/);
  });
});

describe('metaDescription', () => {
  it('folds whitespace and cuts long text between words, at most 160 characters', () => {
    expect(metaDescription('  a\n\n b  ')).toBe('a b');
    const long = `${'word '.repeat(60)}end`;
    const cut = metaDescription(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/word…$/);
    expect(metaDescription(`${'x'.repeat(158)}😀😀`)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
