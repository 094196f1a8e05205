import { createHmac, randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../../libs/config/index.ts';
import { AuthMessages } from '../../../../libs/domain/index.ts';
import { testConfig } from '../../../../testing/index.ts';
import { createApp } from '../app.ts';
import type { SessionView } from '../common/auth.types.ts';

interface Answer<T = Record<string, unknown>> {
  status: number;
  /** The success type, or the JSON error shape. */
  body: T & { message?: string };
  headers: Headers;
}

class Api {
  constructor(readonly url: string) {}

  async call<T = Record<string, unknown>>(method: string, path: string, options: { token?: string; body?: unknown; ip?: string } = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { 'X-Forwarded-For': options.ip ?? randomIp() };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const response = await fetch(`${this.url}${path}`, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as T & { message?: string }, headers: response.headers };
  }

  signUp(email: string, password = 'a sturdy passphrase', extra: object = {}) {
    return this.call<SessionView>('POST', '/api/auth/signup', { body: { email, password, ...extra } });
  }

  signIn(email: string, password: string, ip?: string) {
    return this.call<SessionView>('POST', '/api/auth/token?grant_type=password', { body: { email, password }, ...(ip ? { ip } : {}) });
  }

  refresh(refreshToken: string) {
    return this.call<SessionView>('POST', '/api/auth/token?grant_type=refresh_token', { body: { refresh_token: refreshToken } });
  }
}

/** Each request comes from its own address (via the trusted loopback proxy header), so rate limits do not interfere. */
const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const newEmail = () => `author-${randomUUID()}@example.com`;

async function serve(config: Readonly<Config>): Promise<{ app: INestApplication; api: Api }> {
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  return { app, api: new Api(await app.getUrl()) };
}

function forgeToken(header: object, claims: object, secret: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part(header)}.${part(claims)}`;
  const algorithm = (header as { alg: string }).alg === 'HS512' ? 'sha512' : 'sha256';
  return `${unsigned}.${createHmac(algorithm, secret).update(unsigned).digest('base64url')}`;
}

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
let app: INestApplication;
let api: Api;

beforeAll(async () => {
  ({ app, api } = await serve(config));
});
afterAll(async () => {
  await app?.close();
});

describe('sign-up', () => {
  it('creates the account and its profile with the spec defaults, and answers with a session', async () => {
    const email = newEmail();
    const { status, body } = await api.signUp(email.toUpperCase(), 'a sturdy passphrase', { data: { full_name: 'Ada Writer' } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 900, user: { email, role: 'user', app_metadata: { provider: 'email' } } });
    expect(body.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(body.refresh_token).toMatch(/^[\w-]{43}$/);

    const profile = await api.call('GET', '/api/profile', { token: body.access_token });
    expect(profile.body).toMatchObject({
      id: body.user.id,
      email,
      role: 'user',
      subscription_status: 'free',
      books_generated: 0,
      total_api_calls: 0,
      total_cost: 0,
      auth_provider: 'email',
      onboarding_completed: false,
      marketing_emails_enabled: true,
      full_name: 'Ada Writer',
      phone: null,
    });
  });

  it.each([
    [{}, 400, AuthMessages.credentialsRequired],
    [{ email: newEmail() }, 400, AuthMessages.credentialsRequired],
    [{ password: 'a sturdy passphrase' }, 400, AuthMessages.credentialsRequired],
    [{ email: 'not-an-address', password: 'a sturdy passphrase' }, 400, AuthMessages.invalidEmail],
    [{ email: newEmail(), password: 'short' }, 422, AuthMessages.passwordTooShort],
    [{ email: newEmail(), password: 'password123' }, 422, AuthMessages.weakPassword],
  ])('refuses %j with %i "%s"', async (body, status, message) => {
    const answer = await api.call('POST', '/api/auth/signup', { body });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(message);
  });

  it('reports weak passwords as weak_password with reasons', async () => {
    const answer = await api.call('POST', '/api/auth/signup', { body: { email: newEmail(), password: '1234567' } });
    expect(answer.body).toEqual({ message: AuthMessages.passwordTooShort, statusCode: 422, details: { code: 'weak_password', reasons: ['length'] } });
  });

  it('refuses a password that is easy to guess, or the e-mail address itself, saying what to do, and creates no account', async () => {
    const email = newEmail();
    const repeated = await api.call('POST', '/api/auth/signup', { body: { email, password: 'aaaaaaaa' } });
    expect(repeated.body).toEqual({ message: AuthMessages.weakPassword, statusCode: 422, details: { code: 'weak_password', reasons: ['guessable'] } });
    const itself = await api.call('POST', '/api/auth/signup', { body: { email, password: email } });
    expect(itself.body).toEqual({ message: AuthMessages.personalPassword, statusCode: 422, details: { code: 'weak_password', reasons: ['personal'] } });
    expect((await api.signIn(email, email)).status).toBe(400);
    expect((await api.signUp(email)).status).toBe(200);
  });

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    const email = newEmail();
    expect((await api.signUp(email)).status).toBe(200);
    const again = await api.signUp(email.toUpperCase());
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(AuthMessages.alreadyRegistered);
  });

  it('accepts a phone number instead of an e-mail', async () => {
    const phone = `+1555${Math.floor(Math.random() * 1e7)}`;
    const answer = await api.call<SessionView>('POST', '/api/auth/signup', { body: { phone, password: 'a sturdy passphrase' } });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ phone, email: null });
    const signIn = await api.call('POST', '/api/auth/token?grant_type=password', { body: { phone, password: 'a sturdy passphrase' } });
    expect(signIn.status).toBe(200);
  });
});

describe('sign-in', () => {
  it('gives the same answer for a wrong e-mail and a wrong password', async () => {
    const email = newEmail();
    await api.signUp(email);
    const wrongPassword = await api.signIn(email, 'not the passphrase');
    const wrongEmail = await api.signIn(newEmail(), 'a sturdy passphrase');
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toEqual(wrongEmail.body);
    expect(wrongEmail.body).toEqual({ message: AuthMessages.invalidCredentials, statusCode: 400 });
    expect((await api.signIn(email, 'a sturdy passphrase')).status).toBe(200);
  });

  it('refuses an unknown grant type', async () => {
    const answer = await api.call('POST', '/api/auth/token?grant_type=pkce', { body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(AuthMessages.unsupportedGrantType);
  });

  it('rate-limits attempts per address and per e-mail with 429', async () => {
    const limited = await serve(testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '3' }));
    try {
      const ip = randomIp();
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.api.signIn(newEmail(), 'whatever it is', ip)).status);
      expect(statuses).toEqual([400, 400, 400, 429]);

      const email = newEmail();
      const perEmail = [];
      for (let i = 0; i < 4; i++) perEmail.push(await limited.api.signIn(email, 'whatever it is', randomIp()));
      expect(perEmail.map((a) => a.status)).toEqual([400, 400, 400, 429]);
      expect(perEmail[3]?.body.message).toBe(AuthMessages.rateLimited);
    } finally {
      await limited.app.close();
    }
  });
});

describe('access tokens', () => {
  let session: SessionView;
  beforeAll(async () => {
    session = (await api.signUp(newEmail())).body;
  });

  it('open GET /api/auth/user for their owner', async () => {
    const answer = await api.call('GET', '/api/auth/user', { token: session.access_token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: session.user.id, email: session.user.email });
  });

  it('are required: without one the answer is 401 "Auth session missing!"', async () => {
    const answer = await api.call('GET', '/api/auth/user');
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(AuthMessages.sessionMissing);
  });

  it('refuse tampered, expired and wrong-algorithm tokens', async () => {
    const [header, payload, signature] = session.access_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url')}.${signature}`;
    const expired = forgeToken({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, config.JWT_SECRET);
    const hs512 = forgeToken({ alg: 'HS512', typ: 'JWT' }, claims, config.JWT_SECRET);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const otherSecret = forgeToken({ alg: 'HS256', typ: 'JWT' }, claims, 'x'.repeat(40));
    for (const token of [tampered, expired, hs512, none, otherSecret, 'garbage']) {
      const answer = await api.call('GET', '/api/auth/user', { token });
      expect(answer.status, token.slice(0, 20)).toBe(401);
      expect(answer.body.message).toBe(AuthMessages.invalidToken);
    }
  });
});

