import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookView } from '../../../../../libs/contracts/index.ts';
import { BookProject, GeneratedChapter, GeneratorProject, User } from '../../../../../libs/db/index.ts';
import { AuthMessages, bookWorkflowId, packageWorkflowId, projectFileKey, type ProviderId } from '../../../../../libs/domain/index.ts';
import { testConfig } from '../../../../../testing/index.ts';
import { newAuthor } from '../../../../../testing/print-orders.ts';
import { apiClient, serveWithWorker } from '../../../../../testing/test-server.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', TEMPORAL_TASK_QUEUE: `admin-books-${randomUUID()}` });
const served = serveWithWorker(config);
const { call, signUp, signUpAs } = apiClient(() => served.url);
let team: string;

beforeAll(async () => {
  team = await signUpAs('elite_team', config.DATABASE_URL);
});

interface BookFixture {
  title: string;
  userId?: string;
  provider?: ProviderId;
  stage?: string;
  failedStage?: string;
  error?: string;
  buildStatus?: string;
  buildError?: string;
  /** Files kept in storage, with their bytes. */
  files?: Partial<Record<'pdf' | 'cover-pdf' | 'cover-png', string>>;
  previews?: string[];
  packageRuns?: number;
  chapters?: number[];
  saved?: boolean;
}

const COLUMNS = { pdf: ['pdfKey', 'pdfSize'], 'cover-pdf': ['coverPdfKey', 'coverPdfSize'], 'cover-png': ['coverPngKey', 'coverPngSize'] } as const;

