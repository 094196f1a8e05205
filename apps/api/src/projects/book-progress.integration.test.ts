import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeneratedChapter, saveBookProgress } from '../../../../libs/db/index.ts';
import type { Config } from '../../../../libs/config/index.ts';
import { eventually, startEngine, testConfig, type Engine } from '../../../../testing/index.ts';
import { OwnTemporal } from '../../../../testing/own-temporal.ts';
import { apiClient, serveApi, type Json } from '../../../../testing/test-server.ts';
import { BookProgressFeed } from './book-progress-feed.ts';

// Issue 32: the pages' status reads the progress row the book's activities write, and streams hear it change by NOTIFY.
// The file has a Temporal server of its own, so stopping it disturbs no other file.
const base = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', GENERATION_RATE_LIMIT_PER_HOUR: '1000', TEMPORAL_TASK_QUEUE: `book-progress-${randomUUID()}` });
let temporal: OwnTemporal;
let config: Config;
let engine: Engine;
const replicas: { app: INestApplication; url: string }[] = [];

beforeAll(async () => {
  temporal = await OwnTemporal.start(base.TEMPORAL_NAMESPACE);
  config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', GENERATION_RATE_LIMIT_PER_HOUR: '1000', TEMPORAL_TASK_QUEUE: base.TEMPORAL_TASK_QUEUE, TEMPORAL_ADDRESS: temporal.address });
  engine = await startEngine(config);
  // Two API replicas over the same database: the second never runs the request that started a stage.
  replicas.push(await serveApi(config), await serveApi(config));
}, 120_000);

afterAll(async () => {
  temporal?.resume();
  for (const replica of replicas) await replica.app.close();
  await engine?.stop();
  await temporal?.destroy();
});

const { call } = apiClient(() => replicas[0]?.url ?? '');
const brief = { title: 'Tide Tables', author: 'Ada Writer', book_idea: 'Reading the sea by its tides, for small-boat sailors', ai_model: 'mock', total_target_words: 10_000 };

