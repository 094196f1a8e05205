import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages, UNASKED_MAIL_CAPS } from '../../../../libs/domain/index.ts';
import { eventually, testConfig } from '../../../../testing/index.ts';
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
const [HOURLY, DAILY] = UNASKED_MAIL_CAPS;
const counted = async (email: string) => {
  const client = new pg.Client({ connectionString: config.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('select count(*)::int as n from unasked_mails where recipient = $1', [email])).rows[0]?.n;
  } finally {
    await client.end();
  }
};
/** `count` messages counted against `email` two hours ago: earlier today, outside the last hour. */
const sentEarlier = (email: string, count: number) =>
  sql(config.DATABASE_URL, `insert into unasked_mails (id, recipient, kind, sent_at) select gen_random_uuid(), $1::text, 'code', now() - interval '2 hours' from generate_series(1, $2::int)`, [email, count]);

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
    expect(await api.call('POST', '/auth/recover/confirm', { token: link, password: 'aaaaaaaa' })).toMatchObject({ status: 422, body: { message: AuthMessages.weakPassword } });
    expect(await api.call('POST', '/auth/recover/confirm', { token: link, password: email })).toMatchObject({ status: 422, body: { message: AuthMessages.personalPassword } });
    await sql(config.DATABASE_URL, `update account_tokens set expires_at = now() - interval '1 minute' where user_id = $1`, [id]);
    expect(await api.call('POST', '/auth/recover/confirm', { token: link, password: 'a brand new passphrase' })).toMatchObject({ status: 400, body: { message: AuthMessages.invalidRecoveryToken } });
    expect(await api.call('POST', '/auth/recover/confirm', { token: 'no-such-token', password: 'a brand new passphrase' })).toMatchObject({ status: 400, body: { message: AuthMessages.invalidRecoveryToken } });
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it('answers before any of the work, so a registered address is answered as an unknown one is', async () => {
    const { email, id } = await account();
    // While another transaction holds the account's row, no reset token can be stored for it: an answer that waited
    // for the work would never come. The lock ends by itself should the test fail.
    const lock = new pg.Client({ connectionString: config.DATABASE_URL });
    await lock.connect();
    try {
      await lock.query(`set idle_in_transaction_session_timeout = '30s'`);
      await lock.query('begin');
      await lock.query('select 1 from users where id = $1 for update', [id]);
      expect(await recover(email)).toEqual({ status: 200, body: { message: AuthMessages.recoverySent } });
      expect((await mailTo(email)).filter((mail) => mail.subject.includes('Set a new password'))).toEqual([]);
      // Still the same transaction: an answer that came only once the lock timed out fails here.
      await lock.query('rollback');
    } finally {
      await lock.end();
    }
    // The work then goes on.
    expect(await resetLink(email)).toBeTruthy();
  });

  it('mails one address at most the hourly cap of links, whichever clients ask, and answers the same over it', async () => {
    const { email } = await account();
    const answers = [];
    for (let i = 0; i < HOURLY.max + 3; i++) answers.push(await api.call('POST', '/auth/recover', { email }, undefined, { 'X-Forwarded-For': `10.28.${i}.1` }));
    expect(answers.every((answer) => answer.status === 200 && answer.body.message === AuthMessages.recoverySent)).toBe(true);
    // The sign-up's confirmation link took one place; every place is taken before its message is sent.
    const links = async () => (await mailTo(email)).filter((mail) => mail.subject.includes('Set a new password'));
    await waitForSubject(email, 'Set a new password');
    await eventually(links, (found) => found.length >= HOURLY.max - 1);
    expect(await counted(email)).toBe(HOURLY.max);
    expect((await links()).length).toBe(HOURLY.max - 1);
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
  it('sends an outside address at most the hourly cap of links, however often the account asks', async () => {
    const { token } = await account();
    const outside = newEmail();
    expect((await api.call('PUT', '/auth/user', { email: outside, current_password: PASSWORD }, token)).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < HOURLY.max + 1; i++) statuses.push((await api.call('POST', '/auth/resend', undefined, token)).status);
    expect(statuses).toEqual([...Array<number>(HOURLY.max - 1).fill(200), 429, 429]);
    const refused = await fetch(`${url}/api/auth/resend`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
    // The hour's first message frees its place within the hour.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3600 - 120);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await waitForMail(outside, HOURLY.max)).length).toBe(HOURLY.max);
  });


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
  it('counts the day as well as the hour: an address that had its fill today gets no code, and hears when it frees', async () => {
    const { email, token } = await account();
    await sentEarlier(email, DAILY.max - 1);
    const refused = await fetch(`${url}/api/auth/reauthenticate`, { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { message: string; details: { retry_after: number } };
    expect(body.message).toMatch(/^Too many requests\./);
    // The oldest of today's messages, sent two hours ago, leaves the day's window in 22 hours: Retry-After says so.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBe(body.details.retry_after);
    expect(retryAfter).toBeGreaterThan(22 * 3600 - 120);
    expect(retryAfter).toBeLessThanOrEqual(22 * 3600);
    expect((await mailTo(email)).map((mail) => mail.subject).filter((subject) => subject.includes('confirmation code'))).toEqual([]);
  });


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
