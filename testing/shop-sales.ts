// Shop sales as a buyer makes them: a saved book published with its prices, a checkout paid on the local test page,
// and the sale followed to a status.
import type { MikroORM } from '@mikro-orm/core';
import { expect } from 'vitest';
import { BookProject, Sale } from '../libs/db/index.ts';
import { projectFileKey, type SaleStatusValue } from '../libs/domain/index.ts';
import type { StorageService } from '../libs/storage/index.ts';
import { eventually } from './index.ts';
import { insertSavedBook, type TestSavedBook } from './saved-books.ts';
import type { Json } from './test-server.ts';

type Call = (method: string, path: string, body?: unknown, token?: string) => Promise<{ status: number; body: Json }>;

/** Bytes that stand for a built EPUB (the shop copies and serves files; it does not read them). */
export const epubBytes = (label: string) => Buffer.concat([Buffer.from('PK\u0003\u0004mimetypeapplication/epub+zip'), Buffer.from(label)]);

/** A saved book of `userId` with an interior, a cover and an EPUB, published through the API at these prices; its id. */
export async function publishedBook(
  deps: { orm: MikroORM; storage: StorageService },
  call: Call,
  author: { id: string; token: string },
  shop: { shop_price?: number; shop_print_price?: number | null } = {},
  book: TestSavedBook = {},
): Promise<string> {
  const id = await insertSavedBook(deps, author.id, book);
  await replaceEpub(deps, id, epubBytes(`first build of ${id}`));
  expect((await call('PATCH', `/book-projects/${id}/shop`, { published_to_shop: true, ...shop }, author.token)).status).toBe(200);
  return id;
}

/** Puts a (new) EPUB on the book, as a rebuild would: a new key, the project pointing at it. */
export async function replaceEpub(deps: { orm: MikroORM; storage: StorageService }, bookId: string, bytes: Buffer): Promise<void> {
  const em = deps.orm.em.fork();
  const book = await em.findOneOrFail(BookProject, { id: bookId }, { populate: ['generatorProject.user'] });
  const project = book.generatorProject;
  const key = projectFileKey(project, `book-${Date.now()}.epub`);
  await deps.storage.put(key, bytes, 'application/epub+zip');
  project.epubKey = key;
  await em.flush();
}

/** Pays a checkout on the local test page as the buyer would; where the page sends them back. */
export async function payAtTestCheckout(apiUrl: string, checkoutUrl: string, email: string): Promise<string> {
  const page = new URL(checkoutUrl).pathname;
  const paid = await fetch(`${apiUrl}${page}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  return paid.headers.get('location') ?? '';
}

/** Waits for the sale to reach `status`; fails showing where it is when it does not in time. */
export async function saleReaching(orm: MikroORM, saleId: string, status: SaleStatusValue, timeoutMs = 30_000): Promise<Sale> {
  const sale = await eventually(() => orm.em.fork().findOneOrFail(Sale, { id: saleId }), (s) => s.status === status, timeoutMs);
  if (sale.status !== status) throw new Error(`sale ${saleId} is ${sale.status}, not ${status}`);
  return sale;
}

/** The download links a mail carries, by format. */
export function linksIn(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/https?:\/\/\S+\/api\/shop\/downloads\/([^/\s]+)\/(epub|pdf)/g)].map((m) => [m[2] as string, new URL(m[0]).pathname]));
}
