import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ShopMessages, SHOP_LIMITS } from '../../../../libs/domain/index.ts';
import { eventually, testConfig } from '../../../../testing/index.ts';
import { apiClient, type Json, serveWithWorker } from '../../../../testing/test-server.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
const served = serveWithWorker(config);
const { call, signUp } = apiClient(() => served.url);

// The shop is shared with every other test: this file's books are told apart by a tag in their author's name.
const tag = randomUUID().slice(0, 8);
const author = `Ada Shopwright ${tag}`;
const brief = { author, book_idea: 'How harbour towns keep their lighthouses lit through the winter', ai_model: 'mock', total_target_words: 10_000, include_cover: true };

async function fetchFile(path: string) {
  const response = await fetch(`${served.url}${path}`);
  return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), body: Buffer.from(await response.arrayBuffer()) };
}
const listed = async (query: string) => (await call('GET', `/shop/books?${query}`)).body as Json & { books: Json[]; total: number };
const titles = async (query: string) => (await listed(query)).books.map((b) => b.title);

/** A signed-in author's one-shot book, finished (it is in My Books from its start); its book id. */
async function finishedBook(token: string, title: string): Promise<string> {
  const start = await call('POST', '/projects/generate-complete', { ...brief, title }, token);
  expect(start.status).toBe(201);
  const status = await eventually(
    async () => (await call('GET', `/projects/orchestration/${start.body.project_id as string}/status`, undefined, token)).body,
    (s) => s.status === 'completed' || s.status === 'failed',
    60_000,
  );
  expect(status.status).toBe('completed');
  const shelf = (await call('GET', '/book-projects', undefined, token)).body as unknown as Json[];
  return shelf.find((b) => b.project_id === start.body.project_id)?.id as string;
}

