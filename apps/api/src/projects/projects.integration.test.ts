import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GeneratorProject } from '../../../../libs/db/index.ts';
import { bookWorkflowId, GenerationMessages, InputMessages, LanguageMessages, PROVIDERS, WORDS_PER_PAGE } from '../../../../libs/domain/index.ts';
import { testConfig } from '../../../../testing/index.ts';
import { apiClient, serveApi, type Json, serveWithWorker } from '../../../../testing/test-server.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', GENERATION_RATE_LIMIT_PER_HOUR: '1000' });
const served = serveWithWorker(config);

const { call, signUp } = apiClient(() => served.url);

const brief = { title: 'Remote Leadership', author: 'Ada Writer', book_idea: 'How small companies lead distributed teams with trust and rituals', ai_model: 'mock', total_target_words: 10_000 };

describe('POST /api/projects/generate-complete', () => {
  it('writes a whole mock book, reporting progress on its status URL', async () => {
    const start = await call('POST', '/projects/generate-complete', { ...brief, chapters_to_generate: null, content_depth: 'polished', include_cover: true, formats: ['pdf'] });
    expect(start.status).toBe(201);
    expect(start.body.check_status_url).toBe(`/api/projects/orchestration/${start.body.orchestration_id}/status`);

    let status: Json = {};
    for (let i = 0; i < 120 && status.status !== 'completed' && status.status !== 'failed'; i++) {
      status = (await call('GET', (start.body.check_status_url as string).replace('/api', ''))).body;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toMatchObject({ status: 'completed', progress: 100, message: 'Your book is ready!', toc_details: { chapter_count: 3 } });
    expect(status.steps_completed).toEqual(['creating_project', 'generating_outline', 'generating_introduction', 'generating_chapters', 'generating_summary', 'finalizing', 'building', 'generating_cover', 'complete']);
    expect(status.cover_complete).toBe(true);
    expect(status.ai_provider_calls).toBe(6);

    const project = (await call('GET', `/projects/${start.body.project_id as string}`)).body;
    expect(project).toMatchObject({ title: 'Remote Leadership', name: 'remote-leadership', stage: 'complete', finalized: true });
    expect((project.chapters as unknown[]).length).toBe(3);
    expect(project.introduction).toBeTruthy();
    expect(project.summary).toBeTruthy();
  });
});

describe('an API restart in the middle of a book', () => {
  it('loses nothing: another API instance reports the same book to completion', async () => {
    const { app: first, url: firstUrl } = await serveApi(config);
    const start = (await fetch(`${firstUrl}/api/projects/generate-complete`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...brief, total_target_words: 30_000 }),
    }).then((r) => r.json())) as { project_id: string; check_status_url: string };
    await first.close();

    // The suite's own API instance stands in for the restarted one.
    let status: Json = {};
    for (let i = 0; i < 160 && status.status !== 'completed'; i++) {
      status = (await call('GET', start.check_status_url.replace('/api', ''))).body;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toMatchObject({ status: 'completed', project_id: start.project_id, toc_details: { chapter_count: 10 } });
    expect(((await call('GET', `/projects/${start.project_id}`)).body.chapters as unknown[]).length).toBe(10);
  });
});

describe("the owner's profile counters", () => {
  it('add up the provider calls, their cost and the books generated', async () => {
    const token = await signUp();
    const start = await call('POST', '/projects/generate-complete', brief, token);
    const id = start.body.project_id as string;
    let status: Json = {};
    for (let i = 0; i < 120 && status.status !== 'completed'; i++) {
      status = (await call('GET', `/projects/orchestration/${id}/status`, undefined, token)).body;
      await new Promise((r) => setTimeout(r, 250));
    }
    const profile = (await call('GET', '/profile', undefined, token)).body;
    expect(profile).toMatchObject({ books_generated: 1, total_api_calls: status.ai_provider_calls, total_cost: 0 });
    expect(status.ai_provider_calls).toBeGreaterThanOrEqual(6);
  });
});