/** Answers within `ms` or fails: a read that waited for the stopped Temporal would hang here. */
async function quickly<T>(read: () => Promise<T>, ms = 2000): Promise<T> {
  const started = Date.now();
  const value = await Promise.race([read(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);
  expect(Date.now() - started).toBeLessThan(ms);
  return value;
}

describe('status from the database', () => {
  it('serves a book’s status, progress and writing flag with the Temporal server stopped', async () => {
    const auto = (await call('POST', '/projects/generate-complete', { ...brief, chapters_to_generate: null, include_cover: false, formats: ['pdf'] })).body.project_id as string;
    const step = (await call('POST', '/projects', { ...brief, topic: brief.book_idea })).body.project_id as string;
    expect((await call('POST', `/projects/${step}/generate-outline`, { ai_model: 'mock' })).status).toBe(200);
    const done = await eventually(() => call('GET', `/projects/orchestration/${auto}/status`), (r) => r.body.status === 'completed' || r.body.status === 'failed', 90_000);
    expect(done.body).toMatchObject({ status: 'completed', progress: 100, toc_details: { chapter_count: 3 }, chapters: { 1: 'generated', 2: 'generated', 3: 'generated' } });
    const outlined = (await call('GET', `/projects/${step}/lifecycle`)).body;
    expect(outlined).toMatchObject({ stage: 'generating_outline', chapterCount: 3, chapters: { 1: 'pending', 2: 'pending', 3: 'pending' } });
    expect((outlined.history as Json[]).at(-1)).toMatchObject({ stage: 'generating_outline', completed: true });

    temporal.pause();
    try {
      const status = await quickly(() => call('GET', `/projects/orchestration/${auto}/status`));
      expect(status.status).toBe(200);
      expect(status.body).toEqual(done.body);
      const lifecycle = await quickly(() => call('GET', `/projects/${auto}/lifecycle`));
      expect(lifecycle.body).toMatchObject({ stage: 'complete', percent: 100, wordsSoFar: done.body.words_so_far });
      expect(await quickly(() => call('GET', `/projects/${step}/lifecycle`))).toMatchObject({ status: 200, body: outlined });
      expect(await quickly(() => call('GET', `/projects/${step}/writing`))).toMatchObject({ status: 200, body: { writing: false } });
      expect(await quickly(() => call('GET', `/projects/orchestration/${step}/status`))).toMatchObject({ status: 200, body: { status: 'running', current_step: 'generating_outline' } });
    } finally {
      temporal.resume();
    }

    // The server is back: the step book takes its next stage, and its row says so.
    expect((await call('POST', `/projects/${step}/generate-introduction`)).status).toBe(200);
    const introduced = (await call('GET', `/projects/${step}/lifecycle`)).body;
    expect((introduced.history as Json[]).at(-1)).toMatchObject({ stage: 'generating_introduction', completed: true });
  }, 150_000);
});

describe('the status stream', () => {
  it('pushes a book’s status as it changes until it is complete, on either replica', async () => {
    const id = (await call('POST', '/projects/generate-complete', { ...brief, chapters_to_generate: null, include_cover: false, formats: ['pdf'] })).body.project_id as string;
    const statuses: Json[] = [];
    // The stream ends after its lifetime; the page opens the next one, as here, until the book is final.
    for (let i = 0; i < 10 && statuses.at(-1)?.status !== 'completed'; i++) {
      const response = await fetch(`${replicas[i % 2]!.url}/api/projects/orchestration/${id}/status/stream`, { headers: { Accept: 'text/event-stream' } });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      for (const block of (await response.text()).split('\n\n')) {
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (/^event: status$/m.test(block) && data) statuses.push(JSON.parse(data) as Json);
      }
    }
    expect(statuses.at(-1)).toMatchObject({ status: 'completed', progress: 100, project_id: id });
    expect(statuses.length).toBeGreaterThan(2);
    const progress = statuses.map((s) => s.progress as number);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // Each event is a change: no status is sent twice in a row.
    statuses.slice(1).forEach((s, i) => expect(s).not.toEqual(statuses[i]));
  }, 120_000);

  it('answers a book that is not the caller’s with 404 and no stream', async () => {
    const mine = (await call('POST', '/projects', { ...brief, topic: brief.book_idea }, await apiClient(() => replicas[0]!.url).signUp())).body.project_id as string;
    const response = await fetch(`${replicas[0]!.url}/api/projects/orchestration/${mine}/status/stream`);
    expect(response.status).toBe(404);
  });
});

describe('the chapter stream', () => {
  it('hears a change of a book’s progress row on another replica through NOTIFY', async () => {
    const id = (await call('POST', '/projects', { ...brief, topic: brief.book_idea })).body.project_id as string;
    const feed = replicas[1]!.app.get(BookProgressFeed);
    await feed.listen();
    let unfollow = () => {};
    const heard = new Promise<number>((resolve) => (unfollow = feed.follow(id, () => resolve(Date.now()))));
    const written = Date.now();
    // The worker's own connection writes, as its activities do.
    await saveBookProgress(engine.deps.orm.em.fork(), { projectId: id, mode: 'step', stage: 'generating_outline', percent: 5, message: 'Planning', history: [], currentChapter: null, chapterCount: 0, chapters: {}, chapterWords: {}, wordsSoFar: 0, failedStage: null, error: null });
    const at = await Promise.race([heard, new Promise<null>((r) => setTimeout(() => r(null), 1500))]);
    unfollow();
    expect(at).not.toBeNull();
    expect((at ?? Infinity) - written).toBeLessThan(1500);
  });

  it('reports each chapter from the progress row on a replica that did not start the book', async () => {
    const id = (await call('POST', '/projects', { ...brief, topic: brief.book_idea })).body.project_id as string;
    await call('POST', `/projects/${id}/generate-outline`, { ai_model: 'mock' });
    const response = await fetch(`${replicas[1]!.url}/api/projects/${id}/generate-chapters/stream`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ chapters_to_generate: null, ai_model: 'mock' }),
    });
    const events = (await response.text())
      .trim()
      .split('\n\n')
      .map((block) => {
        const [eventLine, dataLine] = block.split('\n');
        return { event: eventLine?.replace('event: ', ''), data: JSON.parse(dataLine?.replace('data: ', '') ?? '{}') as Record<string, number> };
      });
    const chapters = await engine.deps.orm.em.fork().find(GeneratedChapter, { project: id }, { orderBy: { number: 'asc' } });
    expect(chapters).toHaveLength(3);
    expect(events.filter((e) => e.event === 'chapter_start').map((e) => e.data.chapter_number).sort()).toEqual([1, 2, 3]);
    const completes = events.filter((e) => e.event === 'chapter_complete').map((e) => [e.data.chapter_number, e.data.word_count]);
    expect(completes.sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))).toEqual(chapters.map((c) => [c.number, c.wordCount]));
    expect(events.at(-1)).toEqual({ event: 'all_complete', data: { chapters_generated: 3, total_word_count: chapters.reduce((sum, c) => sum + c.wordCount, 0) } });
    expect((await call('GET', `/projects/${id}/lifecycle`)).body).toMatchObject({ chapters: { 1: 'generated', 2: 'generated', 3: 'generated' }, wordsSoFar: chapters.reduce((sum, c) => sum + c.wordCount, 0) });
  }, 90_000);
});
