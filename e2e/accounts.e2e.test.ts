import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookRequest, User } from '../libs/db/index.ts';
import { AuthMessages, DEFAULT_TEAM_DISPLAY_NAME, FieldMessages, TeamMessages } from '../libs/domain/index.ts';
import { openDeps, testConfig } from '../testing/index.ts';
import { waitForMail, waitForSubject } from '../testing/mail-inbox.ts';
import { ADMIN_OWN_PASSWORD, createAdmin } from './back-office.ts';
import { e2eStand, fieldProblem, launchBrowser, snapshot } from './browser.ts';

const baseURL = e2eStand().baseURL;
const tag = randomUUID().slice(0, 8);
const author = { email: `author-${tag}@example.com`, password: 'my own sturdy passphrase' };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function freshPage(): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

const banner = (page: Page) => page.getByRole('alert');

describe('an author, in the browser', () => {
  let page: Page;
  beforeAll(async () => {
    page = await freshPage();
  });

  it('is sent to /login from a protected page (to come back to it), without a history entry for it', async () => {
    await page.goto(`${baseURL}/`);
    await page.goto(`${baseURL}/dashboard?tab=elite`);
    await page.waitForURL(`${baseURL}/login?next=${encodeURIComponent('/dashboard?tab=elite')}`);
    await page.goBack();
    await page.waitForURL(`${baseURL}/`);
  });

  it('sees the sign-up rules before anything is sent', async () => {
    await page.goto(`${baseURL}/signup`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await expect(page.getByText('Must be at least 8 characters long').isVisible()).resolves.toBe(true);
    // Each problem is on its field (and in the summary), in the form's own words: there is no phone number to give.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(fieldProblem(page.getByLabel('Email'))).resolves.toBe(FieldMessages.emailMissing);
    await expect(fieldProblem(page.getByLabel('Password', { exact: true }))).resolves.toBe(FieldMessages.passwordMissing);
    await expect(banner(page).textContent()).resolves.not.toMatch(/phone/);
    await page.getByLabel('Email').fill(author.email);
    await page.getByLabel('Password', { exact: true }).fill(author.password);
    await page.getByLabel('Confirm password', { exact: true }).fill('something else entirely');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(fieldProblem(page.getByLabel('Email'))).resolves.toBe(null);
    await expect(fieldProblem(page.getByLabel('Confirm password', { exact: true }))).resolves.toBe('Passwords do not match');
    await expect(banner(page).textContent()).resolves.toContain('Passwords do not match');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(fieldProblem(page.getByLabel('Password', { exact: true }))).resolves.toBe('Password must be at least 8 characters long');
    // What only the service judges (how easy a password is to guess) comes back in its words, saying what to do.
    await page.getByLabel('Password', { exact: true }).fill('aaaaaaaa');
    await page.getByLabel('Confirm password', { exact: true }).fill('aaaaaaaa');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').filter({ hasText: AuthMessages.weakPassword }).waitFor();
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true }).getAttribute('type')).resolves.toBe('text');
  });

  it('signs up, sees the welcome screen and lands on the dashboard', async () => {
    await page.getByLabel('Password', { exact: true }).fill(author.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(author.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Your account has been created successfully. Redirecting to your dashboard...').waitFor();
    await page.waitForURL(`${baseURL}/dashboard`);
    await page.getByRole('heading', { name: 'My Books' }).waitFor();
    await page.getByText('No active subscription').waitFor();
    await page.getByRole('tab', { name: 'Book Projects (0)' }).waitFor();
    await page.getByText('No book projects yet').waitFor();
    await page.getByRole('tab', { name: 'Book Requests (0)' }).click();
    await page.getByText('No book requests yet').waitFor();
    await snapshot(page, 'dashboard');
  });

  it('is sent from /login to the dashboard while signed in, and the session survives a reload', async () => {
    await page.goto(`${baseURL}/login`);
    await page.waitForURL(`${baseURL}/dashboard`);
    await page.reload();
    await page.getByText(author.email).first().waitFor();
  });

  it('refreshes a session that is about to expire when the app loads', async () => {
    const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('pressroom.session') ?? '{}') as { refresh_token: string; expires_at: number });
    const before = await stored();
    // Within three 30-second ticks of expiry.
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('pressroom.session') ?? '{}') as { expires_at: number };
      session.expires_at = Math.floor(Date.now() / 1000) + 60;
      localStorage.setItem('pressroom.session', JSON.stringify(session));
    });
    await page.reload();
    await page.getByRole('heading', { name: 'My Books' }).waitFor();
    const after = await stored();
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000) + 600);
  });

  it('signs out and is signed out on the server too', async () => {
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('pressroom.session') ?? '{}') as { access_token?: string }).access_token);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${baseURL}/`);
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    const after = await fetch(`${baseURL}/api/auth/user`, { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
  });

  it('gets the service’s message for wrong credentials, then signs in', async () => {
    await page.goto(`${baseURL}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByLabel('Email').fill(author.email);
    await page.getByLabel('Password', { exact: true }).fill('not my passphrase');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(banner(page).textContent()).resolves.toBe('Invalid login credentials');
    await expect(page.getByRole('button', { name: 'Sign In' }).isEnabled()).resolves.toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(author.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseURL}/dashboard`);
  });

  it('sees the book requests tab fail with retries, recover with Try Again, and list its requests', async () => {
    await page.route('**/api/book-requests', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable', statusCode: 503 }) }));
    await page.goto(`${baseURL}/dashboard`);
    await page.getByRole('tab', { name: /Book Requests/ }).click();
    // Three retries back off 1 s, 2 s, 4 s before the error shows.
    await page.getByRole('alert').getByText('Service unavailable').waitFor({ timeout: 20_000 });
    await expect(page.getByRole('alert').getByText('Retry attempt: 3').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Retry' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Submit New Request' }).isVisible()).resolves.toBe(true);

    const deps = await openDeps(testConfig());
    try {
      const em = deps.orm.em.fork();
      const user = await em.findOneOrFail(User, { email: author.email });
      em.create(BookRequest, {
        id: randomUUID(),
        user,
        name: 'Author',
        email: author.email,
        bookTopic: 'Leading remote teams',
        bookStyle: 'executive-memoir',
        bookDescription: 'x'.repeat(180),
        status: 'in_progress',
        createdAt: new Date(),
      });
      await em.flush();
    } finally {
      await deps.close();
    }
    await page.unroute('**/api/book-requests');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByText('Leading remote teams').waitFor();
    await expect(page.getByRole('tab', { name: 'Book Requests (1)' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Style: Executive Memoir').isVisible()).resolves.toBe(true);
    await expect(page.getByText('In progress').isVisible()).resolves.toBe(true);
    await expect(page.getByText(`${'x'.repeat(150)}…`).isVisible()).resolves.toBe(true);
    await snapshot(page, 'dashboard-requests');
  });

  it('is refused by the back office', async () => {
    const other = await freshPage();
    await other.goto(`${baseURL}/admin`);
    await other.waitForURL(/\/admin\/login$/);
    await other.getByLabel(/email/i).fill(author.email);
    await other.getByLabel(/password/i).first().fill(author.password);
    await other.getByRole('button', { name: /sign in/i }).click();
    await other.getByText('This account has no access to the back office.').waitFor();
    expect(other.url()).toMatch(/\/admin\/login$/);
    await other.context().close();
  });

  it('sees /account’s problems on their fields, its own checks and the service’s refusals alike', async () => {
    await page.goto(`${baseURL}/account`);
    const save = page.getByRole('button', { name: 'Save Changes' });
    const newEmail = page.getByLabel('New e-mail');
    const current = page.getByLabel('Current password', { exact: true });
    await save.click();
    await expect(fieldProblem(newEmail)).resolves.toBe(FieldMessages.nothingToChange);
    await expect(fieldProblem(current)).resolves.toBe(AuthMessages.currentPasswordRequired);
    await expect(banner(page).textContent()).resolves.toContain(FieldMessages.nothingToChange);
    // The service's validation refuses this address (the page's simple pattern lets it by): its details name the field.
    await newEmail.fill(`renamed-${tag}@example.c`);
    await current.fill('not my passphrase');
    await save.click();
    await expect.poll(() => fieldProblem(newEmail)).toBe(AuthMessages.invalidEmail);
    await expect(fieldProblem(current)).resolves.toBe(null);
    // A wrong current password is refused on its own field.
    await newEmail.fill(`renamed-${tag}@example.com`);
    await save.click();
    await expect.poll(() => fieldProblem(current)).toBe(AuthMessages.currentPasswordWrong);
    await expect(fieldProblem(newEmail)).resolves.toBe(null);
  });
});

describe('Google sign-in on a server without it', () => {
  it('is no button but the reason, and its address sends a browser back to sign in with the reason', async () => {
    const page = await freshPage();
    await page.goto(`${baseURL}/signup`);
    await page.getByText(AuthMessages.providerDisabled).waitFor();
    await expect(page.getByRole('link', { name: 'Sign up with Google' }).or(page.getByRole('button', { name: 'Sign up with Google' })).count()).resolves.toBe(0);
    // Whoever follows the old link lands on the sign-in page with the reason, not on a JSON error.
    await page.goto(`${baseURL}/api/auth/authorize?provider=google`);
    await page.waitForURL(/\/login\?error=google_unavailable$/);
    await expect(banner(page).textContent()).resolves.toBe(AuthMessages.providerDisabled);
    await page.context().close();
  });
});

describe('an admin made with npm run create-admin, in the back office', () => {
  it('shows the sign-in form at once, must replace the one-time password first, names themselves, and changes the author’s role', async () => {
    const email = `admin-${tag}@example.com`;
    const password = await createAdmin(email);

    const page = await freshPage();
    const warnings: string[] = [];
    page.on('console', (message) => warnings.push(message.text()));
    // Straight to the form: no seconds of blank page while react-admin checks, signs out and checks again.
    const asked = Date.now();
    await page.goto(`${baseURL}/admin`);
    await page.waitForURL(/\/admin\/login$/);
    await page.getByRole('button', { name: /sign in/i }).waitFor();
    console.log(`back office: sign-in form shown after ${Date.now() - asked} ms`);
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/password/i).first().fill(password);
    await page.getByRole('button', { name: /sign in/i }).click();
    // Before anything else: a new password. Another page of the back office shows the same form.
    await page.getByRole('heading', { name: 'Choose your own password' }).waitFor();
    await expect(page.getByText('Platform health').count()).resolves.toBe(0);
    await page.goto(`${baseURL}/admin/users`);
    await page.getByRole('heading', { name: 'Choose your own password' }).waitFor();
    await expect(page.getByPlaceholder('Search e-mail or name').count()).resolves.toBe(0);
    await page.getByLabel('Current (one-time) password').fill(password);
    await page.getByLabel(/^New password/).fill(ADMIN_OWN_PASSWORD);
    await page.getByLabel('Confirm new password').fill(ADMIN_OWN_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByPlaceholder('Search e-mail or name').waitFor();
    const signInWith = (pw: string) => fetch(`${baseURL}/api/auth/token?grant_type=password`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: pw }) });
    expect((await signInWith(password)).status).toBe(400);
    expect((await signInWith(ADMIN_OWN_PASSWORD)).status).toBe(200);

    // Their profile: the name authors see of them, never their address.
    await page.goto(`${baseURL}/admin/profile`);
    await page.getByText(`Authors see you as ${DEFAULT_TEAM_DISPLAY_NAME}`).waitFor();
    await page.getByLabel('Display name').fill('Sam from Pressroom');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved: authors now see you as Sam from Pressroom.').waitFor();
    await snapshot(page, 'admin-profile');
    await page.goto(`${baseURL}/admin`);
    await page.getByText('Platform health').waitFor();

    await page.goto(`${baseURL}/admin/users`);
    await page.getByPlaceholder('Search e-mail or name').fill(`author-${tag}`);
    const row = page.getByRole('row', { name: new RegExp(`author-${tag}`) });
    await row.waitFor();
    await page.getByRole('row', { name: new RegExp(`admin-${tag}`) }).waitFor({ state: 'detached' }); // the search narrowed the list
    await row.getByRole('link', { name: /role/i }).click();
    await page.getByRole('combobox', { name: /role/i }).click();
    await page.getByRole('option', { name: 'elite team' }).click();
    await page.getByRole('button', { name: /save/i }).click();
    await page.getByText('Element updated').waitFor();
    await snapshot(page, 'admin-users');
    // Their own role is not theirs to change: the back office would lose the admin who could give it back.
    await page.getByPlaceholder('Search e-mail or name').fill(`admin-${tag}`);
    await page.getByRole('row', { name: new RegExp(`admin-${tag}`) }).getByRole('link', { name: /role/i }).click();
    await page.getByText(TeamMessages.ownRole).waitFor();
    await expect(page.getByRole('combobox', { name: /role/i }).isDisabled()).resolves.toBe(true);
    // Notifications show their words without react-admin looking them up as keys.
    expect(warnings.filter((w) => w.includes('Missing translation'))).toEqual([]);

    const signIn = await fetch(`${baseURL}/api/auth/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(author),
    });
    expect(((await signIn.json()) as { user: { role: string } }).user.role).toBe('elite_team');
    await page.context().close();
  });
});

