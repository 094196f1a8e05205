import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { ActivityDeps } from '../activities/index.ts';
import { CHROMIUM_HEADLESS_SHELL, chromiumPath } from '../scripts/stack/tools.ts';
import type { Config } from '../libs/config/index.ts';
import { startEngine, testConfig, type Engine } from '../testing/index.ts';
import { waitForSubject } from '../testing/mail-inbox.ts';
import type { E2eStand } from './global-setup.ts';

/** Debian's Chromium (its headless shell: scripts/stack/tools.ts), with its calls home switched off (this machine has no internet). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath() ?? CHROMIUM_HEADLESS_SHELL,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Saves a screenshot under the test data directory so a person can look at what the test saw. */
export async function snapshot(page: Page, name: string): Promise<string> {
  const dir = join(process.env.PRESSROOM_TEST_DATA_DIR ?? '.data/test', 'screenshots');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** What the refusing provider answers (a 400 is permanent: the book fails at once, at the stage that called it). */
export const REFUSAL = 'This request was refused by the provider (e2e fake)';

/**
 * The stand (API, portal, print provider; e2e/global-setup.ts) of the Vitest worker this file runs in: files running at
 * the same moment are in different workers, so no two of them share an API's task queue.
 */
export function e2eStand(): E2eStand {
  const stands = inject('e2eStands');
  const stand = stands[((Number(process.env.VITEST_POOL_ID) || 1) - 1) % stands.length];
  if (!stand) throw new Error('no browser test stand was started (e2e/global-setup.ts)');
  return stand;
}

/** The configuration of the API under test (its task queue, its print provider), for a test file's worker, with overrides. */
export const e2eConfig = (overrides: Partial<Record<keyof Config, string>> = {}) => testConfig({ ...e2eStand().apiEnv, ...overrides });

/**
 * The API under test has no worker of its own: each test file starts one, configured like the API (Anthropic
 * pointing at the refusing fake), so whichever worker takes a task does the same thing.
 */
const startE2eWorker = (prepare?: (deps: ActivityDeps) => void) => startEngine(e2eConfig({ ANTHROPIC_API_KEY: 'e2e-fake-key', ANTHROPIC_BASE_URL: e2eStand().refusingAiUrl }), prepare);

export interface E2eSession {
  browser: Browser;
  /** A page in a context that accepts downloads. */
  page: Page;
  engine: Engine;
}

/**
 * One browser, one page and one worker for a test file, opened before its tests and closed after them. `prepare`
 * changes the worker's dependencies first (e.g. a loopback service made slow). No other file runs on the file's stand
 * meanwhile, so the file's worker is the one that does its tasks.
 */
export function e2eSession(prepare?: (deps: ActivityDeps) => void): E2eSession {
  const session = {} as E2eSession;
  beforeAll(async () => {
    session.engine = await startE2eWorker(prepare);
    session.browser = await launchBrowser();
    session.page = await (await session.browser.newContext({ acceptDownloads: true })).newPage();
  }, 60_000);
  // A failed test says what each of its open pages showed (the file's page and those a test opened in contexts of its
  // own, an admin's say): the address and text in the log, the picture under screenshots/.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !session.browser) return;
    const pages = session.browser.contexts().flatMap((context) => context.pages()).filter((page) => !page.isClosed());
    for (const [i, page] of pages.entries()) {
      const text = (await page.locator('main').first().innerText({ timeout: 2000 }).catch(() => '')).slice(0, 1500);
      const shot = await snapshot(page, `failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}-${i + 1}`).catch(() => 'none');
      console.error(`[e2e] "${task.name}" failed; page ${i + 1} of ${pages.length} on ${page.url()} (screenshot: ${shot}) said:\n${text}`);
    }
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.engine?.stop();
  });
  return session;
}

/** Confirms a new account's e-mail as its owner does, with the link mailed at sign-up (unconfirmed accounts may not buy or order prints). */
export async function confirmEmail(baseURL: string, email: string): Promise<void> {
  const token = /[?&]token=([\w-]+)/.exec((await waitForSubject(email, 'Confirm your e-mail address')).text)?.[1];
  const answer = await fetch(`${baseURL}/api/auth/verify`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) });
  if (!answer.ok) throw new Error(`confirming ${email} failed: ${answer.status} ${await answer.text()}`);
}

/**
 * A page of its own (own storage) whose visitor has just signed up, confirmed the e-mail and signed in through /login; `prepare` gets the
 * new account's id first (e.g. to give it a book credit).
 */
export async function signedInPage(browser: Browser, baseURL: string, prepare?: (userId: string) => Promise<unknown>): Promise<Page> {
  const account = { email: `author-${crypto.randomUUID()}@example.com`, password: 'my own sturdy passphrase' };
  const signedUp = await fetch(`${baseURL}/api/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) });
  await confirmEmail(baseURL, account.email);
  await prepare?.(((await signedUp.json()) as { user: { id: string } }).user.id);
  return signedInAs(browser, baseURL, account);
}

/** A page of its own (own storage) signed in through /login as an account that exists, on its dashboard. */
export async function signedInAs(browser: Browser, baseURL: string, account: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${baseURL}/dashboard`);
  return page;
}

/** The message tied to a field (its aria-describedby `…-error` element), or null when it is not marked invalid. */
export const fieldProblem = (field: Locator) =>
  field.evaluate((node) => {
    // This runs in the page; the test files are compiled without the DOM's types.
    const element = node as unknown as { getAttribute(name: string): string | null; ownerDocument: { getElementById(id: string): { textContent: string | null } | null } };
    if (element.getAttribute('aria-invalid') !== 'true') return null;
    const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter((id: string) => id.endsWith('-error'));
    return ids.map((id: string) => element.ownerDocument.getElementById(id)?.textContent ?? '').join(' ');
  });
