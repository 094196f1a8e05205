import { randomUUID } from 'node:crypto';
import { Agent, cacheStores, interceptors, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { AssistChange, ChapterVersion, GeneratedChapter, GeneratorProject } from '../../../../libs/db/index.ts';
import { CHAPTER_EDIT_LIMITS, EditingMessages, InputMessages, LanguageMessages, ProjectMessages, type AssistStatus } from '../../../../libs/domain/index.ts';
import { BOOK_HTML_POLICY } from '../../../../libs/render/html.ts';
import { eventually, testConfig } from '../../../../testing/index.ts';
import { apiClient, serveWithWorker, type Json } from '../../../../testing/test-server.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
const served = serveWithWorker(config);
const { call } = apiClient(() => served.url);
const em = () => served.engine.deps.orm.em.fork();

interface Version {
  id: string;
  version: number;
  source: string;
  by: string | null;
  title: string;
  words: number;
}

async function author(): Promise<{ token: string; email: string }> {
  const email = `chapters-${randomUUID()}@example.com`;
  const { body } = await call('POST', '/auth/signup', { email, password: 'a sturdy passphrase' });
  return { token: body.access_token as string, email };
}

/** A step-mode mock book with its outline and its three chapters written. */
async function writtenBook(token?: string): Promise<string> {
  const created = await call('POST', '/projects', { title: 'Garden Notes', author: 'Ada Gardener', topic: 'Growing food in small city gardens, season by season', total_target_words: 10_000 }, token);
  const id = created.body.project_id as string;
  expect((await call('POST', `/projects/${id}/generate-outline`, { ai_model: 'mock' }, token)).status).toBe(200);
  expect((await call('POST', `/projects/${id}/generate-chapters`, { chapters_to_generate: null, ai_model: 'mock' }, token)).body.chapters_generated).toBe(3);
  return id;
}

const versionsOf = async (id: string, n: number, token?: string) => (await call('GET', `/projects/${id}/chapters/${n}/versions`, undefined, token)).body as { chapter: number; current_version: number; versions: Version[] };

async function assist(projectId: string, chapter: number, status: AssistStatus): Promise<string> {
  const m = em();
  const change = m.create(AssistChange, {
    id: randomUUID(),
    project: m.getReference(GeneratorProject, projectId),
    chapter,
    action: 'expand',
    baseVersion: 1,
    original: 'a paragraph',
    proposal: status === 'running' ? null : 'a longer paragraph',
    status,
    provider: 'mock',
    model: 'mock',
  });
  await m.flush();
  return change.id;
}

async function waitForBuild(id: string, token?: string): Promise<void> {
  await eventually(() => call('GET', `/projects/${id}/build/status`, undefined, token), (r) => r.body.status === 'complete' || r.body.status === 'error', 60_000).then((r) => expect(r.body).toMatchObject({ status: 'complete' }));
}

describe('chapter versions', () => {
  it('keeps a version for every write: generation, regeneration, the author, an accepted assistant change and a restore', async () => {
    const { token, email } = await author();
    const id = await writtenBook(token);
    const project = (await call('GET', `/projects/${id}`, undefined, token)).body;
    // A step-mode book keeps its last stage's name after it is done: that is not "busy".
    expect(project).toMatchObject({ stage: 'generating_chapters', files_outdated: false });

    const first = await versionsOf(id, 1, token);
    expect(first).toMatchObject({ chapter: 1, current_version: 1 });
    expect(first.versions).toMatchObject([{ version: 1, source: 'generated', by: 'mock/mock' }]);

    const regenerated = await call('POST', `/projects/${id}/chapters/2/regenerate`, undefined, token);
    expect(regenerated.body).toMatchObject({ chapter_number: 2, version: 2 });
    const history = await versionsOf(id, 2, token);
    expect(history.versions.map((v) => [v.version, v.source, v.by])).toEqual([
      [2, 'regenerated', 'mock/mock'],
      [1, 'generated', 'mock/mock'],
    ]);
    const opened = (await call('GET', `/projects/${id}/chapters/2`, undefined, token)).body;
    expect(opened).toMatchObject({ number: 2, version: 2, content: regenerated.body.content, word_count: regenerated.body.word_count });
    expect((await call('GET', `/projects/${id}`, undefined, token)).body.files_outdated).toBe(false);

    const saved = await call('PUT', `/projects/${id}/chapters/2`, { title: '  Edited Title ', content: 'New text written by hand.', base_version: 2 }, token);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ number: 2, title: 'Edited Title', content: 'New text written by hand.', word_count: 5, version: 3 });
    const afterSave = (await call('GET', `/projects/${id}`, undefined, token)).body;
    expect(afterSave.files_outdated).toBe(true);
    expect((afterSave.chapters as Json[])[1]).toMatchObject({ chapter_title: 'Edited Title', content: 'New text written by hand.', word_count: 5 });
    expect((await versionsOf(id, 2, token)).versions[0]).toMatchObject({ version: 3, source: 'author', by: email, title: 'Edited Title', words: 5 });

    const stale = await call('PUT', `/projects/${id}/chapters/2`, { title: 'Older tab', content: 'Would overwrite.', base_version: 2 }, token);
    expect(stale).toMatchObject({ status: 409, body: { message: EditingMessages.stale } });
    expect((await call('GET', `/projects/${id}/chapters/2`, undefined, token)).body).toMatchObject({ title: 'Edited Title', version: 3 });

    const ready = await assist(id, 2, 'ready');
    const accepted = await call('PUT', `/projects/${id}/chapters/2`, { title: 'Edited Title', content: 'New text written by hand, and a longer paragraph.', base_version: 3, assist_id: ready }, token);
    expect(accepted.body).toMatchObject({ version: 4, content: 'New text written by hand, and a longer paragraph.' });
    expect((await versionsOf(id, 2, token)).versions[0]).toMatchObject({ version: 4, source: 'assistant', by: 'mock/mock' });
    expect((await em().findOneOrFail(AssistChange, { id: ready })).status).toBe('accepted');
    expect(await call('PUT', `/projects/${id}/chapters/2`, { title: 'x', content: 'again', assist_id: ready }, token)).toMatchObject({ status: 409, body: { message: EditingMessages.assistClosed } });
    expect(await call('PUT', `/projects/${id}/chapters/2`, { title: 'x', content: 'early', assist_id: await assist(id, 2, 'running') }, token)).toMatchObject({ status: 409, body: { message: EditingMessages.assistNotReady } });
    expect(await call('PUT', `/projects/${id}/chapters/2`, { title: 'x', content: 'wrong chapter', assist_id: await assist(id, 1, 'ready') }, token)).toMatchObject({ status: 404, body: { message: EditingMessages.assistNotFound } });
    expect(await call('PUT', `/projects/${id}/chapters/2`, { title: 'x', content: 'unknown', assist_id: randomUUID() }, token)).toMatchObject({ status: 404, body: { message: EditingMessages.assistNotFound } });
    expect((await versionsOf(id, 2, token)).current_version).toBe(4);

    const original = (await versionsOf(id, 2, token)).versions.find((v) => v.version === 1) as Version;
    const originalText = (await call('GET', `/projects/${id}/chapters/2/versions/${original.id}`, undefined, token)).body;
    expect(originalText).toMatchObject({ id: original.id, version: 1, source: 'generated' });
    expect(await call('POST', `/projects/${id}/chapters/2/versions/${original.id}/restore`, { base_version: 3 }, token)).toMatchObject({ status: 409, body: { message: EditingMessages.stale } });
    const restored = await call('POST', `/projects/${id}/chapters/2/versions/${original.id}/restore`, { base_version: 4 }, token);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ version: 5, title: originalText.title, content: originalText.content });
    expect((await versionsOf(id, 2, token)).versions.map((v) => [v.version, v.source])).toEqual([
      [5, 'restored'],
      [4, 'assistant'],
      [3, 'author'],
      [2, 'regenerated'],
      [1, 'generated'],
    ]);
    const rows = await em().find(ChapterVersion, { project: id, chapter: 2 }, { orderBy: { version: 'asc' } });
    expect(rows.map((r) => r.content)[4]).toBe(originalText.content);
    expect((await em().findOneOrFail(GeneratedChapter, { project: id, number: 2 })).content).toBe(originalText.content);

    // By version number or by id, a word diff from a to b.
    const compare = await call('GET', `/projects/${id}/chapters/2/versions/compare?a=3&b=4`, undefined, token);
    expect(compare.status).toBe(200);
    const parts = compare.body.parts as { value: string; added?: boolean; removed?: boolean }[];
    expect(parts.filter((p) => p.added).map((p) => p.value).join('')).toBe(', and a longer paragraph');
    expect(parts.some((p) => p.removed)).toBe(false);
    expect(compare.body).toMatchObject({ a: { version: 3 }, b: { version: 4 } });
    expect((await call('GET', `/projects/${id}/chapters/2/versions/compare?a=${original.id}&b=5`, undefined, token)).body.parts).toEqual([{ value: `${originalText.title as string}\n\n${originalText.content as string}` }]);
    expect(await call('GET', `/projects/${id}/chapters/2/versions/compare?a=nope&b=5`, undefined, token)).toMatchObject({ status: 404, body: { message: EditingMessages.versionNotFound } });
    expect(await call('GET', `/projects/${id}/chapters/2/versions/compare?a=1`, undefined, token)).toMatchObject({ status: 400 });
    expect(await call('GET', `/projects/${id}/chapters/2/versions/${randomUUID()}`, undefined, token)).toMatchObject({ status: 404, body: { message: EditingMessages.versionNotFound } });
    // A version belongs to its chapter.
    expect(await call('GET', `/projects/${id}/chapters/1/versions/${original.id}`, undefined, token)).toMatchObject({ status: 404, body: { message: EditingMessages.versionNotFound } });
  });

  it("keeps a saved book's chapter list in step, and says when the files are older than the text until they are rebuilt", async () => {
    const { token, email } = await author();
    const id = await writtenBook(token);
    expect((await call('POST', `/projects/${id}/generate-summary`, { ai_model: 'mock' }, token)).status).toBe(200);
    expect((await call('POST', `/projects/${id}/finalize`, undefined, token)).status).toBe(200);
    // The book's own build, then the book is complete (a packaging run may start only then).
    await eventually(() => call('GET', `/projects/${id}`, undefined, token), (r) => r.body.stage === 'complete', 60_000);
    await waitForBuild(id, token);
    expect((await call('GET', `/projects/${id}`, undefined, token)).body.files_outdated).toBe(false);
    const book = (await call('POST', '/book-projects', { project_id: id, source: 'wizard' }, token)).body;
    expect(book.files_outdated).toBe(false);

    const edit = await call('PUT', `/projects/${id}/chapters/3`, { title: 'The Harvest', content: 'Three short words.' }, token);
    expect(edit.body).toMatchObject({ version: 2, word_count: 3 });
    const after = (await call('GET', `/book-projects/${book.id as string}`, undefined, token)).body;
    const listed = after.chapters_data as { chapterNumber: number; title: string; word_count: number }[];
    expect(listed.find((c) => c.chapterNumber === 3)).toMatchObject({ title: 'The Harvest', word_count: 3 });
    expect(after.word_count).toBe(listed.reduce((sum, c) => sum + c.word_count, 0));
    expect(after.word_count).toBeLessThan(book.word_count as number);
    expect(after.files_outdated).toBe(true);
    expect((await versionsOf(id, 3, token)).versions[0]).toMatchObject({ source: 'author', by: email });

    // The author's browser, as an HTTP cache (RFC 9111) in front of the download link My Books shows.
    const browser = new Agent().compose(interceptors.cache({ store: new cacheStores.MemoryCacheStore(), type: 'private' }));
    const link = `${served.url}${book.pdf_blob_url as string}`;
    const download = async () => {
      const response = await request(link, { dispatcher: browser, headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(200);
      return { etag: response.headers.etag, pdf: Buffer.from(await response.body.arrayBuffer()) };
    };
    const before = await download();
    expect(before.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await request(link, { headers: { authorization: `Bearer ${token}`, 'if-none-match': String(before.etag) } })).statusCode).toBe(304);

    expect((await call('POST', `/projects/${id}/build`, { formats: ['pdf'] }, token)).status).toBe(202);
    // While it builds the author reads what is being made, never the run's id.
    const messages = new Set<string>();
    await eventually(() => call('GET', `/projects/${id}/build/status`, undefined, token), (r) => (messages.add(String(r.body.message)), r.body.status === 'complete' || r.body.status === 'error'), 60_000);
    expect([...messages].join(' | ')).toContain('Typesetting the book: PDF');
    expect([...messages].join(' | ')).not.toMatch(/package-/);
    await waitForBuild(id, token);
    expect((await call('GET', `/projects/${id}`, undefined, token)).body.files_outdated).toBe(false);
    expect((await call('GET', `/book-projects/${book.id as string}`, undefined, token)).body.files_outdated).toBe(false);
    // The same link, through the same cache, gives the rebuilt file at once.
    const rebuilt = await download();
    expect(rebuilt.etag).not.toBe(before.etag);
    expect(rebuilt.pdf.equals(before.pdf)).toBe(false);
    expect(Date.parse(String((await call('GET', `/book-projects/${book.id as string}`, undefined, token)).body.files_built_at))).toBeGreaterThan(Date.parse(String(book.files_built_at)));
    await browser.close();
  });
});

