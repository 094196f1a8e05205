import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { BookImageView } from '../../../../libs/contracts/index.ts';
import { createRenderActivities } from '../../../../activities/render/build.ts';
import { BookImage, GeneratorProject } from '../../../../libs/db/index.ts';
import { BOOK_IMAGE_LIMITS, bookImageKey, BookImageMessages, projectFileKey, projectFilePrefix } from '../../../../libs/domain/index.ts';
import { damagedIdat, pngOf, TINY_GIF, TINY_JPEG, truncatedPng } from '../../../../testing/book-images.ts';
import { testConfig } from '../../../../testing/index.ts';
import { apiClient, serveWithWorker } from '../../../../testing/test-server.ts';
import { insertWrittenBook } from '../../../../testing/written-books.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', EDIT_RATE_LIMIT_PER_HOUR: '100000' });
const served = serveWithWorker(config);
const { signUpAccount } = apiClient(() => served.url);
const orm = () => served.engine.deps.orm;
const storage = () => served.engine.deps.storage;
const MB = 1024 * 1024;

/** A signed-in author with a written book of one chapter. */
async function authorWithBook(): Promise<{ token: string; userId: string; projectId: string }> {
  const { token, id } = await signUpAccount();
  const projectId = await insertWrittenBook(orm(), { userId: id, chapters: [{ title: 'Beds', content: 'Raised beds warm up early in spring.' }] });
  return { token, userId: id, projectId };
}

const auth = (token?: string): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});

/** Uploads an image with its description (`null`: none given; `{ decorative: true }`: marked decorative). */
async function upload(projectId: string, file: { bytes: Buffer; name: string; type?: string } | null, token?: string, alt: string | null | { decorative: true } = 'Raised beds in June') {
  const form = new FormData();
  if (file) form.append('image', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.name);
  if (typeof alt === 'string') form.append('alt', alt);
  else if (alt) form.append('decorative', 'true');
  const response = await fetch(`${served.url}/api/projects/${projectId}/images`, { method: 'POST', body: form, headers: auth(token) });
  return { status: response.status, body: (await response.json()) as BookImageView & { message?: string } };
}

const get = (path: string, token?: string) => fetch(`${served.url}/api${path}`, { headers: auth(token) });
const rowsOf = (projectId: string) => orm().em.fork().count(BookImage, { project: projectId });
const objectsOf = (project: { id: string; user: { id: string } | null }) => storage().list(`${projectFilePrefix(project)}images/`);

