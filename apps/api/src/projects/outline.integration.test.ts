import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeneratedChapter, GeneratorProject } from '../../../../libs/db/index.ts';
import { bookWorkflowId, EditingMessages, InputMessages, MAX_CHAPTERS, OutlineMessages, PROVIDERS, STAGE_LABELS, TOC_LIMITS, wordsOfPages } from '../../../../libs/domain/index.ts';
import { eventually, fakeAiEngineForFile, testConfig } from '../../../../testing/index.ts';
import { apiClient, serveApi, type Json } from '../../../../testing/test-server.ts';
import { progressQuery } from '../../../../workflows/book/messages.ts';
import { bookWorkflow } from '../../../../workflows/book/workflow.ts';

// The API knows Anthropic is configured; this file's worker (its own task queue) writes mock books with the mock
// provider and Anthropic books with a loopback fake that can be slowed down, to catch a stage while it runs.
const config = testConfig({
  TEMPORAL_TASK_QUEUE: `outline-${randomUUID().slice(0, 8)}`,
  ANTHROPIC_API_KEY: 'test-key',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  GENERATION_RATE_LIMIT_PER_HOUR: '1000',
});
const { engine, fake } = fakeAiEngineForFile(config);
let app: INestApplication;
let url = '';
beforeAll(async () => {
  ({ app, url } = await serveApi(config));
});
afterAll(async () => {
  await app?.close();
});

const { call, signUp } = apiClient(() => url);
const brief = { title: 'Planned Books', author: 'Ada Writer', topic: 'How authors shape a plan before a single chapter is written', ai_model: 'mock', total_target_words: 10_000 };

interface Toc {
  chapter_number: number;
  title: string;
  description: string;
  key_points: string[];
  target_words: number;
}

/** A step-mode mock book with a five-chapter outline. */
async function outlinedBook(token?: string): Promise<{ id: string; toc: Toc[] }> {
  const id = (await call('POST', '/projects', brief, token)).body.project_id as string;
  const outline = await call('POST', `/projects/${id}/generate-outline`, { chapter_count: 5 }, token);
  expect(outline.status).toBe(200);
  return { id, toc: outline.body.toc as Toc[] };
}

/** The outline in its own shape, each entry kept where it is. */
const asEdit = (toc: Toc[]) => toc.map((c) => ({ title: c.title, description: c.description, key_points: c.key_points, target_words: c.target_words, from: c.chapter_number }));
const put = (id: string, body: unknown, token?: string) => call('PUT', `/projects/${id}/outline`, body, token);
const db = () => engine.deps.orm.em.fork().getConnection();
const chaptersOf = (id: string) => engine.deps.orm.em.fork().find(GeneratedChapter, { project: id }, { orderBy: { number: 'asc' } });