describe('refresh tokens', () => {
  it('rotate on every use', async () => {
    const first = (await api.signUp(newEmail())).body;
    const second = await api.refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.user.id).toBe(first.user.id);
    expect((await api.call('GET', '/api/auth/user', { token: second.body.access_token })).status).toBe(200);
    expect((await api.refresh(second.body.refresh_token)).status).toBe(200);
  });

  it('revoke the whole family when a used one comes back', async () => {
    const first = (await api.signUp(newEmail())).body;
    const second = (await api.refresh(first.refresh_token)).body;

    const replay = await api.refresh(first.refresh_token);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(AuthMessages.refreshTokenReused);

    // The legitimate holder's newer tokens die with the family.
    expect((await api.refresh(second.refresh_token)).status).toBe(401);
    expect((await api.call('GET', '/api/auth/user', { token: second.access_token })).status).toBe(401);
  });

  it('refuse unknown tokens', async () => {
    const answer = await api.refresh('not-a-real-token');
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(AuthMessages.invalidRefreshToken);
  });
});

describe('sign-out', () => {
  it('scope=local ends this session only', async () => {
    const email = newEmail();
    const one = (await api.signUp(email)).body;
    const two = (await api.signIn(email, 'a sturdy passphrase')).body;
    expect((await api.call('POST', '/api/auth/logout?scope=local', { token: one.access_token })).status).toBe(204);
    expect((await api.call('GET', '/api/auth/user', { token: one.access_token })).status).toBe(401);
    expect((await api.refresh(one.refresh_token)).status).toBe(401);
    expect((await api.call('GET', '/api/auth/user', { token: two.access_token })).status).toBe(200);
  });

  it('scope=global ends every session of the user', async () => {
    const email = newEmail();
    const one = (await api.signUp(email)).body;
    const two = (await api.signIn(email, 'a sturdy passphrase')).body;
    expect((await api.call('POST', '/api/auth/logout?scope=global', { token: one.access_token })).status).toBe(204);
    for (const session of [one, two]) {
      expect((await api.call('GET', '/api/auth/user', { token: session.access_token })).status).toBe(401);
      expect((await api.refresh(session.refresh_token)).status).toBe(401);
    }
  });
});

