import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages, DEFAULT_TEAM_DISPLAY_NAME, TeamMessages } from '../../../../../libs/domain/index.ts';
import { testConfig } from '../../../../../testing/index.ts';
import { repoRoot } from '../../../../../scripts/stack/profile.ts';
import { createApp } from '../../app.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
let app: INestApplication;
let base: string;

async function call(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> & Record<string, unknown>[] };
}

async function signIn(email: string, password: string): Promise<string> {
  const answer = await call('POST', '/api/auth/token?grant_type=password', undefined, { email, password });
  expect(answer.status).toBe(200);
  return answer.body.access_token as string;
}

async function signUp(email: string): Promise<{ token: string; id: string }> {
  const answer = await call('POST', '/api/auth/signup', undefined, { email, password: 'a sturdy passphrase' });
  return { token: answer.body.access_token as string, id: (answer.body.user as { id: string }).id };
}

const run = promisify(execFile);
async function createAdmin(email: string): Promise<string> {
  const { stdout } = await run(process.execPath, [join(repoRoot, 'scripts/create-admin.ts'), email], { env: process.env });
  return stdout;
}

const tag = randomUUID().slice(0, 8);
let adminToken: string;
let user: { token: string; id: string };

beforeAll(async () => {
  app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  base = await app.getUrl();
  const adminEmail = `admin-${tag}@example.com`;
  const printed = await createAdmin(adminEmail);
  const password = /with password: (\S+)/.exec(printed)?.[1];
  expect(password).toBeTruthy();
  adminToken = await chooseOwnPassword(adminEmail, password as string);
  user = await signUp(`writer-${tag}@example.com`);
});

/** The one-time password opens nothing but the change of itself; the admin's own password then opens the back office. */
async function chooseOwnPassword(email: string, oneTime: string): Promise<string> {
  const signedIn = await call('POST', '/api/auth/token?grant_type=password', undefined, { email, password: oneTime });
  expect((signedIn.body.user as Record<string, unknown>).password_change_required).toBe(true);
  const token = signedIn.body.access_token as string;
  expect(await call('GET', '/api/admin/users', token)).toMatchObject({ status: 403, body: { message: AuthMessages.passwordChangeRequired } });
  const changed = await call('PUT', '/api/auth/user', token, { password: 'an admin’s own sturdy passphrase', current_password: oneTime });
  expect(changed.status).toBe(200);
  expect(changed.body.password_change_required).toBeUndefined();
  expect((await call('GET', '/api/admin/users', token)).status).toBe(200);
  return signIn(email, 'an admin’s own sturdy passphrase');
}
afterAll(async () => {
  await app?.close();
});

describe('npm run create-admin', () => {
  it('promotes an existing account', async () => {
    const email = `promoted-${tag}@example.com`;
    const { token } = await signUp(email);
    expect((await call('GET', '/api/profile', token)).body.role).toBe('user');
    expect(await createAdmin(email)).toContain('is now an admin');
    expect((await call('GET', '/api/profile', token)).body.role).toBe('admin');
  });
});

