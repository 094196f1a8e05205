import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '../libs/domain/index.ts';
import { engineForFile, type Engine } from './index.ts';
import { grantBookCredit } from './purchases.ts';
import { sql } from './sql.ts';
import type { Config } from '../libs/config/index.ts';
import { createApp } from '../apps/api/src/app.ts';

/** The API over the test profile's services, started before a file's tests and stopped after them. */
export function serveForFile(config: Readonly<Config>): { readonly url: string; readonly app: INestApplication } {
  const served = { url: '' } as { url: string; app: INestApplication };
  beforeAll(async () => {
    ({ app: served.app, url: served.url } = await serveApi(config));
  });
  afterAll(async () => {
    await served.app?.close();
  });
  return served;
}

/** The API and a worker over the test profile's services, started before a file's tests and stopped after them. */
export function serveWithWorker(config: Readonly<Config>): { readonly url: string; readonly app: INestApplication; readonly engine: Engine } {
  const engine = engineForFile(config);
  const served = serveForFile(config);
  return {
    engine,
    get url() {
      return served.url;
    },
    get app() {
      return served.app;
    },
  };
}

/** Confirms an account's e-mail as following its mailed link would (for tests whose subject is not the link itself). */
export async function markVerified(userId: string, databaseUrl = process.env.DATABASE_URL ?? ''): Promise<void> {
  await sql(databaseUrl, 'update users set email_verified = true, pending_email = null, pending_email_token_hash = null, pending_email_expires_at = null where id = $1', [userId]);
}

/** The whole API on a free loopback port, for integration tests. */
export async function serveApi(config: Readonly<Config>): Promise<{ app: INestApplication; url: string }> {
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  return { app, url: await app.getUrl() };
}

export type Json = Record<string, unknown> & { message?: string };

/** JSON calls to `/api` of a server whose address is known once it listens; the token, when given, is sent. */
export function apiClient(baseUrl: () => string) {
  async function call(method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
  }
  /** A new account; its access token. */
  async function signUp(): Promise<string> {
    return (await signUpAccount()).token;
  }
  /** A new account, its e-mail confirmed unless `verified: false` (unconfirmed accounts may not buy or order prints). */
  async function signUpAccount({ verified = true } = {}): Promise<{ token: string; id: string }> {
    const { body } = await call('POST', '/auth/signup', { email: `t-${randomUUID()}@example.com`, password: 'a sturdy passphrase' });
    const id = (body.user as { id: string }).id;
    if (verified) await markVerified(id);
    return { token: body.access_token as string, id };
  }
  /** A new account with this role (roles are checked against the database on every request); its access token. */
  async function signUpAs(role: Role, databaseUrl: string): Promise<string> {
    const { token, id } = await signUpAccount();
    await sql(databaseUrl, 'update profiles set role = $1 where id = $2', [role, id]);
    return token;
  }
  /** A new author's step-mode book (3 chapters, the `anthropic` provider) with its outline and chapter 1 written. */
  async function stepBookWithChapterOne(databaseUrl: string): Promise<{ token: string; projectId: string }> {
    const { token, id } = await signUpAccount();
    await grantBookCredit(databaseUrl, id);
    const created = await call('POST', '/projects', { title: 'Remote Leadership', author: 'Ada Writer', book_idea: 'How small companies lead distributed teams with trust and rituals', ai_model: 'anthropic', total_target_words: 10_000, chapter_count: 3 }, token);
    if (created.status !== 201) throw new Error(`creating the book answered ${created.status}`);
    const projectId = created.body.project_id as string;
    for (const [path, body] of [['generate-outline', {}], ['generate-chapters', { chapters_to_generate: [1] }]] as const) {
      const answered = await call('POST', `/projects/${projectId}/${path}`, body, token);
      if (answered.status !== 200) throw new Error(`${path} answered ${answered.status}`);
    }
    return { token, projectId };
  }

  return { call, signUp, signUpAccount, signUpAs, stepBookWithChapterOne };
}
