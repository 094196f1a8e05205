import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { BookRequest, User } from '../../../../libs/db/index.ts';
import { BookRequestAccountMessages, BookRequestFieldMessages, BookRequestMessages, bookRequestWorkflowId, InputMessages } from '../../../../libs/domain/index.ts';
import { eventually, testConfig } from '../../../../testing/index.ts';
import { mailTo, waitForMail } from '../../../../testing/mail-inbox.ts';
import { apiClient, serveApi, serveWithWorker } from '../../../../testing/test-server.ts';

// A task queue of this file's own: the workflows these requests start run on this file's worker.
const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', TEMPORAL_TASK_QUEUE: `book-requests-${randomUUID()}` });
const served = serveWithWorker(config);
const { call, signUpAccount } = apiClient(() => served.url);

const started: string[] = [];
afterAll(async () => {
  // Requests wait for the team for ever; this file's are ended with it.
  await Promise.all(started.map((id) => served.engine.client.workflow.getHandle(bookRequestWorkflowId(id)).terminate('test over').catch(() => undefined)));
});

async function addRequest(userId: string, topic: string, createdAt: Date): Promise<void> {
  const em = served.engine.deps.orm.em.fork();
  em.create(BookRequest, {
    id: randomUUID(),
    user: em.getReference(User, userId),
    name: 'Writer',
    email: 'writer@example.com',
    bookTopic: topic,
    bookStyle: 'executive-memoir',
    bookDescription: 'A description.',
    status: 'pending',
    createdAt,
  });
  await em.flush();
}

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Writer',
  email: `author-${randomUUID()}@example.com`,
  book_topic: `Negotiation for engineers ${randomUUID().slice(0, 8)}`,
  book_style: 'executive-memoir',
  book_description: 'How engineers win the negotiations nobody trained them for.',
  additional_notes: 'A short book, please.',
  ...overrides,
});

describe('GET /api/book-requests', () => {
  it("lists only the caller's requests, newest first", async () => {
    const alice = await signUpAccount();
    const bob = await signUpAccount();
    await addRequest(alice.id, 'Older', new Date(Date.now() - 60_000));
    await addRequest(alice.id, 'Newer', new Date());
    await addRequest(bob.id, "Bob's", new Date());

    const list = async (token: string) => (await call('GET', '/book-requests', undefined, token)).body as unknown as { book_topic: string; user_id: string; status: string }[];
    const alices = await list(alice.token);
    expect(alices.map((r) => r.book_topic)).toEqual(['Newer', 'Older']);
    expect(alices.every((r) => r.user_id === alice.id && r.status === 'pending')).toBe(true);
    expect((await list(bob.token)).map((r) => r.book_topic)).toEqual(["Bob's"]);
  });

  it('needs a signed-in caller', async () => {
    expect((await call('GET', '/book-requests')).status).toBe(401);
  });
});