describe('POST /api/projects/{id}/images', () => {
  it('takes a PNG and a JPEG, keeps them in MinIO with the book, and answers with the Markdown to insert', async () => {
    const { token, userId, projectId } = await authorWithBook();
    const png = pngOf(3, 2);
    const first = await upload(projectId, { bytes: png, name: 'raised beds.png' }, token);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      path: `images/${first.body.id}.png`,
      markdown: `![Raised beds in June](images/${first.body.id}.png)`,
      filename: 'raised beds.png',
      content_type: 'image/png',
      size: png.length,
      width: 3,
      height: 2,
      url: `/api/projects/${projectId}/images/${first.body.id}`,
    });
    // The client's content type is not believed: the bytes say JPEG.
    const second = await upload(projectId, { bytes: TINY_JPEG, name: 'tomatoes.bin', type: 'application/octet-stream' }, token, 'Tomatoes [ripe] in August');
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ path: `images/${second.body.id}.jpg`, markdown: `![Tomatoes \\[ripe\\] in August](images/${second.body.id}.jpg)`, content_type: 'image/jpeg', width: 4, height: 3 });

    const project = { id: projectId, user: { id: userId } };
    expect((await objectsOf(project)).sort()).toEqual(
      [bookImageKey(project, { id: first.body.id, extension: 'png' }), bookImageKey(project, { id: second.body.id, extension: 'jpg' })].sort(),
    );

    const list = (await (await get(`/projects/${projectId}/images`, token)).json()) as BookImageView[];
    expect(list.map((i) => i.id)).toEqual([second.body.id, first.body.id]);

    for (const [view, bytes, type] of [
      [first.body, png, 'image/png'],
      [second.body, TINY_JPEG, 'image/jpeg'],
    ] as const) {
      const response = await get(view.url.replace(/^\/api/, ''), token);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it.each([
    ['a GIF named .png', TINY_GIF, 415, BookImageMessages.typeNotAllowed],
    ['an HTML page named .png', Buffer.from('<!doctype html><script>alert(1)</script>'), 415, BookImageMessages.typeNotAllowed],
    ['text named .png', Buffer.from('just some words'), 415, BookImageMessages.typeNotAllowed],
    ['a PNG of 9000 × 10 pixels', pngOf(9000, 10), 422, BookImageMessages.tooManyPixels],
    ['a PNG cut short after its signature', pngOf(2, 2).subarray(0, 12), 422, BookImageMessages.unreadable],
    ['a PNG whose header reads well and whose pixels do not', damagedIdat(pngOf(300, 200)), 422, BookImageMessages.unreadable],
    ['a PNG cut off in its pixel data', truncatedPng(pngOf(300, 200)), 422, BookImageMessages.unreadable],
  ])('refuses %s with its message and keeps nothing', async (_, bytes, status, message) => {
    const { token, userId, projectId } = await authorWithBook();
    const answer = await upload(projectId, { bytes, name: 'photo.png', type: 'image/png' }, token);
    expect(answer).toMatchObject({ status, body: { message } });
    expect(await rowsOf(projectId)).toBe(0);
    expect(await objectsOf({ id: projectId, user: { id: userId } })).toEqual([]);
  });

  it('asks for the file, and keeps the description within its limit', async () => {
    const { token, projectId } = await authorWithBook();
    expect(await upload(projectId, null, token, 'a description')).toMatchObject({ status: 400, body: { message: BookImageMessages.fileRequired } });
    expect(await upload(projectId, { bytes: pngOf(1, 1), name: 'a.png' }, token, 'x'.repeat(BOOK_IMAGE_LIMITS.altMax + 1))).toMatchObject({
      status: 400,
      body: { message: BookImageMessages.altTooLong },
    });
    expect(await rowsOf(projectId)).toBe(0);
  });

  it('asks for a description or the word that the image is decorative, and never makes one up from the file name', async () => {
    const { token, projectId } = await authorWithBook();
    for (const alt of [null, '', '  \n ']) {
      expect(await upload(projectId, { bytes: pngOf(1, 1), name: 'raised beds.png' }, token, alt)).toMatchObject({ status: 422, body: { message: BookImageMessages.altRequired } });
    }
    expect(await rowsOf(projectId)).toBe(0);
    const decorative = await upload(projectId, { bytes: pngOf(1, 1), name: 'flourish.png' }, token, { decorative: true });
    expect(decorative).toMatchObject({ status: 201, body: { markdown: `![](images/${decorative.body.id}.png)` } });
  });

  it(`refuses more than ${BOOK_IMAGE_LIMITS.maxBytes / MB} MB as it arrives, and keeps nothing`, async () => {
    const { token, userId, projectId } = await authorWithBook();
    const answer = await streamImage(`/api/projects/${projectId}/images`, 40 * MB, token);
    expect(answer).toMatchObject({ status: 413, message: BookImageMessages.tooLarge });
    expect(answer.sentInAll).toBeLessThan(30 * MB);
    expect(await rowsOf(projectId)).toBe(0);
    expect(await objectsOf({ id: projectId, user: { id: userId } })).toEqual([]);
  });

  it(`holds at most ${BOOK_IMAGE_LIMITS.perBook} images a book`, async () => {
    const { token, projectId } = await authorWithBook();
    const em = orm().em.fork();
    for (let i = 0; i < BOOK_IMAGE_LIMITS.perBook; i++) {
      em.create(BookImage, { id: randomUUID(), project: projectId, key: `test/${randomUUID()}.png`, contentType: 'image/png', filename: 'a.png', size: 1, width: 1, height: 1, createdAt: new Date() });
    }
    await em.flush();
    expect(await upload(projectId, { bytes: pngOf(1, 1), name: 'one-more.png' }, token)).toMatchObject({ status: 422, body: { message: BookImageMessages.tooMany } });
    expect(await rowsOf(projectId)).toBe(BOOK_IMAGE_LIMITS.perBook);
  });
});