describe('an author changing their e-mail', () => {
  it('confirms the new address from the link mailed to it', async () => {
    const old = { email: `mover-${tag}@example.com`, password: 'my own sturdy passphrase' };
    const newEmail = `moved-${tag}@example.com`;
    const json = (path: string, method: string, body: unknown, token?: string) =>
      fetch(`${baseURL}/api${path}`, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }).then(
        async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }),
      );
    const session = await json('/auth/signup', 'POST', old);
    const token = session.body.access_token as string;
    const change = await json('/auth/user', 'PUT', { email: newEmail, current_password: old.password }, token);
    expect(change.body).toMatchObject({ email: old.email, new_email: newEmail });

    const [mail] = await waitForMail(newEmail);
    const link = /https?:\/\/\S+\/verify-email\?token=[\w%-]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeTruthy();
    const page = await freshPage();
    await page.goto(`${baseURL}${new URL(link as string).pathname}${new URL(link as string).search}`);
    await page.getByText(`Your account's e-mail is now ${newEmail}`).waitFor();
    await snapshot(page, 'verify-email');
    // The link works once.
    await page.reload();
    await page.getByRole('alert').waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(AuthMessages.invalidVerificationToken);
    expect((await json('/auth/token?grant_type=password', 'POST', { email: newEmail, password: old.password })).status).toBe(200);
    await page.context().close();
  });
});

