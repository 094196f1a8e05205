import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookRequest, User } from '../../../../libs/db/index.ts';
import { openDeps, testConfig } from '../../../../testing/index.ts';
import { createApp } from '../app.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
let app: INestApplication;
let base: string;
let deps: Awaited<ReturnType<typeof openDeps>>;

beforeAll(async () => {
  deps = await openDeps(config);
  app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  base = await app.getUrl();
});
afterAll(async () => {
  await app?.close();
  await deps?.close();
});

async function signUp(): Promise<{ token: string; id: string }> {
  const response = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `r-${randomUUID()}@example.com`, password: 'a sturdy passphrase' }),
  });
  const body = (await response.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, id: body.user.id };
}

async function addRequest(userId: string, topic: string, createdAt: Date): Promise<void> {
  const em = deps.orm.em.fork();
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

describe('GET /api/book-requests', () => {
  it("lists only the caller's requests, newest first", async () => {
    const alice = await signUp();
    const bob = await signUp();
    await addRequest(alice.id, 'Older', new Date(Date.now() - 60_000));
    await addRequest(alice.id, 'Newer', new Date());
    await addRequest(bob.id, "Bob's", new Date());

    const list = async (token: string) =>
      (await (await fetch(`${base}/api/book-requests`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { book_topic: string; user_id: string; status: string }[];
    const alices = await list(alice.token);
    expect(alices.map((r) => r.book_topic)).toEqual(['Newer', 'Older']);
    expect(alices.every((r) => r.user_id === alice.id && r.status === 'pending')).toBe(true);
    expect((await list(bob.token)).map((r) => r.book_topic)).toEqual(["Bob's"]);
  });

  it('needs a signed-in caller', async () => {
    expect((await fetch(`${base}/api/book-requests`)).status).toBe(401);
  });
});