describe('whose images', () => {
  it('another author, or a signed-out caller, finds no such book: upload, list and image', async () => {
    const owner = await authorWithBook();
    const image = await upload(owner.projectId, { bytes: pngOf(2, 2), name: 'mine.png' }, owner.token);
    expect(image.status).toBe(201);
    const other = await signUpAccount();
    for (const token of [other.token, undefined]) {
      expect((await upload(owner.projectId, { bytes: pngOf(2, 2), name: 'theirs.png' }, token)).status).toBe(404);
      expect((await get(`/projects/${owner.projectId}/images`, token)).status).toBe(404);
      expect((await get(`/projects/${owner.projectId}/images/${image.body.id}`, token)).status).toBe(404);
    }
    expect(await rowsOf(owner.projectId)).toBe(1);

    // An image is found only under its own book, even by its owner.
    const otherBook = await insertWrittenBook(orm(), { userId: owner.userId, chapters: [{ title: 'Soil', content: 'Compost feeds the soil.' }] });
    expect((await get(`/projects/${otherBook}/images/${image.body.id}`, owner.token)).status).toBe(404);
  });

  it.each(['not-an-id', '..%2F..%2Fsecret', `${randomUUID()}`, '%00'])('answers an image id %s with 400 or 404, never a 5xx', async (imageId) => {
    const { token, projectId } = await authorWithBook();
    const response = await get(`/projects/${projectId}/images/${imageId}`, token);
    expect([400, 404]).toContain(response.status);
  });

  it("a book made signed out takes images from whoever holds its id, as its chapters do", async () => {
    const projectId = await insertWrittenBook(orm(), { chapters: [{ title: 'Beds', content: 'Raised beds.' }] });
    const answer = await upload(projectId, { bytes: pngOf(2, 2), name: 'bed.png' }, undefined);
    expect(answer.status).toBe(201);
    expect(await objectsOf({ id: projectId, user: null })).toEqual([bookImageKey({ id: projectId }, { id: answer.body.id, extension: 'png' })]);
    expect((await get(`/projects/${projectId}/images/${answer.body.id}`)).status).toBe(200);
  });

  it('moves with a signed-out book when an author saves it: the row names the new place and the old one is empty', async () => {
    const projectId = await insertWrittenBook(orm(), { chapters: [{ title: 'Beds', content: 'Raised beds.' }] });
    const png = pngOf(6, 4);
    const image = await upload(projectId, { bytes: png, name: 'bed.png' }, undefined);
    // A book is saved once it has its PDF.
    const pdfKey = projectFileKey({ id: projectId }, 'book.pdf');
    await storage().put(pdfKey, Buffer.from('%PDF-1.4 test'), 'application/pdf');
    await orm().em.fork().nativeUpdate(GeneratorProject, { id: projectId }, { pdfKey, pdfSize: 13 });

    const { token, id: userId } = await signUpAccount();
    const saved = await fetch(`${served.url}/api/book-projects`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...auth(token) }, body: JSON.stringify({ project_id: projectId, source: 'wizard' }) });
    expect(saved.status).toBe(201);
    const row = await orm().em.fork().findOneOrFail(BookImage, { id: image.body.id });
    expect(row.key).toBe(bookImageKey({ id: projectId, user: { id: userId } }, { id: image.body.id, extension: 'png' }));
    expect(await objectsOf({ id: projectId, user: null })).toEqual([]);
    const response = await get(`/projects/${projectId}/images/${image.body.id}`, token);
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
    await storage().deletePrefix(projectFilePrefix({ id: projectId, user: { id: userId } }));
  });
});