describe('PUT /api/auth/user', () => {
  it('changes the password, ends the other sessions and keeps this one', async () => {
    const email = newEmail();
    const one = (await api.signUp(email)).body;
    const two = (await api.signIn(email, 'a sturdy passphrase')).body;
    const weak = await api.call('PUT', '/api/auth/user', { token: one.access_token, body: { password: 'short', current_password: 'a sturdy passphrase' } });
    expect(weak.status).toBe(422);
    const changed = await api.call('PUT', '/api/auth/user', { token: one.access_token, body: { password: 'a newer passphrase', current_password: 'a sturdy passphrase' } });
    expect(changed.status).toBe(200);
    expect((await api.call('GET', '/api/auth/user', { token: two.access_token })).status).toBe(401);
    expect((await api.call('GET', '/api/auth/user', { token: one.access_token })).status).toBe(200);
    expect((await api.signIn(email, 'a sturdy passphrase')).status).toBe(400);
    expect((await api.signIn(email, 'a newer passphrase')).status).toBe(200);
  });
});

describe('profiles', () => {
  it('are each person’s own: the caller reads and changes only theirs, and never their role or counters', async () => {
    const alice = (await api.signUp(newEmail())).body;
    const bob = (await api.signUp(newEmail())).body;
    const patched = await api.call('PATCH', '/api/profile', {
      token: alice.access_token,
      body: { full_name: 'Alice', id: bob.user.id, role: 'admin', books_generated: 99, marketing_emails_enabled: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: alice.user.id, full_name: 'Alice', role: 'user', books_generated: 0, marketing_emails_enabled: false });
    const bobs = await api.call('GET', '/api/profile', { token: bob.access_token });
    expect(bobs.body).toMatchObject({ id: bob.user.id, full_name: null, marketing_emails_enabled: true });
  });

  it('validate their fields', async () => {
    const alice = (await api.signUp(newEmail())).body;
    const answer = await api.call('PATCH', '/api/profile', { token: alice.access_token, body: { onboarding_completed: 'yes' } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('onboarding_completed must be true or false');
  });
});