describe('PUT /api/projects/{id}/outline', () => {
  it('refuses outlines that break the limits, each with its message, and leaves the outline as it was', async () => {
    const { id, toc } = await outlinedBook();
    const edit = asEdit(toc);
    const even = (n: number, words = 10_000) => Array.from({ length: n }, (_, i) => ({ title: `Chapter ${i + 1}`, target_words: Math.floor(words / n) }));
    const refusals: [string, unknown, string][] = [
      ['no outline at all', {}, OutlineMessages.shapeRequired],
      ['no chapters', { chapters: [] }, OutlineMessages.chaptersRequired],
      ['more chapters than any provider writes', { chapters: even(MAX_CHAPTERS + 1, 26_000) }, OutlineMessages.tooManyChapters('A book', MAX_CHAPTERS)],
      ['a blank title', { chapters: edit.map((c, i) => (i === 1 ? { ...c, title: '   ' } : c)) }, OutlineMessages.titleRequired],
      ['a title too long', { chapters: edit.map((c, i) => (i === 1 ? { ...c, title: 'x'.repeat(TOC_LIMITS.titleMax + 1) } : c)) }, OutlineMessages.titleTooLong],
      ['a description too long', { chapters: edit.map((c, i) => (i === 1 ? { ...c, description: 'x'.repeat(TOC_LIMITS.descriptionMax + 1) } : c)) }, OutlineMessages.descriptionTooLong],
      ['too many key points', { chapters: edit.map((c, i) => (i === 1 ? { ...c, key_points: Array.from({ length: TOC_LIMITS.ideasMax + 1 }, (_, k) => `Point ${k}`) } : c)) }, OutlineMessages.tooManyKeyPoints],
      ['a key point too long', { chapters: edit.map((c, i) => (i === 1 ? { ...c, key_points: ['x'.repeat(TOC_LIMITS.ideaMax + 1)] } : c)) }, OutlineMessages.keyPointTooLong],
      ['a chapter under a page', { chapters: edit.map((c, i) => (i === 1 ? { ...c, target_words: 100 } : c)) }, OutlineMessages.chapterWords],
      ['a budget that is not a whole number', { chapters: edit.map((c, i) => (i === 1 ? { ...c, target_words: 2000.5 } : c)) }, OutlineMessages.chapterWords],
      ['a book under 10,000 words', { chapters: edit.map((c, i) => (i === 1 ? { ...c, target_words: c.target_words - 1000 } : c)) }, OutlineMessages.bookTotal(9000)],
      ['a book over 80,000 words', { chapters: even(5, 85_000) }, OutlineMessages.bookTotal(85_000)],
      ['one chapter kept twice', { chapters: edit.map((c, i) => (i === 1 ? { ...c, from: 1 } : c)) }, OutlineMessages.fromTwice(1)],
      ['a chapter number that is not one', { chapters: edit.map((c, i) => (i === 1 ? { ...c, from: 0 } : c)) }, `from and number must be chapter numbers, whole numbers from 1 to ${MAX_CHAPTERS}`],
      ['a NUL character', { chapters: edit.map((c, i) => (i === 1 ? { ...c, title: 'Bad\u0000title' } : c)) }, InputMessages.nulCharacter('chapters[1].title')],
      ['pages that are not a number (spec shape)', { outline: { chapters: [{ number: 1, title: 'One', estimated_pages: 'many' }] } }, OutlineMessages.chapterPages],
      ['a spec outline without chapters', { outline: { chapters: [] } }, OutlineMessages.chaptersRequired],
      ['a spec outline under 10,000 words', { outline: { chapters: [{ number: 1, title: 'One', estimated_pages: 8 }] } }, OutlineMessages.bookTotal(wordsOfPages(8))],
      ['a chapter that is an empty list', { chapters: [[]] }, OutlineMessages.chapterShape],
      ['chapters nested in lists', { chapters: [[[edit[0]]]] }, OutlineMessages.chapterShape],
      ['a null chapter beside real ones', { chapters: [...edit, null] }, OutlineMessages.chapterShape],
      ['a number for a chapter', { chapters: [1, 2, 3] }, OutlineMessages.chapterShape],
      ['a text for a chapter', { chapters: ['Chapter one'] }, OutlineMessages.chapterShape],
      ['a spec outline of empty lists', { outline: { chapters: [[], []] } }, OutlineMessages.chapterShape],
      ['chapters as null', { chapters: null }, OutlineMessages.shapeRequired],
      ['an outline that is a number', { outline: 7 }, OutlineMessages.shapeRequired],
      ['a huge list of empty lists', { chapters: Array.from({ length: 50_000 }, () => []) }, OutlineMessages.tooManyChapters('A book', MAX_CHAPTERS)],
    ];
    for (const [what, body, message] of refusals) {
      const answer = await put(id, body);
      expect(answer, what).toMatchObject({ status: 400, body: { message } });
    }
    // A chapter this book does not have (the outline changed since it was read) is a conflict, not bad input.
    expect(await put(id, { chapters: edit.map((c, i) => (i === 1 ? { ...c, from: 9 } : c)) })).toMatchObject({ status: 409, body: { message: OutlineMessages.fromUnknown(9, 5) } });
    expect(((await call('GET', `/projects/${id}`)).body.outline as { chapters: Toc[] }).chapters).toEqual(expect.arrayContaining(toc.map((c) => expect.objectContaining({ title: c.title, target_words: c.target_words }))));
    expect(((await call('GET', `/projects/${id}`)).body.outline as { chapters: Toc[] }).chapters).toHaveLength(5);
  });

  it('renames, moves and removes chapters before drafting; the chapters then follow the edited plan, and a chapter written before keeps its text', async () => {
    const { id, toc } = await outlinedBook();
    // Chapters 3 and 4 are written before the edit; each has its first version.
    expect((await call('POST', `/projects/${id}/generate-chapters`, { chapters_to_generate: [3, 4] })).status).toBe(200);
    const [third, fourth] = await chaptersOf(id);
    for (const c of [third, fourth]) {
      await db().execute("insert into chapter_versions (id, project_id, chapter, version, source, title, content, words, created_at) values (?, ?, ?, 1, 'generated', ?, ?, ?, now()) on conflict do nothing", [
        randomUUID(), id, c?.number, c?.title, c?.content, c?.wordCount,
      ]);
    }

    // Chapter 4 first, chapter 2 renamed with new key points, chapter 3 removed; its words go to chapter 5.
    const edit = asEdit(toc);
    const [one, two, three, four, five] = edit as [(typeof edit)[0], (typeof edit)[0], (typeof edit)[0], (typeof edit)[0], (typeof edit)[0]];
    const renamed = { ...two, title: 'Trust Before Tools', description: 'Why trust comes before any tool', key_points: ['Say what you mean', 'Keep promises small'] };
    const answer = await put(id, { chapters: [four, one, renamed, { ...five, target_words: five.target_words + three.target_words }] });
    expect(answer.status).toBe(200);
    const edited = answer.body.toc as Toc[];
    expect(edited.map((c) => [c.chapter_number, c.title])).toEqual([[1, four.title], [2, one.title], [3, 'Trust Before Tools'], [4, five.title]]);
    expect(edited[2]).toMatchObject({ description: 'Why trust comes before any tool', key_points: ['Say what you mean', 'Keep promises small'] });
    expect(edited.reduce((sum, c) => sum + c.target_words, 0)).toBe(10_000);

    // The written chapter moved with its entry; the removed one left the book, its version kept out of the way.
    const afterEdit = await chaptersOf(id);
    expect(afterEdit.map((c) => [c.number, c.title, c.content])).toEqual([[1, four.title, fourth?.content]]);
    const versions = (await db().execute('select chapter, content from chapter_versions where project_id = ? order by chapter', [id])) as { chapter: number; content: string }[];
    expect(versions).toEqual([{ chapter: -1, content: third?.content }, { chapter: 1, content: fourth?.content }]);
    const lifecycle = (await call('GET', `/projects/${id}/lifecycle`)).body as Json & { chapters: Record<number, string> };
    expect(lifecycle).toMatchObject({ chapterCount: 4, chapters: { 1: 'generated', 2: 'pending', 3: 'pending', 4: 'pending' }, wordsSoFar: fourth?.wordCount });

    const generated = await call('POST', `/projects/${id}/generate-chapters`, {});
    expect(generated.status).toBe(200);
    const chapters = await chaptersOf(id);
    expect(chapters.map((c) => [c.number, c.title])).toEqual([[1, four.title], [2, one.title], [3, 'Trust Before Tools'], [4, five.title]]);
    // The chapter written before the edit was not written again.
    expect(chapters[0]?.content).toBe(fourth?.content);
    expect(chapters.some((c) => c.content === third?.content)).toBe(false);
    // Each chapter was written from its edited entry: the renamed chapter's brief and the moved one's budget.
    const project = await engine.deps.orm.em.fork().findOneOrFail(GeneratorProject, { id });
    expect(project.outline?.map((c) => c.number)).toEqual([1, 2, 3, 4]);
    expect(chapters[3]?.wordCount).toBeGreaterThan(((five.target_words + three.target_words) * 0.8) | 0);
  });

  it("takes the spec's shape: number names the chapter it was, topics are its key points, pages count the words a typeset page holds", async () => {
    const { id, toc } = await outlinedBook();
    const [first, second] = toc as [Toc, Toc];
    const answer = await put(id, {
      outline: {
        chapters: [
          { number: 2, title: 'Second, Now First', topics: ['One idea', ' ', 'Another idea'], estimated_pages: '20-24' },
          { title: 'A New Chapter', topics: ['Fresh ground'], estimated_pages: 12 },
          { number: 1, title: first.title },
        ],
        total_pages: 60,
        summary: 'Three chapters',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.toc).toMatchObject([
      { chapter_number: 1, title: 'Second, Now First', description: second.description, key_points: ['One idea', 'Another idea'], target_words: wordsOfPages(20) },
      { chapter_number: 2, title: 'A New Chapter', description: '', key_points: ['Fresh ground'], target_words: wordsOfPages(12) },
      { chapter_number: 3, title: first.title, description: first.description, key_points: first.key_points, target_words: first.target_words },
    ]);
    expect((await call('GET', `/projects/${id}`)).body.total_target_words).toBe(wordsOfPages(20) + wordsOfPages(12) + first.target_words);
  });

  it('is refused while a stage runs, before the outline, and in auto mode past the outline', async () => {
    // An Anthropic book (the slow fake) inserted as POST /projects would make it, driven by the API.
    const em = engine.deps.orm.em.fork();
    const project = em.create(GeneratorProject, {
      id: randomUUID(), name: 'slow', title: 'Slow Books', author: 'Ada Writer', topic: brief.topic, writingStyle: 'practical',
      totalTargetWords: 10_000, language: 'English', provider: 'anthropic', mode: 'step', createdAt: new Date(), updatedAt: new Date(),
    });
    await em.flush();
    const handle = await engine.client.workflow.start(bookWorkflow, {
      workflowId: bookWorkflowId(project.id), taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [{ projectId: project.id, provider: 'anthropic', mode: 'step', chaptersToGenerate: null }],
    });
    const id = project.id;
    expect(await put(id, { chapters: [{ title: 'Too Soon', target_words: 10_000 }] })).toMatchObject({ status: 409, body: { message: OutlineMessages.notOutlined } });
    const toc = (await call('POST', `/projects/${id}/generate-outline`, { chapter_count: 5 })).body.toc as Toc[];
    expect(toc).toHaveLength(5);
    // Anthropic writes at most 20 chapters.
    const many = Array.from({ length: 21 }, (_, i) => ({ title: `Chapter ${i + 1}`, target_words: 1000 }));
    expect(await put(id, { chapters: many })).toMatchObject({ status: 400, body: { message: OutlineMessages.tooManyChapters(PROVIDERS.anthropic.displayName, 20) } });

    fake.delay(1500);
    try {
      const introduction = call('POST', `/projects/${id}/generate-introduction`, {});
      await eventually(() => handle.query(progressQuery), (p) => p.stage === 'generating_introduction' && !p.history.at(-1)?.completed);
      const renamed = asEdit(toc).map((c, i) => (i === 0 ? { ...c, title: 'Renamed Too Soon' } : c));
      expect(await put(id, { chapters: renamed })).toMatchObject({ status: 409, body: { message: OutlineMessages.stageRunning(STAGE_LABELS.generating_introduction ?? '') } });
      expect((await introduction).status).toBe(200);
      // Once the stage is done the same edit is taken.
      expect(((await put(id, { chapters: renamed })).body.toc as Toc[]).map((c) => c.title)).toEqual(['Renamed Too Soon', ...toc.slice(1).map((c) => c.title)]);
    } finally {
      fake.delay(0);
    }

    // An auto-mode book writes on by itself once planned.
    const auto = (await call('POST', '/projects/generate-complete', { ...brief, book_idea: brief.topic })).body.project_id as string;
    const planned = await eventually(() => call('GET', `/projects/${auto}`), (p) => Boolean(p.body.outline));
    const autoToc = (planned.body.outline as { chapters: Toc[] }).chapters;
    expect(await put(auto, { chapters: asEdit(autoToc).reverse() })).toMatchObject({ status: 409, body: { message: OutlineMessages.autoMode } });
  });

  it('picks up a step-mode book put away after a long pause, as every stage call does, and edits it', async () => {
    const em = engine.deps.orm.em.fork();
    const project = em.create(GeneratorProject, {
      id: randomUUID(), name: 'paused', title: 'Paused Books', author: 'Ada Writer', topic: brief.topic, writingStyle: 'practical',
      totalTargetWords: 10_000, language: 'English', provider: 'mock', mode: 'step', createdAt: new Date(), updatedAt: new Date(),
    });
    await em.flush();
    const handle = await engine.client.workflow.start(bookWorkflow, {
      workflowId: bookWorkflowId(project.id), taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [{ projectId: project.id, provider: 'mock', mode: 'step', chaptersToGenerate: null, idleTimeout: '2 seconds' }],
    });
    const toc = (await call('POST', `/projects/${project.id}/generate-outline`, { chapter_count: 3 })).body.toc as Toc[];
    expect(await handle.result()).toMatchObject({ stage: 'idle' });

    const answer = await put(project.id, { chapters: asEdit(toc).reverse() });
    expect(answer.status).toBe(200);
    expect((answer.body.toc as Toc[]).map((c) => c.title)).toEqual(toc.map((c) => c.title).reverse());
    const resumed = engine.client.workflow.getHandle(bookWorkflowId(project.id));
    expect((await resumed.describe()).runId).not.toBe(handle.firstExecutionRunId);
    expect(await resumed.query(progressQuery)).toMatchObject({ chapterCount: 3, chapters: { 1: 'pending', 2: 'pending', 3: 'pending' } });
  });

  it('after drafting, in step mode: add, move and remove keep each text with its versions; a new chapter waits until written', async () => {
    const { id, toc } = await outlinedBook();
    expect((await call('POST', `/projects/${id}/generate-chapters`, {})).status).toBe(200);
    expect((await call('POST', `/projects/${id}/chapters/2/regenerate`)).body).toMatchObject({ chapter_number: 2, version: 2 });
    const before = await chaptersOf(id);
    const edit = asEdit(toc);
    const [one, two, three, four, five] = edit as [(typeof edit)[0], (typeof edit)[0], (typeof edit)[0], (typeof edit)[0], (typeof edit)[0]];
    // Chapter 5 first, 3 and 4 removed, a new chapter at the end takes their words.
    const added = { title: 'What Comes Next', description: '', key_points: [], target_words: three.target_words + four.target_words };
    expect((await put(id, { chapters: [five, one, two, added] })).status).toBe(200);

    const after = await chaptersOf(id);
    expect(after.map((c) => [c.number, c.content])).toEqual([[1, before[4]?.content], [2, before[0]?.content], [3, before[1]?.content]]);
    const versions = (await db().execute('select chapter, version, source, content from chapter_versions where project_id = ? order by chapter, version', [id])) as { chapter: number; version: number; source: string; content: string }[];
    expect(versions.map((v) => [v.chapter, v.version, v.source])).toEqual([[-2, 1, 'generated'], [-1, 1, 'generated'], [1, 1, 'generated'], [2, 1, 'generated'], [3, 1, 'generated'], [3, 2, 'regenerated']]);
    expect(versions.filter((v) => v.chapter < 0).map((v) => v.content).sort()).toEqual([before[2]?.content, before[3]?.content].sort());
    expect((await call('GET', `/projects/${id}/lifecycle`)).body).toMatchObject({ chapterCount: 4, chapters: { 1: 'generated', 2: 'generated', 3: 'generated', 4: 'pending' } });
    // Removed chapters are put back only once the book is finished (its workflow owns the plan until then).
    expect(await call('POST', `/projects/${id}/removed-chapters/1/put-back`)).toMatchObject({ status: 409, body: { message: EditingMessages.putBackWhenDone } });

    expect((await call('POST', `/projects/${id}/chapters/4/regenerate`)).body).toMatchObject({ chapter_number: 4, chapter_title: 'What Comes Next', version: 1 });
  });

  it('edits a finished book directly: a new chapter starts empty, the files read as out of date and still build, and a removed chapter is put back with its text', async () => {
    const owner = await signUp();
    const { id, toc } = await outlinedBook(owner);
    expect((await call('POST', `/projects/${id}/generate-chapters`, {}, owner)).status).toBe(200);
    expect((await call('POST', `/projects/${id}/finalize`, {}, owner)).status).toBe(200);
    expect(await engine.client.workflow.getHandle(bookWorkflowId(id)).result()).toMatchObject({ stage: 'complete' });
    const saved = (await call('POST', '/book-projects', { project_id: id, source: 'workflow' }, owner)).body.id as string;
    const before = await chaptersOf(id);
    const edit = asEdit(toc);
    const [one, two, three, four, five] = edit as [(typeof edit)[0], (typeof edit)[0], (typeof edit)[0], (typeof edit)[0], (typeof edit)[0]];
    const added = { title: 'Letters to Readers', description: '', key_points: [], target_words: two.target_words };

    expect((await put(id, { chapters: [three, one, four, five, added] }, owner)).status).toBe(200);
    const after = await chaptersOf(id);
    expect(after.map((c) => [c.number, c.title, c.content])).toEqual([
      [1, three.title, before[2]?.content], [2, one.title, before[0]?.content], [3, four.title, before[3]?.content], [4, five.title, before[4]?.content], [5, 'Letters to Readers', ''],
    ]);
    expect((await call('GET', `/projects/${id}`, undefined, owner)).body).toMatchObject({ files_outdated: true });
    // The saved book's chapter list follows; the new chapter joins it once it has text.
    expect(((await call('GET', `/book-projects/${saved}`, undefined, owner)).body.chapters_data as { chapterNumber: number; title: string }[]).map((c) => [c.chapterNumber, c.title])).toEqual([
      [1, three.title], [2, one.title], [3, four.title], [4, five.title],
    ]);
    // The author writes the new chapter from its first version.
    expect((await call('PUT', `/projects/${id}/chapters/5`, { title: 'Letters to Readers', content: 'Dear reader, thank you.', base_version: 0 }, owner)).body).toMatchObject({ version: 1, word_count: 4 });
    expect((await call('GET', `/projects/${id}/chapters/1/versions`, undefined, owner)).body).toMatchObject({ current_version: 1, versions: [{ title: three.title, words: before[2]?.wordCount }] });

    // Removed: chapter 2, listed with its last version; a stranger sees none of it.
    const stranger = await signUp();
    const removed = await call('GET', `/projects/${id}/removed-chapters`, undefined, owner);
    expect(removed.body).toEqual({ removed: [{ key: 1, title: two.title, words: before[1]?.wordCount, last_saved_at: expect.any(String) }] });
    expect((await call('GET', `/projects/${id}/removed-chapters`, undefined, stranger)).status).toBe(404);
    expect((await call('POST', `/projects/${id}/removed-chapters/1/put-back`, {}, stranger)).status).toBe(404);
    expect((await call('POST', `/projects/${id}/removed-chapters/7/put-back`, {}, owner))).toMatchObject({ status: 404, body: { message: EditingMessages.removedNotFound } });

    const putBack = await call('POST', `/projects/${id}/removed-chapters/1/put-back`, {}, owner);
    expect(putBack.body).toMatchObject({ number: 6, title: two.title, content: before[1]?.content, version: 2 });
    expect(((await call('GET', `/projects/${id}/chapters/6/versions`, undefined, owner)).body.versions as { source: string }[]).map((v) => v.source)).toEqual(['restored', 'generated']);
    expect((await call('GET', `/projects/${id}/removed-chapters`, undefined, owner)).body).toEqual({ removed: [] });
    expect(((await call('GET', `/projects/${id}`, undefined, owner)).body.outline as { chapters: Toc[] }).chapters.map((c) => c.title)).toEqual([three.title, one.title, four.title, five.title, 'Letters to Readers', two.title]);

    // An empty chapter does not stop the build (the book is rebuilt with it before it is written).
    const outline = ((await call('GET', `/projects/${id}`, undefined, owner)).body.outline as { chapters: Toc[] }).chapters;
    expect((await put(id, { chapters: [...asEdit(outline), { title: 'Still Empty', description: '', key_points: [], target_words: 1000 }] }, owner)).status).toBe(200);
    expect((await call('POST', `/projects/${id}/build`, { format: 'pdf' }, owner)).status).toBe(202);
    const built = await eventually(() => call('GET', `/projects/${id}/build/status`, undefined, owner), (r) => r.body.status === 'complete' || r.body.status === 'error', 60_000);
    expect(built.body).toMatchObject({ status: 'complete' });
  });

  it("answers 404 for another author's book, and for a signed-out caller", async () => {
    const owner = await signUp();
    const { id, toc } = await outlinedBook(owner);
    const stranger = await signUp();
    const body = { chapters: asEdit(toc).reverse() };
    expect(await put(id, body, stranger)).toMatchObject({ status: 404, body: { message: 'Project not found or access denied' } });
    expect((await put(id, body)).status).toBe(404);
    expect((await put('not-a-uuid', body, owner)).status).toBe(404);
    // The owner's own edit goes through, and the stranger's changed nothing.
    expect(((await put(id, body, owner)).body.toc as Toc[]).map((c) => c.title)).toEqual(toc.map((c) => c.title).reverse());
  });
});
