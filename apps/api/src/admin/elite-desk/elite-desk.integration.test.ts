import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BookProject, GeneratorProject, writeChapter } from '../../../../../libs/db/index.ts';
import { BookImageMessages, COVER_IMAGE_LIMITS, DeskMessages, DEFAULT_TEAM_DISPLAY_NAME, EliteMessages, OwnCoverMessages, parseManuscript, type EliteStatus } from '../../../../../libs/domain/index.ts';
import { pngOf, TINY_GIF } from '../../../../../testing/book-images.ts';
import { insertEliteRequestRow } from '../../../../../testing/elite-rows.ts';
import { testConfig } from '../../../../../testing/index.ts';
import { blankPdf } from '../../../../../testing/print-files.ts';
import { insertSavedBook } from '../../../../../testing/saved-books.ts';
import { apiClient, serveWithWorker, type Json } from '../../../../../testing/test-server.ts';

// A task queue of this file's own: the cover runs go to this file's worker.
const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', TEMPORAL_TASK_QUEUE: `elite-desk-${randomUUID()}` });
const served = serveWithWorker(config);
const { call, signUpAccount } = apiClient(() => served.url);
const orm = () => served.engine.deps.orm;
const sql = (text: string, values: unknown[]) => orm().em.fork().getConnection().execute(text, values);

const ARABIC = 'كانت الشمس تغرب فوق المدينة القديمة';
const JAPANESE = '古い町の上に日が沈んでいた。';

type Account = { token: string; id: string; email: string };
async function account(role?: 'elite_team' | 'admin', displayName?: string): Promise<Account> {
  const created = await signUpAccount();
  if (role) await sql('update profiles set role = ? where id = ?', [role, created.id]);
  if (displayName) await sql('update users set display_name = ? where id = ?', [displayName, created.id]);
  return { ...created, email: (await call('GET', '/profile', undefined, created.token)).body.email as string };
}

/** An author's built book with two chapters (Arabic), and an Elite request about it in `status`. */
async function requestWithBook(author: Account, status: EliteStatus = 'in_production') {
  const bookId = await insertSavedBook(served.engine.deps, author.id, { title: 'Desk Book', pages: 40 });
  const em = orm().em.fork();
  const project = (await em.findOneOrFail(BookProject, { id: bookId }, { populate: ['generatorProject'] })).generatorProject;
  await em.nativeUpdate(GeneratorProject, { id: project.id }, { language: 'ar' });
  await writeChapter(em, { projectId: project.id, number: 1, title: 'المدينة', content: ARABIC, source: 'generated', by: 'mock' });
  await writeChapter(em, { projectId: project.id, number: 2, title: '町', content: JAPANESE, source: 'generated', by: 'mock' });
  const request = await insertEliteRequestRow(orm(), { topic: 'Desk Book', status }, author);
  await sql('update elite_requests set book_project_id = ? where id = ?', [bookId, request.id]);
  return { requestId: request.id, projectId: project.id };
}

async function fetchFile(path: string, token?: string) {
  const response = await fetch(`${served.url}/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), bytes: Buffer.from(await response.arrayBuffer()) };
}

/** An upload in the multipart field "image" to `path` under the API, with the form's other fields. */
async function postImage(path: string, bytes: Buffer, type: string, token: string, fields: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), 'image');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${served.url}/api${path}`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as Json };
}
const uploadCover = (requestId: string, bytes: Buffer, type: string, token: string) => postImage(`/admin/elite-requests/${requestId}/book/cover-image`, bytes, type, token);

const unzip = (docx: Buffer, name: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'desk-')), 'book.docx');
  writeFileSync(file, docx);
  return execFileSync('unzip', ['-p', file, name], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
};

let author: Account;
let member: Account;
let named: Account;
let stranger: Account;
let book: { requestId: string; projectId: string };

beforeAll(async () => {
  [author, member, named, stranger] = await Promise.all([account(), account('elite_team'), account('admin', 'Sam from Pressroom'), account()]);
  book = await requestWithBook(author);
});