describe('the book shows its images', () => {
  it("the HTML view draws the chapter's own image from its bytes, and not another book's", async () => {
    const { token, projectId } = await authorWithBook();
    const other = await authorWithBook();
    const mine = await upload(projectId, { bytes: pngOf(3, 2), name: 'beds.png' }, token);
    const theirs = await upload(other.projectId, { bytes: TINY_JPEG, name: 'theirs.jpg' }, other.token);
    const content = `Raised beds warm up early.\n\n${mine.body.markdown}\n\n${theirs.body.markdown}`;
    const saved = await fetch(`${served.url}/api/projects/${projectId}/chapters/1`, { method: 'PUT', headers: { 'Content-Type': 'application/json', ...auth(token) }, body: JSON.stringify({ title: 'Beds', content }) });
    expect(saved.status).toBe(200);
    const html = await (await get(`/projects/${projectId}/view/html`, token)).text();
    expect(html).toContain(`data:image/png;base64,${pngOf(3, 2).toString('base64')}`);
    expect(html).not.toContain(TINY_JPEG.toString('base64'));
    expect(html).not.toContain(theirs.body.id);
  });

  it('the built PDF holds the image the chapter names', async () => {
    const { token, projectId } = await authorWithBook();
    const image = await upload(projectId, { bytes: TINY_JPEG, name: 'tomatoes.jpg' }, token);
    const content = `Tomatoes ripen in August.\n\n${image.body.markdown}`;
    const saved = await fetch(`${served.url}/api/projects/${projectId}/chapters/1`, { method: 'PUT', headers: { 'Content-Type': 'application/json', ...auth(token) }, body: JSON.stringify({ title: 'Tomatoes', content }) });
    expect(saved.status).toBe(200);
    await createRenderActivities(served.engine.deps).buildInterior(projectId);
    const project = await orm().em.fork().findOneOrFail(GeneratorProject, { id: projectId });
    const dir = mkdtempSync(join(tmpdir(), 'book-images-'));
    try {
      const file = join(dir, 'book.pdf');
      writeFileSync(file, await storage().getBuffer(project.pdfKey as string));
      const listed = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatch(/^\s*\d+\s+\d+\s+image\s+4\s+3\s/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * A multipart body of one image streamed to the API (a PNG signature, then zeros, 64 KB at a time): the answer, and
 * how much was sent in all before the server closed the connection or the body was done.
 */
function streamImage(path: string, bytes: number, token: string) {
  const boundary = `----${randomUUID()}`;
  let sent = 0;
  async function* body() {
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024);
    pngOf(1, 1).copy(chunk);
    sent += head.length;
    yield head;
    for (let left = bytes; left > 0; left -= chunk.length) {
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      sent += piece.length;
      yield piece;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return new Promise<{ status: number; message: string; sentInAll: number }>((resolve, reject) => {
    let answer: { status: number; message: string } | undefined;
    let bodyOver = false;
    const settle = () => answer && bodyOver && resolve({ ...answer, sentInAll: sent });
    const req = request(`${served.url}${path}`, { method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Authorization: `Bearer ${token}` } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      res.on('end', () => {
        answer = { status: res.statusCode ?? 0, message: (JSON.parse(text) as { message: string }).message };
        settle();
      });
      res.on('error', reject);
    });
    // The server may close the connection while the body is still being sent: that ends the sending.
    req.on('error', () => undefined);
    req.on('close', () => {
      bodyOver = true;
      settle();
    });
    Readable.from(body()).pipe(req);
  });
}