describe("the book's settings in the editor", () => {
  it("change the book's language: stored as its tag, answered as the book's view, and its files are then older than its text", async () => {
    const { token } = await author();
    const id = await writtenBook(token);
    // As if its files were built from this text.
    await em().nativeUpdate(GeneratorProject, { id }, { builtAt: new Date() });
    expect((await call('GET', `/projects/${id}`, undefined, token)).body).toMatchObject({ language: 'en', files_outdated: false });

    const changed = await call('PATCH', `/projects/${id}/settings`, { language: 'Arabic' }, token);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ project_id: id, language: 'ar', language_name: 'Arabic', files_outdated: true });
    expect(changed.body.chapters).toHaveLength(3);
    expect((await em().findOneOrFail(GeneratorProject, { id })).language).toBe('ar');
    expect((await call('GET', `/projects/${id}`, undefined, token)).body).toMatchObject({ language: 'ar', files_outdated: true });

    const refused = await call('PATCH', `/projects/${id}/settings`, { language: 'klingon' }, token);
    expect(refused).toMatchObject({ status: 400, body: { message: LanguageMessages.unknown, details: [{ field: 'language', messages: [LanguageMessages.unknown] }] } });
    expect((await em().findOneOrFail(GeneratorProject, { id })).language).toBe('ar');

    // The language it already has changes nothing: files built since stay current.
    await em().nativeUpdate(GeneratorProject, { id }, { builtAt: new Date() });
    expect((await call('PATCH', `/projects/${id}/settings`, { language: 'ar' }, token)).body).toMatchObject({ language: 'ar', files_outdated: false });
  });
});

