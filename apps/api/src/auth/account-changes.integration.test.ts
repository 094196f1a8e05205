import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages } from '../../../../libs/domain/index.ts';
import { testConfig } from '../../../../testing/index.ts';
import { mailTo, waitForMail } from '../../../../testing/mail-inbox.ts';
import { sql } from '../../../../testing/sql.ts';
import { apiClient, markVerified, serveApi } from '../../../../testing/test-server.ts';

const PASSWORD = 'a sturdy passphrase';
const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
let app: INestApplication;
let url = '';
const api = apiClient(() => url);

beforeAll(async () => {
  ({ app, url } = await serveApi(config));
});
afterAll(async () => {
  await app?.close();
});

const newEmail = () => `change-${randomUUID()}@example.com`;

async function account(email = newEmail()) {
  const { body } = await api.call('POST', '/auth/signup', { email, password: PASSWORD });
  return { email, token: body.access_token as string, refreshToken: body.refresh_token as string, id: (body.user as { id: string }).id };
}

const signIn = (email: string, password: string) => api.call('POST', '/auth/token?grant_type=password', { email, password });
const updateUser = (token: string, body: unknown) => api.call('PUT', '/auth/user', body, token);
const tokenIn = (text: string) => /[?&]token=([\w-]+)/.exec(text)?.[1];