describe('the public shop', () => {
  let token: string;
  let harbour: string;
  let orchard: string;
  const shop = (id: string, body: unknown) => call('PATCH', `/book-projects/${id}/shop`, body, token);

  beforeAll(async () => {
    token = await signUp();
    [harbour, orchard] = await Promise.all([finishedBook(token, `Harbour Lights ${tag}`), finishedBook(token, `Quiet Orchards ${tag}`)]);
  }, 90_000);

  it('shows nothing of a book that is not published, on any route', async () => {
    expect(await call('GET', `/shop/books/${harbour}`)).toMatchObject({ status: 404, body: { message: ShopMessages.notFound, statusCode: 404 } });
    for (const path of [`/api/shop/books/${harbour}/cover`, `/api/shop/books/${harbour}/preview/1`]) expect((await fetchFile(path)).status).toBe(404);
    expect(await listed(`q=${tag}`)).toMatchObject({ books: [], total: 0, page: 1, page_size: SHOP_LIMITS.pageSize });
  });

  it('lists a published book, newest first, and shows its page, cover and first pages', async () => {
    expect((await shop(harbour, { published_to_shop: true })).status).toBe(200);
    const edited = await shop(harbour, { shop_price: 12.5, shop_category: 'History', shop_description: 'Winter on the coast, told by its keepers.', isbn: '978-0-306-40615-7' });
    expect(edited.status).toBe(200);
    expect((await shop(orchard, { published_to_shop: true })).status).toBe(200);

    expect(await titles(`q=${encodeURIComponent(author)}`)).toEqual([`Quiet Orchards ${tag}`, `Harbour Lights ${tag}`]);
    const page = await call('GET', `/shop/books/${harbour}`);
    expect(page).toMatchObject({
      status: 200,
      body: { id: harbour, title: `Harbour Lights ${tag}`, author, price: 12.5, category: 'History', isbn: '978-0-306-40615-7', description: 'Winter on the coast, told by its keepers.', cover_url: `/api/shop/books/${harbour}/cover` },
    });
    expect(page.body.page_count).toBeGreaterThan(4);
    expect(Date.now() - Date.parse(page.body.published_at as string)).toBeLessThan(120_000);
    // Nothing of the owner, and no file but the cover and the first page previews.
    expect(Object.keys(page.body).sort()).toEqual(['author', 'category', 'cover_url', 'description', 'editions', 'id', 'isbn', 'page_count', 'previews', 'price', 'published_at', 'title']);
    expect(page.body.editions).toEqual([{ kind: 'ebook', price: 12.5, currency: 'USD', formats: ['epub', 'pdf'] }]);
    const previews = page.body.previews as { page: number; url: string }[];
    expect(previews.length).toBe(SHOP_LIMITS.previewPages);
    expect(previews[0]?.url).toBe(`/api/shop/books/${harbour}/preview/1`);
    // Without a marketing description the book idea describes it; the default price and category apply.
    expect((await call('GET', `/shop/books/${orchard}`)).body).toMatchObject({ description: brief.book_idea, price: 19.99, category: 'AI-Generated', isbn: null });

    const cover = await fetchFile(`/api/shop/books/${harbour}/cover`);
    expect(cover).toMatchObject({ status: 200, type: 'image/png' });
    expect(cover.disposition).toMatch(/^inline;/);
    expect(cover.body.subarray(1, 4).toString()).toBe('PNG');
    const first = await fetchFile(`/api/shop/books/${harbour}/preview/${SHOP_LIMITS.previewPages}`);
    expect(first).toMatchObject({ status: 200, type: 'image/png' });
    expect((await fetchFile(`/api/shop/books/${harbour}/preview/${SHOP_LIMITS.previewPages + 1}`)).status).toBe(404);
  });

  it('keeps the PDF and the text out of reach', async () => {
    for (const path of ['download/pdf', 'download/cover-pdf', 'download/zip', 'pdf', 'chapters']) expect((await fetchFile(`/api/shop/books/${harbour}/${path}`)).status).toBe(404);
    expect((await fetchFile(`/api/book-projects/${harbour}/download/pdf`)).status).toBe(401);
  });

  it('filters by category and searches title and author, wildcards taken literally', async () => {
    expect(await titles(`category=History&q=${tag}`)).toEqual([`Harbour Lights ${tag}`]);
    expect(await titles(`category=Science&q=${tag}`)).toEqual([]);
    expect(await titles(`q=${encodeURIComponent(`harbour lights ${tag}`)}`)).toEqual([`Harbour Lights ${tag}`]);
    expect(await titles(`q=${encodeURIComponent(`Shopwright ${tag}`)}`)).toHaveLength(2);
    expect(await titles(`q=${encodeURIComponent(`%${tag}`)}`)).toEqual([]);
    expect(await titles(`q=${encodeURIComponent(`Harbour_Lights ${tag}`)}`)).toEqual([]);
    expect(await listed(`q=${tag}&page=2`)).toMatchObject({ books: [], total: 2, page: 2 });
  });

  it('answers malformed input with a 4xx in the house shape, never a 5xx', async () => {
    const category = await call('GET', '/shop/books?category=Cookbooks');
    expect(category).toMatchObject({ status: 422, body: { message: ShopMessages.invalidCategory, statusCode: 422, details: [{ field: 'category' }] } });
    for (const query of ['q=a%00b', `q=${'x'.repeat(SHOP_LIMITS.searchMax + 1)}`, 'page=0', 'page=abc', 'page=1.5', `page=${SHOP_LIMITS.maxPage + 1}`, 'category=Hist%00ory']) {
      const answer = await call('GET', `/shop/books?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toEqual(expect.any(String));
    }
    for (const id of ['not-a-uuid', randomUUID(), '%27%20OR%201%3D1', 'a'.repeat(500)]) {
      expect(await call('GET', `/shop/books/${id}`), id).toMatchObject({ status: 404, body: { message: ShopMessages.notFound } });
      expect((await fetchFile(`/api/shop/books/${id}/cover`)).status, id).toBe(404);
    }
    expect((await call('GET', `/shop/books/${harbour}%00`)).status).toBe(400);
    for (const page of ['0', 'x', '-1', '99999999999999999999']) expect((await fetchFile(`/api/shop/books/${harbour}/preview/${page}`)).status, page).toBe(404);
  });

  it('hides a book again once its author unpublishes it', async () => {
    expect((await shop(harbour, { published_to_shop: false })).status).toBe(200);
    expect(await call('GET', `/shop/books/${harbour}`)).toMatchObject({ status: 404, body: { message: ShopMessages.notFound } });
    for (const path of [`/api/shop/books/${harbour}/cover`, `/api/shop/books/${harbour}/preview/1`]) expect((await fetchFile(path)).status).toBe(404);
    expect(await titles(`q=${tag}`)).toEqual([`Quiet Orchards ${tag}`]);
  });
});