describe("the team's chapter editor", () => {
  it('saves a chapter as a version recorded with the member, which the author reads by the public name only', async () => {
    const path = `/admin/elite-requests/${book.requestId}/book`;
    const desk = await call('GET', path, undefined, member.token);
    expect(desk).toMatchObject({ status: 200, body: { project_id: book.projectId, title: 'Desk Book', language: 'ar', chapters: [{ number: 1, title: 'المدينة' }, { number: 2, title: '町' }] } });

    const opened = await call('GET', `${path}/chapters/1`, undefined, member.token);
    expect(opened).toMatchObject({ status: 200, body: { content: ARABIC, version: 1 } });
    const edited = `${ARABIC}\n\nA paragraph the editor added.`;
    const saved = await call('PUT', `${path}/chapters/1`, { title: 'المدينة', content: edited, base_version: 1 }, member.token);
    expect(saved).toMatchObject({ status: 200, body: { version: 2, content: edited } });
    // A save on the version it replaced is stale, as for the author.
    expect((await call('PUT', `${path}/chapters/1`, { title: 'x', content: 'y', base_version: 1 }, member.token)).status).toBe(409);
    // The assistant is the author's.
    expect(await call('PUT', `${path}/chapters/1`, { title: 'x', content: 'y', assist_id: randomUUID() }, member.token)).toMatchObject({ status: 400, body: { message: DeskMessages.noAssistant } });
    const byName = await call('PUT', `${path}/chapters/2`, { title: '町', content: `${JAPANESE}\n\n編集者が直した。`, base_version: 1 }, named.token);
    expect(byName).toMatchObject({ status: 200, body: { version: 2 } });

    const row = await orm().em.fork().getConnection().execute('select by_user_id, by_role, by from chapter_versions where project_id = ? and chapter = 1 and version = 2', [book.projectId]);
    expect(row).toEqual([{ by_user_id: member.id, by_role: 'team', by: null }]);

    // The author's editor has the team's text, and its versions name the team, never a member's address.
    expect((await call('GET', `/projects/${book.projectId}/chapters/1`, undefined, author.token)).body.content).toBe(edited);
    const authorSees = await call('GET', `/projects/${book.projectId}/chapters/1/versions`, undefined, author.token);
    expect(authorSees.body.versions).toMatchObject([{ version: 2, source: 'author', by: DEFAULT_TEAM_DISPLAY_NAME, by_role: 'team' }, { version: 1, by: 'mock', by_role: null }]);
    expect(JSON.stringify(authorSees.body)).not.toContain(member.email);
    expect((await call('GET', `/projects/${book.projectId}/chapters/2/versions`, undefined, author.token)).body.versions).toMatchObject([{ version: 2, by: 'Sam from Pressroom', by_role: 'team' }, { version: 1 }]);
    const compared = await call('GET', `/projects/${book.projectId}/chapters/1/versions/compare?a=1&b=2`, undefined, author.token);
    expect(compared.body.b).toMatchObject({ by: DEFAULT_TEAM_DISPLAY_NAME });

    // The author's own next save is theirs; the team reads who made each.
    expect((await call('PUT', `/projects/${book.projectId}/chapters/1`, { title: 'المدينة', content: ARABIC, base_version: 2 }, author.token)).body.version).toBe(3);
    const teamSees = await call('GET', `${path}/chapters/1/versions`, undefined, member.token);
    expect(teamSees.body.versions).toMatchObject([{ version: 3, by: author.email, by_role: 'author' }, { version: 2, by: member.email, by_role: 'team' }, { version: 1 }]);
    const restored = await call('POST', `${path}/chapters/1/versions/2/restore`, { base_version: 3 }, member.token);
    expect(restored).toMatchObject({ status: 200, body: { version: 4, content: edited } });
    expect((await call('GET', `${path}/chapters/1/versions/4`, undefined, named.token)).body).toMatchObject({ source: 'restored', by: member.email, by_role: 'team' });
  });

  it("credits a revised manuscript's chapters to the member who uploaded it: the author reads their display name", async () => {
    const revised = await requestWithBook(author);
    const em = orm().em.fork();
    // As the revision activity writes it now (the member's id), and as older rows have it (their address only).
    await writeChapter(em, { projectId: revised.projectId, number: 1, title: 'المدينة', content: `${ARABIC}\n\nRevised.`, source: 'revision', by: named.email, byUserId: named.id, byRole: 'team' });
    await writeChapter(em, { projectId: revised.projectId, number: 2, title: '町', content: `${JAPANESE}\n\nRevised.`, source: 'revision', by: named.email });
    for (const n of [1, 2]) {
      const seen = await call('GET', `/projects/${revised.projectId}/chapters/${n}/versions`, undefined, author.token);
      expect(seen.body.versions, `chapter ${n}`).toMatchObject([{ version: 2, source: 'revision', by: 'Sam from Pressroom' }, { version: 1 }]);
      expect(JSON.stringify(seen.body)).not.toContain(named.email);
    }
  });

  it('reaches only the request\'s book, for the team only, and stops changing it once the request is closed', async () => {
    const path = `/admin/elite-requests/${book.requestId}/book/chapters/1`;
    expect((await call('GET', path, undefined, author.token)).status).toBe(403);
    expect((await call('PUT', path, { title: 't', content: 'c' }, stranger.token)).status).toBe(403);
    expect(await call('GET', `/admin/elite-requests/${randomUUID()}/book/chapters/1`, undefined, member.token)).toMatchObject({ status: 404, body: { message: EliteMessages.notFound } });
    const bookless = await insertEliteRequestRow(orm(), { topic: 'No book yet', prepaid: true }, author);
    expect(await call('GET', `/admin/elite-requests/${bookless.id}/book`, undefined, member.token)).toMatchObject({ status: 404, body: { message: DeskMessages.noBook } });
    expect((await call('GET', `/admin/elite-requests/${book.requestId}/book/chapters/99`, undefined, member.token)).status).toBe(404);
    expect((await call('PUT', path, { title: '', content: 'c' }, member.token)).status).toBe(400);

    const closed = await requestWithBook(author, 'cancelled');
    const closedPath = `/admin/elite-requests/${closed.requestId}/book/chapters/1`;
    expect((await call('GET', closedPath, undefined, member.token)).status).toBe(200);
    expect(await call('PUT', closedPath, { title: 't', content: 'c', base_version: 1 }, member.token)).toMatchObject({ status: 409, body: { message: DeskMessages.closed } });
  });
});