describe('an author who forgot their password', () => {
  it('asks for a link on /login, sets a new password from the mailed link, is signed in, and the old password no longer works', async () => {
    const forgetful = { email: `forgetful-${tag}@example.com`, password: 'my own sturdy passphrase' };
    await fetch(`${baseURL}/api/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(forgetful) });
    const page = await freshPage();
    await page.goto(`${baseURL}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The sign-in page (with its own Email field) stays up until /recover's code has loaded.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(forgetful.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    // The answer or the page's error, whichever comes: a refusal then fails with its own words.
    await expect(page.getByRole('status').or(page.getByRole('alert')).textContent()).resolves.toBe(AuthMessages.recoverySent);

    const link = /https?:\/\/\S+\/recover\?token=[\w%-]+/.exec((await waitForSubject(forgetful.email, 'Set a new password')).text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(`${baseURL}${new URL(link as string).pathname}${new URL(link as string).search}`);
    await page.getByLabel('New password', { exact: true }).fill('a freshly chosen passphrase');
    await page.getByLabel('Confirm new password', { exact: true }).fill('a freshly chosen passphrase');
    await snapshot(page, 'recover-new-password');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.waitForURL(`${baseURL}/dashboard`);
    await page.getByText(forgetful.email).first().waitFor();

    const signIn = (password: string) =>
      fetch(`${baseURL}/api/auth/token?grant_type=password`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: forgetful.email, password }) });
    expect((await signIn(forgetful.password)).status).toBe(400);
    expect((await signIn('a freshly chosen passphrase')).status).toBe(200);
    await page.context().close();
  });
});