describe('the staged calls, one by one', () => {
  it('create, outline, introduction, chapters, regenerate, summary, finalize', async () => {
    const created = await call('POST', '/projects', { name: 'remote', title: brief.title, author: brief.author, topic: brief.book_idea, writing_style: 'practical', total_target_words: 10_000 });
    expect(created.status).toBe(201);
    const id = created.body.project_id as string;

    const early = await call('POST', `/projects/${id}/generate-introduction`, { ai_model: 'mock' });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(GenerationMessages.tocNotLoaded);

    const outline = await call('POST', `/projects/${id}/generate-outline`, brief);
    expect(outline.status).toBe(200);
    const toc = outline.body.toc as { title: string; key_points: string[]; target_words: number }[];
    expect(toc).toHaveLength(3);
    expect(toc.reduce((s, c) => s + c.target_words, 0)).toBe(10_000);

    expect((await call('POST', `/projects/${id}/generate-introduction`, { ai_model: 'mock' })).body.introduction).toBeTruthy();
    const chapters = await call('POST', `/projects/${id}/generate-chapters`, { chapters_to_generate: null, content_depth: 'polished', ai_model: 'mock' });
    expect(chapters.body.chapters_generated).toBe(3);
    expect((chapters.body.chapters as { chapter_number: number }[]).map((c) => c.chapter_number)).toEqual([1, 2, 3]);

    const regenerated = await call('POST', `/projects/${id}/chapters/2/regenerate`);
    expect(regenerated.body.chapter_number).toBe(2);
    const invalid = await call('POST', `/projects/${id}/chapters/7/regenerate`);
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(GenerationMessages.invalidChapter(7, 3));

    expect((await call('POST', `/projects/${id}/generate-summary`, { ai_model: 'mock' })).body.summary).toBeTruthy();
    expect((await call('POST', `/projects/${id}/finalize`)).body).toEqual({ status: 'finalized', project_id: id });
    expect((await call('POST', `/projects/${id}/build`, { formats: ['pdf', 'zip'] })).status).toBe(202);
    let build: Json = {};
    for (let i = 0; i < 60 && build.status !== 'complete'; i++) {
      build = (await call('GET', `/projects/${id}/build/status`)).body;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(build).toMatchObject({ status: 'complete', error: null });
    expect(build.page_count).toBeGreaterThan(20);
    const pdf = await fetch(`${served.url}/api/projects/${id}/download/pdf`);
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="Remote_Leadership_book.pdf"');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(build.pdf_size);
    const epub = await fetch(`${served.url}/api/projects/${id}/download/epub`);
    expect(epub.headers.get('content-disposition')).toBe('attachment; filename="Remote_Leadership_book.epub"');
    expect(Buffer.from(await epub.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
    const zip = await fetch(`${served.url}/api/projects/${id}/download/zip`);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(Buffer.from(await zip.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');

    // The wizard's last stage: the cover, only once asked for, sized from the real page count.
    expect((await call('GET', `/projects/${id}/download/cover-pdf`)).status).toBe(404);
    const cover = await call('POST', `/projects/${id}/generate-cover`, { ai_model: 'mock' });
    expect(cover.body).toMatchObject({ status: 'complete', template: 'amazon_kdp', page_count: build.page_count });
    expect(cover.body.cover_pdf_size).toBeGreaterThan(1000);
    expect(cover.body.cover_png_size).toBeGreaterThan(0);
    expect((await call('GET', `/projects/${id}`)).body.cover_path).toBe(`/api/projects/${id}/download/cover-pdf`);
  });
});

describe('POST /api/projects/{id}/generate-chapters/stream', () => {
  it('reports the chapter stage as server-sent events', async () => {
    const id = (await call('POST', '/projects', { ...brief, topic: brief.book_idea })).body.project_id as string;
    await call('POST', `/projects/${id}/generate-outline`, { ai_model: 'mock' });
    const response = await fetch(`${served.url}/api/projects/${id}/generate-chapters/stream`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ chapters_to_generate: null, ai_model: 'mock' }),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = (await response.text())
      .trim()
      .split('\n\n')
      .map((block) => {
        const [eventLine, dataLine] = block.split('\n');
        return { event: eventLine?.replace('event: ', ''), data: JSON.parse(dataLine?.replace('data: ', '') ?? '{}') as Record<string, unknown> };
      });
    const names = events.map((e) => e.event);
    expect(names.filter((n) => n === 'chapter_start')).toHaveLength(3);
    expect(names.filter((n) => n === 'chapter_complete')).toHaveLength(3);
    expect(names.at(-1)).toBe('all_complete');
    const start = events.find((e) => e.event === 'chapter_start');
    expect(start?.data).toMatchObject({ total_chapters: 3, chapter_title: expect.any(String) });
    const completes = events.filter((e) => e.event === 'chapter_complete').map((e) => e.data.word_count as number);
    expect(events.at(-1)?.data).toEqual({ chapters_generated: 3, total_word_count: completes.reduce((a, b) => a + b, 0) });
    expect(Math.min(...completes)).toBeGreaterThan(2000);
  });

  it('sends an error event when the stage cannot start', async () => {
    const id = (await call('POST', '/projects', { ...brief, topic: brief.book_idea })).body.project_id as string;
    const text = await (await fetch(`${served.url}/api/projects/${id}/generate-chapters/stream`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).text();
    expect(text.endsWith(`event: error\ndata: ${JSON.stringify({ message: GenerationMessages.tocNotLoaded })}\n\n`)).toBe(true);
    expect(text).not.toContain('chapter_start');
  });
});

describe('POST /api/projects/{id}/cancel', () => {
  it('stops a book; its status says cancelled', async () => {
    const id = (await call('POST', '/projects', { ...brief, topic: brief.book_idea })).body.project_id as string;
    expect((await call('POST', `/projects/${id}/cancel`)).status).toBe(202);
    let status: Json = {};
    for (let i = 0; i < 40 && status.status !== 'cancelled'; i++) {
      status = (await call('GET', `/projects/orchestration/${id}/status`)).body;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(status.status).toBe('cancelled');
    expect((await call('GET', `/projects/${id}`)).body.stage).toBe('cancelled');
    // Once its run has ended, Temporal takes a cancel again: the answer stays the same.
    await served.engine.client.workflow.getHandle(bookWorkflowId(id)).result().catch(() => undefined);
    expect(await call('POST', `/projects/${id}/cancel`)).toEqual({ status: 202, body: { project_id: id, status: 'cancelling' } });
  });

  it('answers 409 for a book that no run ever wrote, saying there is nothing to cancel', async () => {
    // A project row as an earlier system, or a run whose history is gone, leaves it: no book-<id> workflow exists.
    const em = served.engine.deps.orm.em.fork();
    const project = em.create(GeneratorProject, {
      id: randomUUID(), name: 'never-started', title: brief.title, author: brief.author, topic: brief.book_idea, writingStyle: 'practical',
      totalTargetWords: 10_000, language: 'English', provider: 'mock', mode: 'step', createdAt: new Date(), updatedAt: new Date(),
    });
    await em.flush();
    const answer = await call('POST', `/projects/${project.id}/cancel`);
    expect(answer).toEqual({ status: 409, body: { statusCode: 409, message: GenerationMessages.nothingToCancel } });
  });
});

describe('the intelligent API', () => {
  const mock = { 'X-AI-Provider': 'mock' };

  it('plans a table of contents, then writes its chapters one call at a time', async () => {
    const toc = await call('POST', '/intelligent/toc', { title: brief.title, author: brief.author, book_idea: brief.book_idea }, undefined, mock);
    expect(toc.status).toBe(200);
    const entries = toc.body.toc as { chapter_title: string; chapter_ideas: string[]; estimated_pages: string }[];
    expect(entries.length).toBe(12); // 100 typeset pages by default: 35,000 words in chapters of about 3,000
    expect(entries.every((e) => e.chapter_title && e.chapter_ideas.length === 3 && /^\d+$/.test(e.estimated_pages))).toBe(true);
    expect(toc.body.total_estimated_pages).toMatch(/^\d+-\d+$/);

    const chapter = await call('POST', '/intelligent/chapter', { project_id: toc.body.project_id, chapter_number: 2 }, undefined, mock);
    expect(chapter.body).toMatchObject({ chapter_number: 2, chapter_title: entries[1]?.chapter_title, cost_estimate: 0 });
    expect(chapter.body.word_count).toBeGreaterThan(2000);
    const again = await call('POST', '/intelligent/chapter', { project_id: toc.body.project_id, chapter_number: 2 }, undefined, mock);
    expect(again.status).toBe(200);
    const outOfRange = await call('POST', '/intelligent/chapter', { project_id: toc.body.project_id, chapter_number: 13 }, undefined, mock);
    expect(outOfRange).toMatchObject({ status: 400, body: { message: GenerationMessages.invalidChapter(13, 12) } });
  });

  it("writes a chapter of a client's own table of contents", async () => {
    const toc = [
      { chapter_title: 'Why Trust Matters', chapter_ideas: ['Context', 'Candour'], estimated_pages: '8-10' },
      { chapter_title: 'Rituals That Work', chapter_ideas: ['Weekly notes', 'Demos'], estimated_pages: '10' },
    ];
    const chapter = await call('POST', '/intelligent/chapter', { ...brief, toc, chapter_number: 2 }, undefined, mock);
    expect(chapter.body).toMatchObject({ chapter_number: 2, chapter_title: 'Rituals That Work' });
    expect(Math.abs((chapter.body.word_count as number) - 10 * WORDS_PER_PAGE)).toBeLessThanOrEqual(500);
    expect(chapter.body.content).toContain('## Weekly notes');

    expect((await call('POST', '/intelligent/chapter', { ...brief, chapter_number: 1 }, undefined, mock)).body.message).toBe(GenerationMessages.tocNotLoaded);
    expect((await call('POST', '/intelligent/chapter', { ...brief, toc: [{ chapter_title: 'X' }], chapter_number: 1 }, undefined, mock)).status).toBe(400);
  });

  it('takes the provider from X-AI-Provider and validates the brief', async () => {
    expect((await call('POST', '/intelligent/toc', brief, undefined, { 'X-AI-Provider': 'gemini' })).body.message).toBe(GenerationMessages.unknownProvider('gemini'));
    const invalid = await call('POST', '/intelligent/toc', { title: 'Ab', author: 'Ada Writer', book_idea: 'short' }, undefined, mock);
    expect(invalid.status).toBe(422);
    expect(invalid.body.details).toEqual([
      { field: 'title', messages: [GenerationMessages.titleTooShort] },
      { field: 'book_idea', messages: [GenerationMessages.descriptionTooShort] },
    ]);
  });
});

describe('the outline settings', () => {
  it('makes as many chapters as the author chose, and refuses a count the spec does not offer', async () => {
    const created = await call('POST', '/projects', { title: brief.title, author: brief.author, topic: brief.book_idea, total_target_words: 20_000, chapter_count: 7, ai_model: 'mock' });
    const outline = await call('POST', `/projects/${created.body.project_id as string}/generate-outline`, { ai_model: 'mock' });
    expect((outline.body.toc as unknown[]).length).toBe(7);
    // Re-planning with other settings, as the structure step does.
    const replanned = await call('POST', `/projects/${created.body.project_id as string}/generate-outline`, { ai_model: 'mock', chapter_count: 3, book_style: 'academic' });
    expect((replanned.body.toc as unknown[]).length).toBe(3);
    expect((await call('GET', `/projects/${created.body.project_id as string}`)).body.writing_style).toBe('academic');
    const refused = await call('POST', '/projects', { title: brief.title, author: brief.author, topic: brief.book_idea, chapter_count: 4 });
    expect(refused).toMatchObject({ status: 400, body: { message: 'chapter_count must be one of 3, 5, 7, 10, 12' } });
  });
});

describe('validation', () => {
  it.each([
    [{ ...brief, title: '' }, 'title', GenerationMessages.allFieldsRequired],
    [{ ...brief, title: 'Ab' }, 'title', GenerationMessages.titleTooShort],
    [{ ...brief, author: 'Al' }, 'author', GenerationMessages.authorTooShort],
    [{ ...brief, book_idea: 'short' }, 'book_idea', GenerationMessages.descriptionTooShort],
    [{ ...brief, total_target_words: 9000 }, 'total_target_words', 'Target word count must be between 10,000 and 80,000, in steps of 1,000'],
    [{ ...brief, total_target_words: 30_500 }, 'total_target_words', 'Target word count must be between 10,000 and 80,000, in steps of 1,000'],
  ])('refuses %j with 422 naming the field', async (body, field, message) => {
    const answer = await call('POST', '/projects/generate-complete', body);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(message);
    expect(answer.body.details).toEqual(expect.arrayContaining([{ field, messages: [message] }]));
  });

  it('refuses unknown and unconfigured providers with 400', async () => {
    const unknown = await call('POST', '/projects/generate-complete', { ...brief, ai_model: 'gemini' });
    expect(unknown).toMatchObject({ status: 400, body: { message: GenerationMessages.unknownProvider('gemini') } });
    const missing = await call('POST', '/projects/generate-complete', { ...brief, ai_model: 'anthropic' });
    expect(missing).toMatchObject({ status: 400, body: { message: GenerationMessages.providerUnavailable('Anthropic Claude') } });
    const providers = (await fetch(`${served.url}/api/projects/providers`).then((r) => r.json())) as { id: string; available: boolean }[];
    expect(providers.map((p) => [p.id, p.available])).toEqual([['anthropic', false], ['hal9', false], ['mock', true]]);
  });

  it('refuses a provider without a key however the request names it: the X-AI-Provider header, ai_model or provider', async () => {
    const { ai_model: _, ...unnamed } = brief;
    const anthropic = { status: 400, body: { message: GenerationMessages.providerUnavailable('Anthropic Claude') } };
    const named: [string, Json, Record<string, string>][] = [
      ['/projects/generate-complete', unnamed, { 'X-AI-Provider': 'anthropic' }],
      ['/projects/generate-complete', { ...unnamed, provider: 'anthropic' }, {}],
      ['/projects/generate-complete', { ...unnamed, provider: 'claude-haiku' }, {}],
      ['/projects', unnamed, { 'X-AI-Provider': 'Anthropic' }],
      ['/projects', { ...unnamed, provider: 'anthropic' }, {}],
      ['/intelligent/toc', { ...unnamed, provider: 'anthropic' }, {}],
    ];
    for (const [path, body, headers] of named) expect(await call('POST', path, body, undefined, headers), `${path} ${JSON.stringify(headers)}`).toMatchObject(anthropic);
    const hal9 = await call('POST', '/projects/generate-complete', unnamed, undefined, { 'X-AI-Provider': 'hal9' });
    expect(hal9).toMatchObject({ status: 400, body: { message: GenerationMessages.providerUnavailable(PROVIDERS.hal9.displayName) } });

    // Every name is checked, so a provider without a key is never passed over for the one named beside it.
    expect(await call('POST', '/projects/generate-complete', brief, undefined, { 'X-AI-Provider': 'anthropic' })).toMatchObject(anthropic);
    expect(await call('POST', '/projects', { ...brief, provider: 'hal9' })).toMatchObject({ status: 400, body: { message: GenerationMessages.providerUnavailable(PROVIDERS.hal9.displayName) } });
    expect((await call('POST', '/projects', unnamed, undefined, { 'X-AI-Provider': 'mock' })).status).toBe(201);
    expect(await call('POST', '/projects/generate-complete', { ...unnamed, provider: 'gemini' }, undefined, { 'X-AI-Provider': 'gemini' })).toMatchObject({ status: 400, body: { message: GenerationMessages.unknownProvider('gemini') } });
    expect((await call('POST', '/projects', { ...brief, provider: 'MOCK' }, undefined, { 'X-AI-Provider': 'mock' })).status).toBe(201);
    const long = await call('POST', '/projects', unnamed, undefined, { 'X-AI-Provider': 'x'.repeat(5000) });
    expect(long.status).toBe(400);
    expect((long.body.message as string).length).toBeLessThan(200);

    // The staged calls and the intelligent chapter call check a provider they are given in the same way.
    const id = (await call('POST', '/projects', brief)).body.project_id as string;
    expect(await call('POST', `/projects/${id}/generate-outline`, {}, undefined, { 'X-AI-Provider': 'anthropic' })).toMatchObject(anthropic);
    expect(await call('POST', '/intelligent/chapter', { project_id: id, chapter_number: 1 }, undefined, { 'X-AI-Provider': 'anthropic' })).toMatchObject(anthropic);
  });
});

describe("the book's language", () => {
  const created = async (body: Json, path = '/projects', headers: Record<string, string> = {}) => {
    const answer = await call('POST', path, body, undefined, headers);
    expect(answer.status).toBeLessThan(300);
    return (await call('GET', `/projects/${answer.body.project_id as string}`)).body;
  };

  it('is kept as its BCP 47 tag, sent as a tag or as its English name; English by default', async () => {
    expect(await created({ ...brief, language: 'ja' })).toMatchObject({ language: 'ja', language_name: 'Japanese' });
    expect(await created({ ...brief, language: 'Japanese' })).toMatchObject({ language: 'ja', language_name: 'Japanese' });
    expect(await created({ ...brief, language: 'zh-TW' })).toMatchObject({ language: 'zh-Hant', language_name: 'Chinese (Traditional)' });
    expect(await created(brief)).toMatchObject({ language: 'en', language_name: 'English' });
    expect(await created({ title: brief.title, author: brief.author, book_idea: brief.book_idea, language: 'Arabic' }, '/intelligent/toc', { 'X-AI-Provider': 'mock' })).toMatchObject({ language: 'ar' });
  });

  it('refuses a language not in the list, and a NUL character, naming the field, on every call that starts a book', async () => {
    for (const path of ['/projects', '/projects/generate-complete', '/intelligent/toc']) {
      const unknown = await call('POST', path, { ...brief, language: 'klingon' });
      expect(unknown).toMatchObject({ status: 400, body: { message: LanguageMessages.unknown, details: [{ field: 'language', messages: [LanguageMessages.unknown] }] } });
      const nul = await call('POST', path, { ...brief, language: 'ja\0' });
      expect(nul).toMatchObject({ status: 400, body: { message: InputMessages.nulCharacter('language') } });
    }
  });
});

describe('ownership', () => {
  it("keeps a signed-in author's project to that author", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const created = await call('POST', '/projects', { ...brief, topic: brief.book_idea }, alice);
    const id = created.body.project_id as string;
    expect((await call('GET', `/projects/${id}`, undefined, alice)).status).toBe(200);
    for (const token of [bob, undefined]) {
      const answer = await call('GET', `/projects/${id}`, undefined, token);
      expect(answer).toMatchObject({ status: 404, body: { message: 'Project not found or access denied' } });
      expect((await call('POST', `/projects/${id}/generate-outline`, {}, token)).status).toBe(404);
      expect((await call('GET', `/projects/orchestration/${id}/status`, undefined, token)).status).toBe(404);
      expect((await call('GET', `/projects/${id}/download/pdf`, undefined, token)).status).toBe(404);
      expect((await call('POST', `/projects/${id}/cancel`, undefined, token)).status).toBe(404);
    }
  });

  it('lets anyone with its unguessable id open an anonymous project', async () => {
    const created = await call('POST', '/projects', { ...brief, topic: brief.book_idea });
    const id = created.body.project_id as string;
    expect((await call('GET', `/projects/${id}`, undefined, await signUp())).status).toBe(200);
    expect((await call('GET', `/projects/${randomUUID()}`)).status).toBe(404);
    expect((await call('GET', '/projects/not-a-uuid')).status).toBe(404);
  });

  it('still refuses a bad token on the open routes', async () => {
    expect((await call('GET', '/projects/providers', undefined, 'garbage')).status).toBe(401);
  });
});