describe('changing the password', () => {
  it('is refused without the current password, and the old one keeps working', async () => {
    const { email, token } = await account();
    const answer = await updateUser(token, { password: 'a newer passphrase' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(AuthMessages.currentPasswordRequired);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    expect((await signIn(email, 'a newer passphrase')).status).toBe(400);
  });

  it('is refused with a wrong current password', async () => {
    const { email, token } = await account();
    const answer = await updateUser(token, { password: 'a newer passphrase', current_password: 'not my passphrase' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(AuthMessages.currentPasswordWrong);
    expect((await signIn(email, 'a newer passphrase')).status).toBe(400);
  });

  it('refuses a new password that is easy to guess or built on the e-mail address, and the old one keeps working', async () => {
    const { email, token } = await account();
    expect(await updateUser(token, { password: 'aaaaaaaa', current_password: PASSWORD })).toMatchObject({ status: 422, body: { message: AuthMessages.weakPassword } });
    expect(await updateUser(token, { password: `${email}1`, current_password: PASSWORD })).toMatchObject({ status: 422, body: { message: AuthMessages.personalPassword } });
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it('works with the right one: other sessions end, this one stays', async () => {
    const { email, token } = await account();
    const other = (await signIn(email, PASSWORD)).body;
    const answer = await updateUser(token, { password: 'a newer passphrase', current_password: PASSWORD });
    expect(answer.status).toBe(200);
    expect((await api.call('GET', '/auth/user', undefined, other.access_token as string)).status).toBe(401);
    expect((await api.call('GET', '/auth/user', undefined, token)).status).toBe(200);
    expect((await signIn(email, PASSWORD)).status).toBe(400);
    expect((await signIn(email, 'a newer passphrase')).status).toBe(200);
  });

  it('limits current-password attempts per user', async () => {
    const limited = await serveApi(testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '3' }));
    try {
      const client = apiClient(() => limited.url);
      // Sign-up counts against the client address, so the account is made on the main server.
      const { token } = await account();
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await client.call('PUT', '/auth/user', { password: 'a newer passphrase', current_password: `guess ${i}` }, token)).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
      const right = await client.call('PUT', '/auth/user', { password: 'a newer passphrase', current_password: PASSWORD }, token);
      expect(right.status).toBe(429);
      expect(right.body.message).toBe(AuthMessages.rateLimited);
    } finally {
      await limited.app.close();
    }
  });
});

describe('PUT /api/auth/user validation', () => {
  let token = '';
  beforeAll(async () => {
    ({ token } = await account());
  });

  it.each([
    [{ password: null }],
    [{ email: null }],
    [{ password: 'a newer passphrase', current_password: null }],
    [{ password: 12345678, current_password: PASSWORD }],
    [{ data: null }],
    [{ data: { full_name: 42 } }],
    [{ email: `${'x'.repeat(250)}@example.com`, current_password: PASSWORD }],
  ])('answers %j with 400', async (body) => {
    const answer = await updateUser(token, body);
    expect(answer.status).toBe(400);
    expect(typeof answer.body.message).toBe('string');
  });

  it('changes the name alone without the current password', async () => {
    const answer = await updateUser(token, { data: { full_name: 'Ada Writer' } });
    expect(answer.status).toBe(200);
    expect((await api.call('GET', '/profile', undefined, token)).body.full_name).toBe('Ada Writer');
  });
});

describe('changing the e-mail', () => {
  it('is refused without the current password, and nothing is sent', async () => {
    const { email, token } = await account();
    const target = newEmail();
    const answer = await updateUser(token, { email: target });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(AuthMessages.currentPasswordRequired);
    expect((await api.call('GET', '/auth/user', undefined, token)).body).toMatchObject({ email, new_email: null });
    expect(await mailTo(target)).toEqual([]);
  });

  it('waits for the link mailed to the new address, tells the old one, and the link works once', async () => {
    const { email, token, id } = await account();
    await markVerified(id, config.DATABASE_URL);
    const target = newEmail();
    const answer = await updateUser(token, { email: target.toUpperCase(), current_password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email, new_email: target, email_confirmed: true });
    // Until the link is followed, the account keeps its address.
    expect((await api.call('GET', '/auth/user', undefined, token)).body).toMatchObject({ email });
    expect((await signIn(target, PASSWORD)).status).toBe(400);
    expect((await signIn(email, PASSWORD)).status).toBe(200);

    const [confirmation] = await waitForMail(target);
    const link = tokenIn(confirmation?.text ?? '');
    expect(link).toBeTruthy();
    const notice = (await waitForMail(email, 2)).find((mail) => mail.subject.includes('being changed'));
    expect(notice?.text).toContain(target);
    expect(notice?.text).not.toContain(link);

    const wrong = await api.call('POST', '/auth/verify-email', { token: `${link}x` });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(AuthMessages.invalidVerificationToken);

    const confirmed = await api.call('POST', '/auth/verify-email', { token: link });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ email: target, email_confirmed: true, new_email: null });
    expect((await api.call('GET', '/profile', undefined, token)).body.email).toBe(target);
    expect((await signIn(target, PASSWORD)).status).toBe(200);
    expect((await signIn(email, PASSWORD)).status).toBe(400);

    const again = await api.call('POST', '/auth/verify-email', { token: link });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(AuthMessages.invalidVerificationToken);
  });

  it('tells an old address nothing that was never confirmed (the notice names an address the requester chose)', async () => {
    const { email, token } = await account();
    const target = newEmail();
    expect((await updateUser(token, { email: target, current_password: PASSWORD })).status).toBe(200);
    await waitForMail(target);
    expect((await mailTo(email)).map((mail) => mail.subject)).toEqual(['Confirm your e-mail address for Pressroom']);
  });

  it('confirms a new account\'s address through the link mailed at sign-up', async () => {
    const { email, token } = await account();
    expect((await api.call('GET', '/auth/user', undefined, token)).body).toMatchObject({ email, email_confirmed: false });
    const [welcome] = await waitForMail(email);
    expect(welcome?.subject).toBe('Confirm your e-mail address for Pressroom');
    const confirmed = await api.call('POST', '/auth/verify-email', { token: tokenIn(welcome?.text ?? '') });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ email, email_confirmed: true, new_email: null });
  });

  it('refuses an address another account uses', async () => {
    const taken = await account();
    const { token } = await account();
    const answer = await updateUser(token, { email: taken.email, current_password: PASSWORD });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(AuthMessages.alreadyRegistered);
  });

  it('refuses an expired link', async () => {
    const { email, token } = await account();
    const target = newEmail();
    expect((await updateUser(token, { email: target, current_password: PASSWORD })).status).toBe(200);
    const link = tokenIn((await waitForMail(target))[0]?.text ?? '');
    await sql(config.DATABASE_URL, `update users set pending_email_expires_at = now() - interval '1 minute' where email = $1`, [email]);
    const answer = await api.call('POST', '/auth/verify-email', { token: link });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(AuthMessages.invalidVerificationToken);
    expect((await api.call('GET', '/auth/user', undefined, token)).body.email).toBe(email);
  });

  it.each([[{}], [{ token: null }], [{ token: 42 }]])('answers verify-email %j with 400', async (body) => {
    const answer = await api.call('POST', '/auth/verify-email', body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(AuthMessages.invalidVerificationToken);
  });
});
