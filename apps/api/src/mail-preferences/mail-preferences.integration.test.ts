import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailPreferencesView } from '../../../../libs/contracts/index.ts';
import { MailPreferenceMessages, MUST_KNOW_NOTE } from '../../../../libs/domain/index.ts';
import { testConfig } from '../../../../testing/index.ts';
import { sql } from '../../../../testing/sql.ts';
import { createApp } from '../app.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
let app: INestApplication;
let base: string;

async function call(method: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}/api/profile/mail-preferences`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as MailPreferencesView & { message?: string } };
}

async function signUp(): Promise<{ token: string; id: string }> {
  const response = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: `mail-${randomUUID()}@example.com`, password: 'a sturdy passphrase' }) });
  const answer = (await response.json()) as { access_token: string; user: { id: string } };
  return { token: answer.access_token, id: answer.user.id };
}

const choices = (view: MailPreferencesView) => Object.fromEntries(view.categories.map((c) => [c.category, c.choice]));

beforeAll(async () => {
  app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  base = await app.getUrl();
});
afterAll(async () => {
  await app.close();
});

describe('GET|PUT /api/profile/mail-preferences', () => {
  it("answers the caller's own choices, the defaults until they choose, and keeps what they save", async () => {
    expect((await call('GET')).status).toBe(401);
    const author = await signUp();
    const other = await signUp();
    const first = await call('GET', author.token);
    expect(first.status).toBe(200);
    expect(first.body.must_know).toBe(MUST_KNOW_NOTE);
    expect(choices(first.body)).toEqual({ print_progress: 'digest', elite_progress: 'digest' });

    const saved = await call('PUT', author.token, { print_progress: 'off' });
    expect(saved.status).toBe(200);
    expect(choices(saved.body)).toEqual({ print_progress: 'off', elite_progress: 'digest' });
    expect(choices((await call('PUT', author.token, { elite_progress: 'now' })).body)).toEqual({ print_progress: 'off', elite_progress: 'now' });
    expect(choices((await call('GET', author.token)).body)).toEqual({ print_progress: 'off', elite_progress: 'now' });
    expect(choices((await call('GET', other.token)).body)).toEqual({ print_progress: 'digest', elite_progress: 'digest' });
  });

  it('refuses a choice that is not one, and the team’s own mail to an author; a team member chooses it too', async () => {
    const author = await signUp();
    for (const body of [{ print_progress: 'sometimes' }, { print_progress: null }, { elite_progress: 3 }]) {
      const refused = await call('PUT', author.token, body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(MailPreferenceMessages.choice(Object.keys(body)[0] as string));
    }
    const team = await call('PUT', author.token, { elite_team: 'off' });
    expect(team.status).toBe(400);
    expect(team.body.message).toBe(MailPreferenceMessages.unknown('elite_team'));
    expect(choices((await call('GET', author.token)).body)).toEqual({ print_progress: 'digest', elite_progress: 'digest' });

    const member = await signUp();
    await sql(config.DATABASE_URL, `update profiles set role = 'elite_team' where id = $1`, [member.id]);
    expect(choices((await call('GET', member.token)).body)).toEqual({ print_progress: 'digest', elite_progress: 'digest', elite_team: 'now' });
    const chosen = await call('PUT', member.token, { elite_team: 'digest' });
    expect(chosen.status).toBe(200);
    expect(choices(chosen.body).elite_team).toBe('digest');
  });
});
