import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../../libs/config/index.ts';
import { AuthMessages } from '../../../../libs/domain/index.ts';
import { freePort, testConfig } from '../../../../testing/index.ts';
import { waitForSubject } from '../../../../testing/mail-inbox.ts';
import { sql } from '../../../../testing/sql.ts';
import { createApp } from '../app.ts';
import { apiClient } from '../../../../testing/test-server.ts';
import type { SessionView } from '../common/auth.types.ts';

/**
 * A local OpenID provider stands in for Google: the API's real passport strategy runs the whole
 * redirect, code exchange (with state and PKCE) and userinfo round trip against it.
 */
interface Account {
  email: string;
  email_verified: boolean;
  name: string;
}
const accounts = new Map<string, Account>();
let signingInAs = '';

let idp: Server;
let app: INestApplication;
let apiUrl: string;
let config: Config;
const api = apiClient(() => apiUrl);
const PASSWORD = 'a sturdy passphrase';

async function signUp(email: string) {
  const { body } = await api.call('POST', '/auth/signup', { email, password: PASSWORD });
  return body as unknown as SessionView;
}

beforeAll(async () => {
  const idpPort = await freePort();
  const apiPort = await freePort();
  apiUrl = `http://127.0.0.1:${apiPort}`;
  const issuer = `http://127.0.0.1:${idpPort}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'pressroom-test',
        client_secret: 'pressroom-test-secret',
        redirect_uris: [`${apiUrl}/api/auth/callback/google`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    routes: { authorization: '/auth', token: '/token', userinfo: '/userinfo' },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...accounts.get(sub) }) }),
    features: { devInteractions: { enabled: false }, userinfo: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Google accepts the access token as a query parameter, which is how passport's OAuth client sends it.
    acceptQueryParamAccessTokens: true,
    cookies: { keys: ['idp-test-key'] },
  });
  const callback = provider.callback();
  idp = createServer((req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
    // The person "signs in" at the provider and consents at once.
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: signingInAs, clientId: String(details.params.client_id) });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: signingInAs }, consent: { grantId } }, { mergeWithLastSubmission: false });
    })();
  });
  await new Promise<void>((resolve) => idp.listen(idpPort, '127.0.0.1', resolve));

  config = testConfig({
    PORTAL_URL: apiUrl,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    GOOGLE_CLIENT_ID: 'pressroom-test',
    GOOGLE_CLIENT_SECRET: 'pressroom-test-secret',
    GOOGLE_AUTHORIZATION_URL: `${issuer}/auth`,
    GOOGLE_TOKEN_URL: `${issuer}/token`,
    GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
  });
  app = await createApp(config);
  await app.listen(apiPort, '127.0.0.1');
});

afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => idp?.close(resolve));
});

/** Follows redirects like a browser, keeping cookies, until the portal's /dashboard (or an error page). */
async function googleSignIn(subject: string): Promise<{ url: URL; status: number; body: string }> {
  signingInAs = subject;
  const jar = new Map<string, string>();
  let url = new URL(`${apiUrl}/api/auth/authorize?provider=google`);
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return { url, status: response.status, body: await response.text() };
    url = new URL(location, url);
    if (url.pathname === '/dashboard') return { url, status: 302, body: '' };
  }
  throw new Error('too many redirects');
}

async function sessionFrom(url: URL) {
  const fragment = new URLSearchParams(url.hash.slice(1));
  const token = fragment.get('access_token');
  expect(token).toBeTruthy();
  expect(fragment.get('refresh_token')).toBeTruthy();
  const user = await fetch(`${apiUrl}/api/auth/user`, { headers: { Authorization: `Bearer ${token}` } });
  const profile = await fetch(`${apiUrl}/api/profile`, { headers: { Authorization: `Bearer ${token}` } });
  return { user: (await user.json()) as { id: string; email: string; email_confirmed: boolean }, profile: (await profile.json()) as Record<string, unknown> };
}

describe('Google sign-in against a local OpenID provider', () => {
  it('creates an account for a new Google user and lands on /dashboard with a session', async () => {
    const sub = randomUUID();
    const email = `g-${sub}@example.com`;
    accounts.set(sub, { email, email_verified: true, name: 'Grace Google' });
    const landing = await googleSignIn(sub);
    expect(landing.url.origin + landing.url.pathname).toBe(`${apiUrl}/dashboard`);
    const { user, profile } = await sessionFrom(landing.url);
    expect(user).toMatchObject({ email, email_confirmed: true });
    expect(profile).toMatchObject({ auth_provider: 'google', full_name: 'Grace Google', role: 'user' });

    // Signing in again finds the same account.
    const again = await sessionFrom((await googleSignIn(sub)).url);
    expect(again.user.id).toBe(user.id);
  });

  it('links to a verified account and leaves its password and sessions alone', async () => {
    const email = `linked-${randomUUID()}@example.com`;
    const existing = await signUp(email);
    await sql(config.DATABASE_URL, 'update users set email_verified = true where id = $1', [existing.user.id]);
    const sub = randomUUID();
    accounts.set(sub, { email: email.toUpperCase(), email_verified: true, name: 'Linked' });
    const { user } = await sessionFrom((await googleSignIn(sub)).url);
    expect(user.id).toBe(existing.user.id);
    expect((await api.call('POST', '/auth/token?grant_type=password', { email, password: PASSWORD })).status).toBe(200);
    expect((await api.call('GET', '/auth/user', undefined, existing.access_token)).status).toBe(200);
  });

  it('claims an unverified password account for the Google user: its password and sessions end', async () => {
    // Someone registered the address first, without ever proving it was theirs.
    const email = `claimed-${randomUUID()}@example.com`;
    const squatter = await signUp(email);
    const sub = randomUUID();
    accounts.set(sub, { email, email_verified: true, name: 'Owner' });
    const { user } = await sessionFrom((await googleSignIn(sub)).url);
    expect(user).toMatchObject({ id: squatter.user.id, email, email_confirmed: true });

    const signIn = await api.call('POST', '/auth/token?grant_type=password', { email, password: PASSWORD });
    expect(signIn.status).toBe(400);
    expect(signIn.body.message).toBe(AuthMessages.invalidCredentials);
    expect((await api.call('GET', '/auth/user', undefined, squatter.access_token)).status).toBe(401);
    expect((await api.call('POST', '/auth/token?grant_type=refresh_token', { refresh_token: squatter.refresh_token })).status).toBe(401);
  });

  it('lets a Google-only account set a first password with a code mailed to it, not without', async () => {
    const sub = randomUUID();
    const email = `first-password-${sub}@example.com`;
    accounts.set(sub, { email, email_verified: true, name: 'Fresh' });
    const token = new URLSearchParams((await googleSignIn(sub)).url.hash.slice(1)).get('access_token') ?? '';
    const refused = await api.call('PUT', '/auth/user', { password: 'my first passphrase' }, token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(AuthMessages.currentPasswordRequired);

    expect((await api.call('GET', '/auth/reauthenticate', undefined, token)).status).toBe(200);
    const code = /code to confirm .* is (\d{6})/.exec((await waitForSubject(email, 'confirmation code')).text)?.[1];
    const set = await api.call('PUT', '/auth/user', { password: 'my first passphrase', nonce: code }, token);
    expect(set.status).toBe(200);
    expect((await api.call('POST', '/auth/token?grant_type=password', { email, password: 'my first passphrase' })).status).toBe(200);
    // The code works once.
    const again = await api.call('PUT', '/auth/user', { password: 'my second passphrase', nonce: code }, token);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(AuthMessages.reauthenticationCodeWrong);
  });

  it('does not link when Google has not verified the e-mail', async () => {
    const email = `unverified-${randomUUID()}@example.com`;
    await signUp(email);
    const sub = randomUUID();
    accounts.set(sub, { email, email_verified: false, name: 'Mallory' });
    const result = await googleSignIn(sub);
    expect(result.status).toBe(401);
    expect(JSON.parse(result.body)).toEqual({ statusCode: 401, message: AuthMessages.googleEmailUnverified });
    expect((await api.call('POST', '/auth/token?grant_type=password', { email, password: PASSWORD })).status).toBe(200);
  });

  it('refuses an unknown provider', async () => {
    const answer = await fetch(`${apiUrl}/api/auth/authorize?provider=github`);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toBe('Unsupported provider: only google is available');
  });
});