describe('who may edit', () => {
  it("is the project's owner alone: another author and anonymous callers get 404 on every chapter route and the book's settings", async () => {
    const owner = await author();
    const other = await author();
    const id = await writtenBook(owner.token);
    const v1 = (await versionsOf(id, 1, owner.token)).versions[0] as Version;
    const routes: [string, string, unknown?][] = [
      ['GET', `/projects/${id}/chapters/1`],
      ['PUT', `/projects/${id}/chapters/1`, { title: 'Mine now', content: 'Taken over.' }],
      ['GET', `/projects/${id}/chapters/1/versions`],
      ['GET', `/projects/${id}/chapters/1/versions/${v1.id}`],
      ['GET', `/projects/${id}/chapters/1/versions/compare?a=1&b=1`],
      ['POST', `/projects/${id}/chapters/1/versions/${v1.id}/restore`, {}],
      ['PATCH', `/projects/${id}/settings`, { language: 'ar' }],
      ['GET', `/projects/${id}/view/html`],
      ['GET', `/projects/${id}/download/html`],
    ];
    for (const [method, path, body] of routes) {
      for (const token of [other.token, undefined]) {
        const response = await fetch(`${served.url}/api${path}`, {
          method,
          headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        expect([path, response.status]).toEqual([path, 404]);
        expect(((await response.json()) as Json).message).toBe(ProjectMessages.notFound);
      }
    }
    expect((await versionsOf(id, 1, owner.token)).current_version).toBe(1);
    expect((await call('GET', `/projects/${id}`, undefined, owner.token)).body.language).toBe('en');
    expect((await call('GET', `/projects/${id}/chapters/1`, undefined, owner.token)).status).toBe(200);
  });
});

describe('PUT /api/projects/{id}/chapters/{order}', () => {
  it('refuses what is not a chapter, with the editor’s messages', async () => {
    const { token } = await author();
    const id = await writtenBook(token);
    const put = (body: unknown, n: number | string = 1) => call('PUT', `/projects/${id}/chapters/${n}`, body, token);
    expect(await put({ title: '', content: 'text' })).toMatchObject({ status: 400, body: { message: EditingMessages.titleRequired } });
    expect(await put({ title: '   ', content: 'text' })).toMatchObject({ status: 400, body: { message: EditingMessages.titleRequired } });
    expect(await put({ content: 'text' })).toMatchObject({ status: 400, body: { message: EditingMessages.titleRequired } });
    expect(await put({ title: 'x'.repeat(CHAPTER_EDIT_LIMITS.titleMax + 1), content: 'text' })).toMatchObject({ status: 400, body: { message: EditingMessages.titleTooLong } });
    expect(await put({ title: 'Long', content: 'x'.repeat(CHAPTER_EDIT_LIMITS.contentMaxChars + 1) })).toMatchObject({ status: 400, body: { message: EditingMessages.contentTooLong } });
    expect(await put({ title: 'Nul', content: 'a\u0000b' })).toMatchObject({ status: 400, body: { message: InputMessages.nulCharacter('content') } });
    expect(await put({ title: 'Base', content: 'text', base_version: 'latest' })).toMatchObject({ status: 400 });
    expect(await put({ title: 'Assist', content: 'text', assist_id: 'not-an-id' })).toMatchObject({ status: 400 });
    expect(await put({ title: 'Missing', content: 'text' }, 9)).toMatchObject({ status: 404, body: { message: EditingMessages.chapterNotFound } });
    expect(await put({ title: 'Missing', content: 'text' }, 'first')).toMatchObject({ status: 404, body: { message: EditingMessages.chapterNotFound } });
    expect((await versionsOf(id, 1, token)).current_version).toBe(1);

    // The longest chapter the editor allows, in a script of three bytes a character, is saved.
    const longest = '語'.repeat(CHAPTER_EDIT_LIMITS.contentMaxChars);
    expect(await put({ title: 'Longest', content: longest, base_version: 1 })).toMatchObject({ status: 200, body: { version: 2 } });
  });
});

describe('GET /api/projects/{id}/view/html', () => {
  it('is the book as one page that loads and runs nothing, whatever its text says', async () => {
    const { token } = await author();
    const id = await writtenBook(token);
    const hostile = [
      'Honest words.',
      '<script>alert(1)</script>',
      '<img src="http://127.0.0.1:9/pixel.png" onerror="alert(2)">',
      '![tracker](https://tracker.example/pixel.png)',
      '[run](javascript:alert(3)) <iframe src="https://evil.example/"></iframe>',
      '[fine](https://example.com/page)',
    ].join('\n\n');
    expect((await call('PUT', `/projects/${id}/chapters/1`, { title: 'Hostile <b>title</b>', content: hostile }, token)).status).toBe(200);

    const response = await fetch(`${served.url}/api/projects/${id}/view/html`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(BOOK_HTML_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBeNull();
    const html = await response.text();
    expect(html).toContain('<h1>Garden Notes</h1>');
    expect(html).toContain('1. Hostile &lt;b&gt;title&lt;/b&gt;');
    expect(html).toContain('Honest words.');
    expect(html).toContain('<a href="https://example.com/page">fine</a>');
    expect(html).not.toMatch(/<(script|img|iframe)\b/i);
    expect(html).not.toContain('tracker.example');
    expect(html).not.toContain('href="javascript:');
    for (const chapter of await em().find(GeneratedChapter, { project: id }, { orderBy: { number: 'asc' } })) {
      expect(html).toContain(`<section id="chapter-${chapter.number}">`);
    }

    const download = await fetch(`${served.url}/api/projects/${id}/download/html`, { headers: { Authorization: `Bearer ${token}` } });
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="Garden_Notes_book.html"');
    expect(download.headers.get('content-security-policy')).toBe(BOOK_HTML_POLICY);
    expect(await download.text()).toBe(html);
  });
});