/** A generator project as the book workflow leaves it (files in storage, chapters, a saved book), straight in the database. */
async function insertBook(fixture: BookFixture): Promise<string> {
  const em = served.engine.deps.orm.em.fork();
  const project = em.create(GeneratorProject, {
    id: randomUUID(),
    user: fixture.userId ? em.getReference(User, fixture.userId) : null,
    name: 'admin-books-test',
    title: fixture.title,
    author: 'Ada Writer',
    topic: 'Books for the back office',
    writingStyle: 'practical',
    totalTargetWords: 10_000,
    provider: fixture.provider ?? 'mock',
    mode: 'auto',
    stage: fixture.stage ?? 'complete',
    failedStage: fixture.failedStage ?? null,
    error: fixture.error ?? null,
    buildStatus: fixture.buildStatus ?? null,
    buildError: fixture.buildError ?? null,
    packageRuns: fixture.packageRuns ?? 0,
    pageCount: fixture.files?.pdf ? 42 : null,
    providerCalls: 7,
    costUsd: 0.125,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  for (const [kind, text] of Object.entries(fixture.files ?? {}) as [keyof typeof COLUMNS, string][]) {
    const key = projectFileKey(project, `${kind}.bin`);
    await served.engine.deps.storage.put(key, Buffer.from(text), 'application/octet-stream');
    const [keyColumn, sizeColumn] = COLUMNS[kind];
    project[keyColumn] = key;
    project[sizeColumn] = Buffer.byteLength(text);
  }
  project.previewKeys = [];
  for (const [i, text] of (fixture.previews ?? []).entries()) {
    const key = projectFileKey(project, `preview-${i + 1}.png`);
    await served.engine.deps.storage.put(key, Buffer.from(text), 'image/png');
    project.previewKeys.push(key);
  }
  (fixture.chapters ?? []).forEach((words, i) =>
    em.create(GeneratedChapter, { id: randomUUID(), project, number: i + 1, title: `Chapter ${i + 1}`, content: 'words '.repeat(words), wordCount: words, generatedAt: new Date() }),
  );
  if (fixture.saved && fixture.userId) {
    em.create(BookProject, {
      id: randomUUID(),
      user: em.getReference(User, fixture.userId),
      generatorProject: project,
      title: fixture.title,
      author: 'Ada Writer',
      bookIdea: 'Books for the back office',
      topic: 'Books for the back office',
      writingStyle: 'practical',
      source: 'one-shot',
    });
  }
  await em.flush();
  return project.id;
}

async function list(filter: object, sort: [string, string] = ['created_at', 'ASC']) {
  const answer = await call('GET', `/admin/books?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent(JSON.stringify(sort))}`, undefined, team);
  expect(answer.status).toBe(200);
  return (answer.body as unknown as AdminBookView[]).map((b) => b.id);
}

async function fetchFile(path: string, token = team) {
  const response = await fetch(`${served.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

describe('/api/admin/books', () => {
  it('is closed to plain users and to signed-out callers', async () => {
    const id = await insertBook({ title: `Closed ${randomUUID()}`, files: { pdf: '%PDF' }, previews: ['png'] });
    const user = await signUp();
    for (const path of ['/admin/books', `/admin/books/${id}`, `/admin/books/${id}/files/pdf`, `/admin/books/${id}/previews/1`]) {
      const refused = await call('GET', path, undefined, user);
      expect([path, refused.status, refused.body.message]).toEqual([path, 403, AuthMessages.forbidden]);
      expect((await call('GET', path)).status).toBe(401);
    }
  });

  it('lists every author’s books with stage, failure, provider, author and search filters', async () => {
    const tag = randomUUID().slice(0, 8);
    const author = await newAuthor(served.engine.deps.orm);
    const done = await insertBook({ title: `Atlas ${tag} done`, userId: author.id, provider: 'anthropic', saved: true });
    const failed = await insertBook({ title: `Atlas ${tag} failed`, stage: 'failed', failedStage: 'generating_outline', error: 'The provider timed out' });
    const rebuildFailed = await insertBook({ title: `Atlas ${tag} rebuild`, userId: author.id, buildStatus: 'error', buildError: 'Typesetting failed' });
    const writing = await insertBook({ title: `Atlas ${tag} writing`, stage: 'generating_chapters' });

    expect(await list({ q: tag })).toEqual([done, failed, rebuildFailed, writing]);
    expect(await list({ q: tag }, ['created_at', 'DESC'])).toEqual([writing, rebuildFailed, failed, done]);
    expect(await list({ q: tag, failed: true })).toEqual([failed, rebuildFailed]);
    expect(await list({ q: tag, failed: false })).toEqual([done, writing]);
    expect(await list({ q: tag, stage: 'generating_chapters' })).toEqual([writing]);
    expect(await list({ q: tag, provider: 'anthropic' })).toEqual([done]);
    expect(await list({ user_id: author.id })).toEqual([done, rebuildFailed]);
    expect(await list({ q: author.email })).toEqual([done, rebuildFailed]);
    expect(await list({ id: [failed, writing] })).toEqual([failed, writing]);

    const answer = await call('GET', `/admin/books?filter=${encodeURIComponent(JSON.stringify({ q: tag, failed: true }))}`, undefined, team);
    expect((answer.body as unknown as AdminBookView[]).map((b) => [b.stage, b.failed_stage, b.error, b.build_status])).toEqual([
      ['complete', null, 'Typesetting failed', 'error'],
      ['failed', 'generating_outline', 'The provider timed out', null],
    ]);

    for (const filter of [{ stage: 'flying' }, { provider: 'openai' }, { failed: 'yes' }, { user_id: 'me' }]) {
      const refused = await call('GET', `/admin/books?filter=${encodeURIComponent(JSON.stringify(filter))}`, undefined, team);
      expect([JSON.stringify(filter), refused.status]).toEqual([JSON.stringify(filter), 400]);
    }
  });

  it('shows a book with its author, cost, words, files, previews and its runs in the Temporal UI, and streams its files', async () => {
    const author = await newAuthor(served.engine.deps.orm);
    const id = await insertBook({
      title: `Harbour ${randomUUID()}`,
      userId: author.id,
      saved: true,
      files: { pdf: '%PDF interior', 'cover-pdf': '%PDF cover', 'cover-png': 'PNG cover' },
      previews: ['PNG page 1', 'PNG page 2'],
      packageRuns: 2,
      chapters: [1200, 800],
    });
    const shown = await call('GET', `/admin/books/${id}`, undefined, team);
    expect(shown.status).toBe(200);
    const book = shown.body as unknown as AdminBookView;
    const saved = await served.engine.deps.orm.em.fork().findOneOrFail(BookProject, { generatorProject: id });
    const ui = (workflowId: string) => ({ id: workflowId, url: `${config.TEMPORAL_UI_URL}/namespaces/${config.TEMPORAL_NAMESPACE}/workflows/${workflowId}` });
    const base = `/api/admin/books/${id}`;
    expect(book).toMatchObject({
      id,
      book_project_id: saved.id,
      user_id: author.id,
      user_email: author.email,
      provider: 'mock',
      stage: 'complete',
      cost_usd: 0.125,
      provider_calls: 7,
      page_count: 42,
      word_count: 2000,
      package_runs: 2,
    });
    expect(book.files).toEqual([
      { kind: 'pdf', size: 13, url: `${base}/files/pdf` },
      { kind: 'cover', size: 10, url: `${base}/files/cover` },
      { kind: 'cover-png', size: 9, url: `${base}/files/cover-png` },
    ]);
    expect(book.preview_urls).toEqual([`${base}/previews/1`, `${base}/previews/2`]);
    expect(book.workflows).toEqual([ui(bookWorkflowId(id)), ui(packageWorkflowId(id, 1)), ui(packageWorkflowId(id, 2))]);

    expect(await fetchFile(`${base}/files/pdf`)).toEqual({ status: 200, type: 'application/pdf', text: '%PDF interior' });
    expect(await fetchFile(`${base}/files/cover`)).toEqual({ status: 200, type: 'application/pdf', text: '%PDF cover' });
    expect(await fetchFile(`${base}/files/cover-png`)).toEqual({ status: 200, type: 'image/png', text: 'PNG cover' });
    expect(await fetchFile(`${base}/previews/2`)).toEqual({ status: 200, type: 'image/png', text: 'PNG page 2' });
    expect((await fetchFile(`${base}/files/epub`)).status).toBe(404);
    expect((await fetchFile(`${base}/files/cover-pdf`)).status).toBe(400);
    expect((await fetchFile(`${base}/files/__proto__`)).status).toBe(400);
    expect((await fetchFile(`${base}/previews/3`)).status).toBe(404);
    expect((await fetchFile(`${base}/previews/0`)).status).toBe(404);
    expect((await call('GET', `/admin/books/${randomUUID()}`, undefined, team)).status).toBe(404);
  });

  it('shows a book made signed out, with no files, as such', async () => {
    const id = await insertBook({ title: `Anonymous ${randomUUID()}`, stage: 'generating_outline' });
    const book = (await call('GET', `/admin/books/${id}`, undefined, team)).body as unknown as AdminBookView;
    expect(book).toMatchObject({ user_id: null, user_email: null, book_project_id: null, files: [], preview_urls: [], word_count: 0, workflows: [{ id: bookWorkflowId(id) }] });
  });
});