describe("the book's images on the desk", () => {
  it("are listed at the request's addresses for the editor's preview and served to the team only", async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(pngOf(40, 30))], { type: 'image/png' }), 'chart.png');
    form.append('alt', 'A chart of the tides');
    const added = await fetch(`${served.url}/api/projects/${book.projectId}/images`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${author.token}` } });
    const image = (await added.json()) as Json;
    expect(added.status).toBe(201);
    const listed = await call('GET', `/admin/elite-requests/${book.requestId}/book/images`, undefined, member.token);
    const url = `/api/admin/elite-requests/${book.requestId}/book/images/${image.id as string}`;
    expect(listed).toMatchObject({ status: 200, body: [{ id: image.id, path: image.path, url }] });
    expect((await fetchFile(url.slice('/api'.length), member.token)).bytes.equals(pngOf(40, 30))).toBe(true);
    expect((await fetchFile(url.slice('/api'.length), author.token)).status).toBe(403);
  });
});

describe("the team's image upload", () => {
  it("adds an image to the book as the author's editor does, answering with its Markdown at the request's address; the team's only, until the request closes", async () => {
    const path = `/admin/elite-requests/${book.requestId}/book/images`;
    const added = await postImage(path, pngOf(60, 40), 'image/png', named.token, { alt: 'A map of the old town' });
    expect(added).toMatchObject({ status: 201, body: { url: expect.stringMatching(new RegExp(`^/api/admin/elite-requests/${book.requestId}/book/images/`)) } });
    expect(added.body.markdown).toContain('A map of the old town');
    // The author's editor has it at the book's own address.
    const mine = await call('GET', `/projects/${book.projectId}/images`, undefined, author.token);
    expect(mine.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: added.body.id, path: added.body.path, url: `/api/projects/${book.projectId}/images/${added.body.id as string}` })]));
    expect((await fetchFile((added.body.url as string).slice('/api'.length), member.token)).bytes.equals(pngOf(60, 40))).toBe(true);

    expect(await postImage(path, pngOf(60, 40), 'image/png', member.token)).toMatchObject({ status: 422, body: { message: BookImageMessages.altRequired } });
    expect((await postImage(path, pngOf(60, 40), 'image/png', author.token, { decorative: 'true' })).status).toBe(403);
    const closed = await requestWithBook(author, 'completed');
    expect(await postImage(`/admin/elite-requests/${closed.requestId}/book/images`, pngOf(60, 40), 'image/png', member.token, { decorative: 'true' })).toMatchObject({ status: 409, body: { message: DeskMessages.closed } });
    expect((await call('GET', `/projects/${closed.projectId}/images`, undefined, author.token)).body).toEqual([]);
  });
});

describe("the team's cover upload", () => {
  it("takes a front image or a full wrap by the own-cover rules and makes it the book's cover; refuses other types, too much, and non-team callers", async () => {
    const front = await uploadCover(book.requestId, pngOf(640, 1024, [0, 128, 0]), 'image/png', member.token);
    expect(front).toMatchObject({ status: 200, body: { own_cover: { kind: 'front', width: 640, height: 1024 } } });
    expect((await orm().em.fork().findOneOrFail(GeneratorProject, { id: book.projectId })).coverUpload).toMatchObject({ kind: 'front', width: 640, height: 1024 });
    expect((await call('GET', `/admin/elite-requests/${book.requestId}/book`, undefined, member.token)).body.own_cover).toBe('front');

    expect(await uploadCover(book.requestId, TINY_GIF, 'image/gif', member.token)).toMatchObject({ status: 415, body: { message: OwnCoverMessages.notCover } });
    expect(await uploadCover(book.requestId, Buffer.alloc(COVER_IMAGE_LIMITS.maxBytes + 1, 1), 'image/png', member.token)).toMatchObject({ status: 413, body: { message: OwnCoverMessages.tooLarge } });
    expect((await uploadCover(book.requestId, pngOf(64, 64), 'image/png', author.token)).status).toBe(403);
    // None of those changed the book's cover.
    expect((await orm().em.fork().findOneOrFail(GeneratorProject, { id: book.projectId })).coverUpload).toMatchObject({ kind: 'front', width: 640 });

    // A full wrap of exactly the book's cover size is the book's cover as it is: its proofs copy that file.
    const size = (await call('GET', `/admin/elite-requests/${book.requestId}/book`, undefined, member.token)).body.cover_size as { width_in: number; height_in: number };
    expect(await uploadCover(book.requestId, blankPdf(1, 6 * 72, 9 * 72), 'application/pdf', member.token)).toMatchObject({ status: 422 });
    const wrap = blankPdf(1, size.width_in * 72, size.height_in * 72);
    expect(await uploadCover(book.requestId, wrap, 'application/pdf', member.token)).toMatchObject({ status: 200, body: { own_cover: { kind: 'wrap' } } });
    const project = await orm().em.fork().findOneOrFail(GeneratorProject, { id: book.projectId });
    expect((await served.engine.deps.storage.getBufferIfExists(project.coverPdfKey as string))?.equals(wrap)).toBe(true);
  });
});

describe('manuscript downloads', () => {
  it('give the author and the team the current text as DOCX (right-to-left and CJK text kept) and as Markdown the revision upload reads back', async () => {
    const team = await fetchFile(`/admin/elite-requests/${book.requestId}/book/manuscript/docx`, member.token);
    expect(team.status).toBe(200);
    expect(team.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(team.disposition).toContain('manuscript.docx');
    const document = unzip(team.bytes, 'word/document.xml');
    expect(document).toContain(ARABIC);
    expect(document).toContain(JAPANESE);
    expect(document).toContain('<w:bidi/>');
    const mine = await fetchFile(`/projects/${book.projectId}/manuscript/docx`, author.token);
    expect(mine.status).toBe(200);
    expect(unzip(mine.bytes, 'word/document.xml')).toContain('編集者が直した。');

    const markdown = await fetchFile(`/projects/${book.projectId}/manuscript/markdown`, author.token);
    expect(markdown).toMatchObject({ status: 200, type: 'text/markdown; charset=utf-8' });
    const text = markdown.bytes.toString('utf8');
    expect(text.startsWith('---\ntitle: "Desk Book"\n')).toBe(true);
    expect(parseManuscript(markdown.bytes).chapters).toEqual([
      { title: 'المدينة', content: (await call('GET', `/projects/${book.projectId}/chapters/1`, undefined, author.token)).body.content, wordCount: expect.any(Number) },
      { title: '町', content: `${JAPANESE}\n\n編集者が直した。`, wordCount: expect.any(Number) },
    ]);
    expect((await fetchFile(`/admin/elite-requests/${book.requestId}/book/manuscript/markdown`, member.token)).bytes.equals(markdown.bytes)).toBe(true);
  });

  it("are the owner's and the team's only, in the two formats", async () => {
    expect((await fetchFile(`/projects/${book.projectId}/manuscript/docx`, stranger.token)).status).toBe(404);
    expect((await fetchFile(`/projects/${book.projectId}/manuscript/markdown`)).status).toBe(404);
    expect((await fetchFile(`/admin/elite-requests/${book.requestId}/book/manuscript/docx`, author.token)).status).toBe(403);
    const wrong = await call('GET', `/projects/${book.projectId}/manuscript/pdf`, undefined, author.token);
    expect(wrong).toMatchObject({ status: 400, body: { message: DeskMessages.format } });
  });
});
