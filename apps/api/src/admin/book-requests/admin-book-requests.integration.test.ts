import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookRequest, User } from '../../../../../libs/db/index.ts';
import { AuthMessages, BookRequestStatusMessages, bookRequestWorkflowId } from '../../../../../libs/domain/index.ts';
import { eventually, testConfig } from '../../../../../testing/index.ts';
import { apiClient, serveWithWorker, type Json } from '../../../../../testing/test-server.ts';
import type { bookRequestWorkflow } from '../../../../../workflows/book-request/workflow.ts';

// A task queue of this file's own: the workflows these requests start run on this file's worker.
const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', TEMPORAL_TASK_QUEUE: `admin-book-requests-${randomUUID()}` });
const served = serveWithWorker(config);
const { call, signUp, signUpAccount, signUpAs } = apiClient(() => served.url);

const tag = randomUUID().slice(0, 8);
let team: string;
let teamEmail: string;
let author: { token: string; id: string };
const started: string[] = [];

beforeAll(async () => {
  team = await signUpAs('elite_team', config.DATABASE_URL);
  teamEmail = (await call('GET', '/profile', undefined, team)).body.email as string;
  author = await signUpAccount();
});
afterAll(async () => {
  await Promise.all(started.map((id) => served.engine.client.workflow.getHandle(bookRequestWorkflowId(id)).terminate('test over').catch(() => undefined)));
});

async function submit(topic: string): Promise<string> {
  const answer = await call('POST', '/book-requests', { name: 'Ada Writer', email: `author-${randomUUID()}@example.com`, book_topic: topic, book_description: 'A book the team should write.' }, author.token);
  expect(answer.status).toBe(201);
  started.push(answer.body.id as string);
  return answer.body.id as string;
}

const setStatus = (id: string, status: string, token = team) => call('POST', `/admin/book-requests/${id}/status`, { status }, token);
const history = (body: Json) => (body.status_history as { status: string; by: string }[]).map((c) => [c.status, c.by]);