describe('/api/admin/users', () => {
  it('is closed to plain users and to signed-out callers', async () => {
    expect((await call('GET', '/api/admin/users', user.token)).status).toBe(403);
    expect((await call('GET', '/api/admin/users', user.token)).body.message).toBe(AuthMessages.forbidden);
    expect((await call('GET', '/api/admin/users')).status).toBe(401);
  });

  it('lists users with search, sort, range and Content-Range for react-admin', async () => {
    const filter = encodeURIComponent(JSON.stringify({ q: tag }));
    const answer = await call('GET', `/api/admin/users?filter=${filter}&sort=${encodeURIComponent('["email","ASC"]')}&range=[0,1]`, adminToken);
    expect(answer.status).toBe(200);
    const emails = (answer.body as unknown as { email: string }[]).map((r) => r.email);
    expect(emails).toEqual([`admin-${tag}@example.com`, `promoted-${tag}@example.com`].sort().slice(0, 2));
    expect(answer.headers.get('content-range')).toMatch(/^users 0-1\/3$/);
  });

  it('answers bad list parameters with 400', async () => {
    const answer = await call('GET', `/api/admin/users?sort=${encodeURIComponent('["password_hash","ASC"]')}`, adminToken);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^sort must be/);
  });

  it('shows one user and lets only an admin change the role', async () => {
    const shown = await call('GET', `/api/admin/users/${user.id}`, adminToken);
    expect(shown.body).toMatchObject({ id: user.id, role: 'user' });

    const promoted = await call('PUT', `/api/admin/users/${user.id}`, adminToken, { role: 'elite_team' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('elite_team');

    // Now Elite team: may read the back office, may not change roles (checked against the current role, not the token's).
    expect((await call('GET', '/api/admin/users', user.token)).status).toBe(200);
    const refused = await call('PUT', `/api/admin/users/${user.id}`, user.token, { role: 'admin' });
    expect(refused.status).toBe(403);

    const invalid = await call('PUT', `/api/admin/users/${user.id}`, adminToken, { role: 'owner' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('role must be one of user, elite_team, admin');
    expect((await call('GET', `/api/admin/users/${randomUUID()}`, adminToken)).status).toBe(404);
  });

  it('keeps an admin from changing their own role, so the back office never loses its last admin', async () => {
    const search = encodeURIComponent(JSON.stringify({ q: `admin-${tag}` }));
    const [self] = (await call('GET', `/api/admin/users?filter=${search}`, adminToken)).body as unknown as { id: string; role: string }[];
    expect(self).toMatchObject({ role: 'admin' });

    expect(await call('PUT', `/api/admin/users/${self!.id}`, adminToken, { role: 'user' })).toMatchObject({ status: 403, body: { message: TeamMessages.ownRole } });
    expect((await call('GET', `/api/admin/users/${self!.id}`, adminToken)).body.role).toBe('admin');
    expect((await call('GET', '/api/admin/users', adminToken)).status).toBe(200);
    // Their own name, and their own role unchanged, are still theirs to save.
    const renamed = await call('PUT', `/api/admin/users/${self!.id}`, adminToken, { role: 'admin', display_name: 'Ada from Pressroom' });
    expect(renamed).toMatchObject({ status: 200, body: { role: 'admin' } });
  });

  it('names team members as authors see them: a member sets their own display name, an admin anyone’s', async () => {
    // user is on the Elite team by now (the test before).
    expect((await call('GET', '/api/admin/profile', user.token)).body).toMatchObject({ id: user.id, display_name: null, public_name: DEFAULT_TEAM_DISPLAY_NAME });
    const own = await call('PUT', '/api/admin/profile', user.token, { display_name: '  Sam from Pressroom ' });
    expect(own).toMatchObject({ status: 200, body: { display_name: 'Sam from Pressroom', public_name: 'Sam from Pressroom' } });
    expect((await call('GET', `/api/admin/users/${user.id}`, adminToken)).body).toMatchObject({ display_name: 'Sam from Pressroom', public_name: 'Sam from Pressroom', role: 'elite_team' });
    // An address is no name to show authors, and a name has a length limit.
    expect(await call('PUT', '/api/admin/profile', user.token, { display_name: `sam-${tag}@example.com` })).toMatchObject({ status: 400, body: { message: TeamMessages.displayNameLooksLikeAddress } });
    expect(await call('PUT', '/api/admin/profile', user.token, { display_name: 'S'.repeat(61) })).toMatchObject({ status: 400, body: { message: TeamMessages.displayNameTooLong } });
    expect(await call('PUT', '/api/admin/profile', user.token, { display_name: 42 })).toMatchObject({ status: 400, body: { message: TeamMessages.displayNameRequired } });
    // Only an admin renames someone else; a blank name returns to the team's.
    expect((await call('PUT', `/api/admin/users/${user.id}`, user.token, { display_name: 'Someone' })).status).toBe(403);
    const renamed = await call('PUT', `/api/admin/users/${user.id}`, adminToken, { display_name: 'Sam P.' });
    expect(renamed.body).toMatchObject({ display_name: 'Sam P.', role: 'elite_team' });
    expect((await call('PUT', `/api/admin/users/${user.id}`, adminToken, { display_name: ' ' })).body).toMatchObject({ display_name: null, public_name: DEFAULT_TEAM_DISPLAY_NAME });
    // Not for plain users.
    const plain = await signUp(`plain-${tag}@example.com`);
    expect((await call('GET', '/api/admin/profile', plain.token)).status).toBe(403);
  });
});
