import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BookProject } from '../../../../libs/db/index.ts';
import { ShopMessages } from '../../../../libs/domain/index.ts';
import { testConfig } from '../../../../testing/index.ts';
import { insertSavedBook } from '../../../../testing/saved-books.ts';
import { apiClient, serveWithWorker } from '../../../../testing/test-server.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
const served = serveWithWorker(config);
const { call, signUpAccount } = apiClient(() => served.url);
const portal = config.PORTAL_URL.replace(/\/+$/, '');
const tag = randomUUID().slice(0, 8);
// Book text is the author's: a title that tries to end the page's scripts and attributes.
const title = `Harbour </script><script>alert(1)</script> "Lights" ${tag}`;

/** A page as a crawler gets it: a plain GET of what the portal forwards its path to, no JavaScript. */
async function page(path: string) {
  const response = await fetch(`${served.url}/api/pages${path}`);
  return { status: response.status, type: response.headers.get('content-type') ?? '', robots: response.headers.get('x-robots-tag'), text: await response.text() };
}
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, json = '']) => JSON.parse(json) as Record<string, unknown>);
const metaContent = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe("the shop's pages for crawlers", () => {
  let token: string;
  let published: string;
  let unpublished: string;

  beforeAll(async () => {
    const account = await signUpAccount();
    token = account.token;
    [published, unpublished] = await Promise.all([
      insertSavedBook(served.engine.deps, account.id, { title, pages: 48 }),
      insertSavedBook(served.engine.deps, account.id, { title: `Quiet Orchards ${tag}` }),
    ]);
    const em = served.engine.deps.orm.em.fork();
    const book = await em.findOneOrFail(BookProject, published, { populate: ['generatorProject'] });
    // What a finished book has that a saved test book lacks: a cover image, a language other than the default.
    book.generatorProject.coverPngKey = `test/${published}/cover.png`;
    book.generatorProject.language = 'fr';
    await em.flush();
    const shop = await call('PATCH', `/book-projects/${published}/shop`, { published_to_shop: true, shop_price: 12.5, isbn: '978-0-306-40615-7', shop_description: 'Winter on the coast, told by its keepers.' }, token);
    expect(shop.status).toBe(200);
    // The print price is set on the row: its own rules (the print cost) are the shop settings' tests' subject.
    await em.nativeUpdate(BookProject, { id: published }, { shopPrintPrice: 24 });
  }, 60_000);

  it("answers /shop/{id} with the portal page carrying the book's title, image, canonical URL and schema.org Book", async () => {
    const { status, type, text } = await page(`/shop/${published}`);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/html/);
    const head = text.slice(0, text.indexOf('</head>'));
    expect(head).toContain(`<title>Harbour &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Lights&quot; ${tag} by Ada Writer — Pressroom shop</title>`);
    expect(metaContent(head, 'og:image')).toBe(`${portal}/api/shop/books/${published}/cover`);
    expect(metaContent(head, 'description')).toBe('Winter on the coast, told by its keepers.');
    expect(head).toContain(`<link rel="canonical" href="${portal}/shop/${published}" />`);
    const [book] = jsonLd(text);
    expect(book).toMatchObject({
      '@type': 'Book',
      name: title,
      author: { '@type': 'Person', name: 'Ada Writer' },
      isbn: '978-0-306-40615-7',
      inLanguage: 'fr',
      numberOfPages: 48,
      image: `${portal}/api/shop/books/${published}/cover`,
      url: `${portal}/shop/${published}`,
    });
    expect(book?.offers).toEqual([
      expect.objectContaining({ '@type': 'Offer', price: '12.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: `${portal}/shop/${published}` }),
      expect.objectContaining({ '@type': 'Offer', price: '24.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' }),
    ]);
    // The summary is there for a reader without JavaScript; the title's markup stayed text.
    expect(text).toContain(`<img src="/api/shop/books/${published}/cover"`);
    expect(text).toContain('$12.50');
    expect(text).not.toContain('<script>alert');
  });

  it('answers an unpublished, unknown or malformed id with a 404 page that search engines drop', async () => {
    for (const id of [unpublished, randomUUID(), 'not-a-book', '%3Cscript%3E']) {
      const answer = await page(`/shop/${id}`);
      expect(answer.status, id).toBe(404);
      expect(answer.type, id).toMatch(/^text\/html/);
      expect(answer.text, id).toContain('<meta name="robots" content="noindex" />');
      expect(answer.robots, id).toBe('noindex');
      expect(answer.text, id).toContain(ShopMessages.notFound);
      expect(answer.text, id).not.toContain('Quiet Orchards');
    }
  });

  it('lists published books in sitemap.xml, which robots.txt names, and the newest on /shop', async () => {
    const sitemap = await fetch(`${served.url}/api/pages/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    expect(xml).toContain(`<url><loc>${portal}/</loc></url>`);
    expect(xml).toMatch(new RegExp(`<url><loc>${portal}/shop</loc><lastmod>[^<]+</lastmod></url>`));
    expect(xml).toMatch(new RegExp(`<url><loc>${portal}/shop/${published}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+</lastmod></url>`));
    expect(xml).not.toContain(unpublished);
    expect(await (await fetch(`${served.url}/api/pages/robots.txt`)).text()).toContain(`Sitemap: ${portal}/sitemap.xml`);

    const shop = await page('/shop');
    expect(shop.status).toBe(200);
    expect(shop.text).toContain(`<link rel="canonical" href="${portal}/shop" />`);
    expect(shop.text).toContain(`<a href="/shop/${published}">Harbour &lt;/script&gt;`);
    // The shop's JSON API is where it was.
    expect((await call('GET', `/shop/books/${published}`)).status).toBe(200);
  });

  it('drops a book from its page and the sitemap once its author unpublishes it', async () => {
    expect((await call('PATCH', `/book-projects/${published}/shop`, { published_to_shop: false }, token)).status).toBe(200);
    expect((await page(`/shop/${published}`)).status).toBe(404);
    expect(await (await fetch(`${served.url}/api/pages/sitemap.xml`)).text()).not.toContain(published);
  });
});