describe('/api/admin/book-requests', () => {
  it('is closed to plain users and to signed-out callers', async () => {
    const id = await submit(`Closed ${tag}`);
    const user = await signUp();
    for (const [method, path] of [['GET', '/admin/book-requests'], ['GET', `/admin/book-requests/${id}`], ['POST', `/admin/book-requests/${id}/status`]] as const) {
      const refused = await call(method, path, method === 'POST' ? { status: 'in_progress' } : undefined, user);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(AuthMessages.forbidden);
      expect((await call(method, path, method === 'POST' ? { status: 'in_progress' } : undefined)).status).toBe(401);
    }
    expect((await served.engine.deps.orm.em.fork().findOneOrFail(BookRequest, { id })).status).toBe('pending');
  });

  it('lists with search, a status filter, sort, range and Content-Range', async () => {
    const own = randomUUID().slice(0, 8);
    const first = await submit(`Sailing ${own} one`);
    const second = await submit(`Sailing ${own} two`);
    await submit(`Gardening ${own}`);
    expect((await setStatus(second, 'in_progress')).status).toBe(200);

    const list = async (filter: object, extra = '') => {
      const answer = await call('GET', `/admin/book-requests?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`, undefined, team);
      expect(answer.status).toBe(200);
      return answer as { status: number; body: Json & Json[] };
    };
    const sailing = await list({ q: `Sailing ${own}` }, `&sort=${encodeURIComponent('["book_topic","DESC"]')}&range=[0,0]`);
    expect(sailing.body.map((r) => r.id)).toEqual([second]);
    const pending = await list({ q: own, status: 'pending' }, `&sort=${encodeURIComponent('["book_topic","ASC"]')}`);
    expect(pending.body.map((r) => r.book_topic)).toEqual([`Gardening ${own}`, `Sailing ${own} one`]);
    expect(pending.body.find((r) => r.id === first)?.next_statuses).toEqual(['in_progress', 'cancelled']);
    const byId = await list({ id: [first, second] });
    expect(byId.body.map((r) => r.id).sort()).toEqual([first, second].sort());

    const ranged = await call('GET', `/admin/book-requests?filter=${encodeURIComponent(JSON.stringify({ q: own }))}&range=[0,1]`, undefined, team);
    expect(ranged.body as unknown as unknown[]).toHaveLength(2);
    const counted = await fetch(`${served.url}/api/admin/book-requests?filter=${encodeURIComponent(JSON.stringify({ q: own }))}&range=[0,1]`, { headers: { Authorization: `Bearer ${team}` } });
    expect(counted.headers.get('content-range')).toMatch(/^book-requests 0-1\/[3-9]\d*$/);

    const badStatus = await call('GET', `/admin/book-requests?filter=${encodeURIComponent(JSON.stringify({ status: 'lost' }))}`, undefined, team);
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toBe('filter.status must be one of pending, in_progress, completed, cancelled');
  });

  it('moves a request pending → in_progress → completed through its workflow, refusing jumps', async () => {
    const id = await submit(`Lifecycle ${tag}`);
    const handle = served.engine.client.workflow.getHandle<typeof bookRequestWorkflow>(bookRequestWorkflowId(id));

    const skipped = await setStatus(id, 'completed');
    expect(skipped.status).toBe(400);
    expect(skipped.body.message).toBe('This request is pending: it can become in_progress or cancelled, not completed');

    const begun = await setStatus(id, 'in_progress');
    expect(begun.status).toBe(200);
    expect(begun.body).toMatchObject({ id, status: 'in_progress', next_statuses: ['completed', 'cancelled'] });
    expect(history(begun.body)).toEqual([['pending', (await call('GET', '/profile', undefined, author.token)).body.email], ['in_progress', teamEmail]]);

    const back = await setStatus(id, 'pending');
    expect(back.status).toBe(400);
    expect(back.body.message).toBe('This request is in_progress: it can become completed or cancelled, not pending');

    const done = await setStatus(id, 'completed');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', next_statuses: [] });
    expect(history(done.body).map(([status]) => status)).toEqual(['pending', 'in_progress', 'completed']);
    expect(await handle.result()).toEqual({ status: 'completed' });

    // The run has ended: the row says why nothing more can change.
    const after = await setStatus(id, 'cancelled');
    expect(after.status).toBe(400);
    expect(after.body.message).toBe(BookRequestStatusMessages.final('completed'));

    // The author sees the timeline without the team's addresses.
    const mine = (await call('GET', '/book-requests', undefined, author.token)).body as unknown as Json[];
    const shown = mine.find((r) => r.id === id) as Json;
    expect(shown.status).toBe('completed');
    expect((shown.status_history as object[]).every((c) => !('by' in c))).toBe(true);
  });

  it('cancels a pending request and ends its workflow', async () => {
    const id = await submit(`Cancelled ${tag}`);
    const cancelled = await setStatus(id, 'cancelled');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await served.engine.client.workflow.getHandle<typeof bookRequestWorkflow>(bookRequestWorkflowId(id)).result()).toEqual({ status: 'cancelled' });
  });

  it('answers a bad status with 400, an unknown request with 404, a request without a workflow with 409', async () => {
    const id = await submit(`Bad input ${tag}`);
    const invalid = await setStatus(id, 'archived');
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('status must be one of pending, in_progress, completed, cancelled');
    expect((await setStatus(randomUUID(), 'in_progress')).status).toBe(404);
    expect((await call('GET', `/admin/book-requests/${randomUUID()}`, undefined, team)).status).toBe(404);
    expect((await call('GET', '/admin/book-requests/not-a-uuid', undefined, team)).status).toBe(400);

    // A row stored before requests had workflows.
    const em = served.engine.deps.orm.em.fork();
    const legacy = em.create(BookRequest, { id: randomUUID(), user: em.getReference(User, author.id), name: 'Old', email: 'old@example.com', bookTopic: `Legacy ${tag}`, bookDescription: 'Before workflows.', status: 'pending', createdAt: new Date() });
    await em.flush();
    const orphan = await setStatus(legacy.id, 'in_progress');
    expect(orphan.status).toBe(409);
    expect(orphan.body.message).toBe(BookRequestStatusMessages.noWorkflow);
  });

  it('records the breach when the deadline passes with the request still pending, and keeps waiting', async () => {
    const em = served.engine.deps.orm.em.fork();
    const request = em.create(BookRequest, { id: randomUUID(), user: em.getReference(User, author.id), name: 'Ada Writer', email: `late-${tag}@example.com`, bookTopic: `Overdue ${tag}`, bookDescription: 'Nobody answered in time.', status: 'pending', createdAt: new Date() });
    await em.flush();
    started.push(request.id);
    await served.engine.client.workflow.start<typeof bookRequestWorkflow>('bookRequestWorkflow', {
      workflowId: bookRequestWorkflowId(request.id),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [{ requestId: request.id, respondWithin: '1 second' }],
    });

    const shown = await eventually(
      async () => (await call('GET', `/admin/book-requests/${request.id}`, undefined, team)).body,
      (body) => body.overdue_at !== null,
    );
    expect(shown.overdue_at).not.toBeNull();
    expect(new Date(shown.overdue_at as string).getTime()).toBeGreaterThanOrEqual(new Date(shown.respond_by as string).getTime());
    expect(new Date(shown.respond_by as string).getTime() - new Date(shown.created_at as string).getTime()).toBeLessThan(60_000);
    const overdueOnly = await call('GET', `/admin/book-requests?filter=${encodeURIComponent(JSON.stringify({ q: tag, overdue: true }))}`, undefined, team);
    expect((overdueOnly.body as unknown as Json[]).map((r) => r.id)).toEqual([request.id]);

    // Late, but the team can still take it on.
    const begun = await setStatus(request.id, 'in_progress');
    expect(begun.status).toBe(200);
    expect(begun.body).toMatchObject({ status: 'in_progress', overdue_at: shown.overdue_at });
  });

  it('lets an answer in time leave no breach', async () => {
    const em = served.engine.deps.orm.em.fork();
    const request = em.create(BookRequest, { id: randomUUID(), user: em.getReference(User, author.id), name: 'Ada Writer', email: `prompt-${tag}@example.com`, bookTopic: `Prompt ${tag}`, bookDescription: 'Answered in time.', status: 'pending', createdAt: new Date() });
    await em.flush();
    started.push(request.id);
    const handle = await served.engine.client.workflow.start<typeof bookRequestWorkflow>('bookRequestWorkflow', {
      workflowId: bookRequestWorkflowId(request.id),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [{ requestId: request.id, respondWithin: '3 seconds' }],
    });
    expect((await setStatus(request.id, 'in_progress')).status).toBe(200);
    expect((await setStatus(request.id, 'completed')).status).toBe(200);
    await handle.result();
    const row = await em.fork().findOneOrFail(BookRequest, { id: request.id });
    expect(row.overdueAt).toBeNull();
    expect(row.respondBy).not.toBeNull();
  });
});
