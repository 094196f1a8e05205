import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngOf, TINY_JPEG } from '../../testing/book-images.ts';
import { openDeps, testConfig } from '../../testing/index.ts';
import { insertWrittenBook } from '../../testing/written-books.ts';
import { BookImage, GeneratorProject } from '../db/index.ts';
import { bookImageKey, bookImagePath, projectFilePrefix, type BookImageType } from '../domain/index.ts';
import { loadBookImages } from './index.ts';

const config = testConfig();
let deps: Awaited<ReturnType<typeof openDeps>>;
const projects: string[] = [];

beforeAll(async () => {
  deps = await openDeps(config);
});
afterAll(async () => {
  for (const id of projects) await deps.storage.deletePrefix(projectFilePrefix({ id }));
  await deps.close();
});

async function book(): Promise<string> {
  const id = await insertWrittenBook(deps.orm, { chapters: [{ title: 'Beds', content: 'Raised beds.' }] });
  projects.push(id);
  return id;
}

/** An image of the book, stored as the upload stores it. */
async function image(projectId: string, bytes: Buffer, contentType: BookImageType = 'image/png'): Promise<{ id: string; path: string }> {
  const id = randomUUID();
  const extension = contentType === 'image/png' ? 'png' : 'jpg';
  const key = bookImageKey({ id: projectId }, { id, extension });
  await deps.storage.put(key, bytes, contentType);
  const em = deps.orm.em.fork();
  em.create(BookImage, { id, project: em.getReference(GeneratorProject, projectId), key, contentType, filename: 'x', size: bytes.length, width: 1, height: 1, createdAt: new Date() });
  await em.flush();
  return { id, path: bookImagePath({ id, extension }) };
}

describe('loadBookImages', () => {
  it("loads exactly this book's images that its texts name, with their bytes, keyed by the path they are named by", async () => {
    const projectId = await book();
    const otherBook = await book();
    const named = await image(projectId, pngOf(3, 2));
    const inSummary = await image(projectId, TINY_JPEG, 'image/jpeg');
    const notNamed = await image(projectId, pngOf(1, 1));
    const othersImage = await image(otherBook, pngOf(5, 5));

    const texts = [
      `![a bed](${named.path})`,
      // Another book's image, named by its own path: this book does not hold it.
      `![theirs](${othersImage.path})`,
      // This book's image under the wrong extension is not the path it is kept by.
      `![wrong](images/${notNamed.id}.jpg)`,
      null,
      `Summary ![tomatoes](${inSummary.path})`,
    ];
    const images = await loadBookImages(deps.orm.em, deps.storage, projectId, texts);

    expect([...images.keys()].sort()).toEqual([named.path, inSummary.path].sort());
    expect(images.get(named.path)).toMatchObject({ contentType: 'image/png', width: 1, height: 1 });
    expect(Buffer.from(images.get(named.path)?.data ?? []).equals(pngOf(3, 2))).toBe(true);
    expect(Buffer.from(images.get(inSummary.path)?.data ?? []).equals(TINY_JPEG)).toBe(true);
    expect((await loadBookImages(deps.orm.em, deps.storage, otherBook, texts)).has(othersImage.path)).toBe(true);
  });

  it('loads nothing for texts that name no image, and leaves out an image whose bytes are gone', async () => {
    const projectId = await book();
    const gone = await image(projectId, pngOf(2, 2));
    await deps.storage.delete(bookImageKey({ id: projectId }, { id: gone.id, extension: 'png' }));
    expect((await loadBookImages(deps.orm.em, deps.storage, projectId, ['No pictures.'])).size).toBe(0);
    expect((await loadBookImages(deps.orm.em, deps.storage, projectId, [`![gone](${gone.path})`])).size).toBe(0);
  });
});
