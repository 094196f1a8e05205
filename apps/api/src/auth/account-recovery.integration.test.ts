import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages } from '../../../../libs/domain/index.ts';
import { testConfig } from '../../../../testing/index.ts';
import { mailTo, waitForMail, waitForSubject } from '../../../../testing/mail-inbox.ts';
import { sql } from '../../../../testing/sql.ts';
import { apiClient, serveApi } from '../../../../testing/test-server.ts';

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

const newEmail = () => `recover-${randomUUID()}@example.com`;
const tokenIn = (text: string) => /[?&]token=([\w-]+)/.exec(text)?.[1] ?? '';

async function account(email = newEmail()) {
  const { body } = await api.call('POST', '/auth/signup', { email, password: PASSWORD });
  return { email, token: body.access_token as string, refreshToken: body.refresh_token as string, id: (body.user as { id: string }).id };
}

const signIn = (email: string, password: string) => api.call('POST', '/auth/token?grant_type=password', { email, password });
const recover = (email: string) => api.call('POST', '/auth/recover', { email });
const resetLink = async (email: string) => tokenIn((await waitForSubject(email, 'Set a new password')).text);

describe('forgot password', () => {
  it('answers the same for a registered and an unknown address, and mails only the registered one', async () => {
    const { email } = await account();
    const unknown = newEmail();
    const [known, stranger] = [await recover(email), await recover(unknown)];
    expect(known).toEqual({ status: 200, body: { message: AuthMessages.recoverySent } });
    expect(stranger).toEqual(known);
    const link = (await waitForSubject(email, 'Set a new password')).text;
    expect(link).toContain(`${config.PORTAL_URL}/recover?token=`);
    expect(await mailTo(unknown)).toEqual([]);
  });

  it('sets a new password once: every other session ends, the e-mail counts as verified, and it signs in', async () => {
    const { email, token, refreshToken } = await account();
    await recover(email);
    const link = await resetLink(email);

    const reset = await api.call('POST', '/auth/recover/confirm', { token: link, password: 'a brand new passphrase' });
    expect(reset.status).toBe(200);
    expect(reset.body.user).toMatchObject({ email, email_confirmed: true });
    expect((await api.call('GET', '/auth/user', undefined, reset.body.access_token as string)).status).toBe(200);
    expect((await api.call('GET', '/auth/user', undefined, token)).status).toBe(401);
    expect((await api.call('POST', '/auth/token?grant_type=refresh_token', { refresh_token: refreshToken })).status).toBe(401);
    expect((await signIn(email, PASSWORD)).status).toBe(400);
    expect((await signIn(email, 'a brand new passphrase')).status).toBe(200);

    const again = await api.call('POST', '/auth/recover/confirm', { token: link, password: 'yet another passphrase' });
    expect(again).toMatchObject({ status: 400, body: { message: AuthMessages.invalidRecoveryToken } });
  });

  it('keeps the link through a weak password, refuses it once expired, and refuses an unknown one', async () => {
    const { email, id } = await account();
    await recover(email);
    const link = await resetLink(email);
    expect(await api.call('POST', '/auth/recover/confirm', { token: link, password: 'short' })).toMatchObject({ status: 422, body: { message: AuthMessages.passwordTooShort } });
    await sql(config.DATABASE_URL, `update account_tokens set expires_at = now() - interval '1 minute' where user_id = $1`, [id]);
    expect(await api.call('POST', '/auth/recover/confirm', { token: link, password: 'a brand new passphrase' })).toMatchObject({ status: 400, body: { message: AuthMessages.invalidRecoveryToken } });
    expect(await api.call('POST', '/auth/recover/confirm', { token: 'no-such-token', password: 'a brand new passphrase' })).toMatchObject({ status: 400, body: { message: AuthMessages.invalidRecoveryToken } });
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it('is rate-limited per address, whichever client asks', async () => {
    const limited = await serveApi(testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '2' }));
    try {
      const client = apiClient(() => limited.url);
      const email = newEmail();
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await client.call('POST', '/auth/recover', { email }, undefined, { 'X-Forwarded-For': `10.9.${i}.1` })).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.app.close();
    }
  });
});

describe('e-mail verification', () => {
  it('resends a fresh link (the earlier one stops working), verifies with it, then says there is nothing to confirm', async () => {
    const { email, token } = await account();
    const first = tokenIn((await waitForMail(email))[0]?.text ?? '');
    const resent = await api.call('POST', '/auth/resend', undefined, token);
    expect(resent).toEqual({ status: 200, body: { sent: true, message: AuthMessages.verificationSent } });
    const second = tokenIn((await waitForMail(email, 2)).map((mail) => mail.text).find((text) => !text.includes(first)) ?? '');
    expect(await api.call('POST', '/auth/verify', { token: first })).toMatchObject({ status: 400, body: { message: AuthMessages.invalidVerificationToken } });
    expect(await api.call('POST', '/auth/verify', { token: second })).toMatchObject({ status: 200, body: { email, email_confirmed: true } });
    expect(await api.call('POST', '/auth/resend', undefined, token)).toEqual({ status: 200, body: { sent: false, message: AuthMessages.alreadyVerified } });
    expect((await api.call('POST', '/auth/resend')).status).toBe(401);
  });
});

describe('re-authentication with a mailed code', () => {
  it('changes the e-mail of a password account with the code instead of the password, once; a wrong code is refused', async () => {
    const { email, token } = await account();
    const sent = await api.call('GET', '/auth/reauthenticate', undefined, token);
    expect(sent).toEqual({ status: 200, body: { message: AuthMessages.reauthenticationSent } });
    const code = /\b(\d{6})\b/.exec((await waitForSubject(email, 'confirmation code')).text)?.[1] ?? '';
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await api.call('PUT', '/auth/user', { email: newEmail(), nonce: wrong }, token)).toMatchObject({ status: 400, body: { message: AuthMessages.reauthenticationCodeWrong } });
    const target = newEmail();
    expect(await api.call('PUT', '/auth/user', { email: target, nonce: code }, token)).toMatchObject({ status: 200, body: { new_email: target } });
    expect(await api.call('PUT', '/auth/user', { password: 'a brand new passphrase', nonce: code }, token)).toMatchObject({ status: 400, body: { message: AuthMessages.reauthenticationCodeWrong } });
  });
});