describe('POST /api/book-requests', () => {
  it("refuses a signed-out visitor in the spec's words", async () => {
    const answer = await call('POST', '/book-requests', form());
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(BookRequestMessages.signInRequired);
  });

  it('refuses an account whose address is not confirmed, stores nothing and mails no one', async () => {
    const author = await signUpAccount({ verified: false });
    const sent = form();
    const answer = await call('POST', '/book-requests', sent, author.token);
    expect(answer).toMatchObject({ status: 403, body: { message: BookRequestAccountMessages.verifiedEmailRequired } });
    expect(await served.engine.deps.orm.em.fork().count(BookRequest, { user: author.id })).toBe(0);
    expect(await mailTo(sent.email)).toEqual([]);
  });

  it("stores a pending request under the account's own address, starts its workflow, mails the author and support once each, and records the deadline", async () => {
    const author = await signUpAccount();
    const { email: own } = await served.engine.deps.orm.em.fork().findOneOrFail(User, { id: author.id });
    const before = new Date();
    // Whatever address the form names, and whatever the topic says, only the account's own confirmed address hears of it.
    const sent = form({ email: `stranger-${randomUUID()}@example.com`, book_topic: `Click http://phish.example now ${randomUUID().slice(0, 8)}` });
    const answer = await call('POST', '/book-requests', sent, author.token);
    expect(answer.status).toBe(201);
    const id = answer.body.id as string;
    started.push(id);
    expect(answer.body).toMatchObject({
      user_id: author.id,
      name: sent.name,
      email: own,
      book_topic: sent.book_topic,
      book_style: 'executive-memoir',
      book_description: sent.book_description,
      additional_notes: sent.additional_notes,
      status: 'pending',
      overdue_at: null,
    });
    expect((answer.body.status_history as { status: string }[]).map((c) => c.status)).toEqual(['pending']);
    expect((answer.body.status_history as Record<string, unknown>[])[0]).not.toHaveProperty('by');

    // The dashboard lists it.
    const listed = (await call('GET', '/book-requests', undefined, author.token)).body as unknown as { id: string }[];
    expect(listed.map((r) => r.id)).toEqual([id]);

    // The account's users row was touched (the spec's upsert), its e-mail left as it was.
    const user = await served.engine.deps.orm.em.fork().findOneOrFail(User, { id: author.id });
    expect(user.updatedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(user.email).not.toBe(sent.email);

    const description = await served.engine.client.workflow.getHandle(bookRequestWorkflowId(id)).describe();
    expect(description.status.name).toBe('RUNNING');

    const [confirmation] = (await waitForMail(own as string, 2)).filter((mail) => mail.subject.startsWith('We received'));
    expect(confirmation?.subject).toBe(`We received your book request: ${sent.book_topic}`);
    const notices = await eventually(
      async () => (await mailTo(config.SUPPORT_EMAIL)).filter((m) => m.subject.includes(sent.book_topic)),
      (found) => found.length >= 1,
    );
    expect(notices.map((m) => m.subject)).toEqual([`New book request from ${sent.name}: ${sent.book_topic}`]);

    const row = await eventually(
      () => served.engine.deps.orm.em.fork().findOneOrFail(BookRequest, { id }),
      (r) => r.respondBy !== null && r.respondBy !== undefined,
    );
    const promised = (row.respondBy as Date).getTime() - row.createdAt.getTime();
    expect(promised).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(promised).toBeLessThan(24 * 3600_000 + 60_000);
    // The author's confirmation is sent before the team's notice, so by now a message to the stranger would be here.
    expect(await mailTo(sent.email)).toEqual([]);
    expect((await mailTo(own as string)).filter((mail) => mail.subject.startsWith('We received')).length).toBe(1);
  });

  it('keys the style the way the dashboard shows it and leaves an empty one out', async () => {
    const { token } = await signUpAccount();
    const spaced = await call('POST', '/book-requests', form({ book_style: '  Executive Memoir ' }), token);
    expect(spaced.status).toBe(201);
    expect(spaced.body.book_style).toBe('executive-memoir');
    const empty = await call('POST', '/book-requests', form({ book_style: '', additional_notes: '' }), token);
    expect(empty.status).toBe(201);
    expect(empty.body).toMatchObject({ book_style: null, additional_notes: null });
    started.push(spaced.body.id as string, empty.body.id as string);
  });

  it.each([
    ['no name', { name: undefined }, 'name', BookRequestFieldMessages.nameRequired],
    ['a blank name', { name: '   ' }, 'name', BookRequestFieldMessages.nameRequired],
    ['no e-mail', { email: undefined }, 'email', BookRequestFieldMessages.emailRequired],
    ['a bad e-mail', { email: 'not-an-address' }, 'email', BookRequestFieldMessages.emailInvalid],
    ['no topic', { book_topic: '' }, 'book_topic', BookRequestFieldMessages.topicRequired],
    ['no description', { book_description: undefined }, 'book_description', BookRequestFieldMessages.descriptionRequired],
    ['a long topic', { book_topic: 'x'.repeat(256) }, 'book_topic', BookRequestFieldMessages.tooLong('Book topic', 255)],
    ['a long description', { book_description: 'x'.repeat(5001) }, 'book_description', BookRequestFieldMessages.tooLong('Book description', 5000)],
    ['a style that is not words', { book_style: '<script>' }, 'book_style', BookRequestFieldMessages.style],
    ['a style that is not text', { book_style: 7 }, 'book_style', BookRequestFieldMessages.style],
    ['a long style', { book_style: 'a'.repeat(61) }, 'book_style', BookRequestFieldMessages.tooLong('Style', 60)],
    ['a NUL character', { book_topic: 'a\u0000b' }, 'book_topic', InputMessages.nulCharacter('book_topic')],
  ])('answers %s with 400 and stores nothing', async (_case, overrides, field, message) => {
    const { token, id } = await signUpAccount();
    const answer = await call('POST', '/book-requests', form(overrides), token);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(answer.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field, messages: expect.arrayContaining([message]) })]));
    expect(await served.engine.deps.orm.em.fork().count(BookRequest, { user: id })).toBe(0);
  });

  it('counts requests against the forms allowance, refused ones too', async () => {
    const limited = await serveApi(testConfig({ FORMS_RATE_LIMIT_PER_HOUR: '1', TRUST_PROXY: 'loopback' }));
    try {
      const address = { 'X-Forwarded-For': `2001:db8:${randomUUID().replace(/-/g, '').slice(0, 24).match(/.{4}/g)?.join(':')}` };
      const { call: limitedCall } = apiClient(() => limited.url);
      expect((await limitedCall('POST', '/book-requests', form(), undefined, address)).status).toBe(401);
      const refused = await limitedCall('POST', '/book-requests', form(), undefined, address);
      expect(refused.status).toBe(429);
      // The Elite project-details form shares the allowance.
      expect((await limitedCall('POST', '/elite/project-details', {}, undefined, address)).status).toBe(429);
    } finally {
      await limited.app.close();
    }
  });
});
