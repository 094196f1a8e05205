import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentView, SubscriptionView } from '../libs/contracts/index.ts';
import { CheckoutMessages, CreditMessages, EliteDetailsMessages, GenerationMessages, SubscriptionMessages } from '../libs/domain/index.ts';
import { FakeAiServer } from '../testing/ai-fakes.ts';
import { eventually, startEngine, type Engine } from '../testing/index.ts';
import { mailTo, type CaughtMail } from '../testing/mail-inbox.ts';
import { confirmEmail, e2eConfig, e2eStand, launchBrowser, snapshot } from './browser.ts';

const baseURL = e2eStand().baseURL;
const password = 'my own sturdy passphrase';
// Anthropic answers here (a loopback fake that writes), so a book on the paid provider runs to its end.
const writingAi = new FakeAiServer();
let engine: Engine;
let browser: Browser;

beforeAll(async () => {
  await writingAi.start();
  engine = await startEngine(e2eConfig({ ANTHROPIC_API_KEY: 'e2e-fake-key', ANTHROPIC_BASE_URL: writingAi.url }));
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await engine?.stop();
  await writingAi.stop();
});

/** A new visitor who signs up on /signup and lands on the dashboard. */
async function newAuthor(email: string): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await page.goto(`${baseURL}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(`${baseURL}/dashboard`);
  await confirmEmail(baseURL, email);
  return page;
}

/** The signed-in page's own view of the API, with its token. */
async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('pressroom.session') ?? '{}') as { access_token?: string }).access_token);
  const response = await fetch(`${baseURL}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** The message to `address` with this subject, once it has arrived (the inbox also holds the sign-up's confirmation). */
async function mailWithSubject(address: string, subject: string): Promise<CaughtMail> {
  const mails = await eventually(() => mailTo(address), (found) => found.some((mail) => mail.subject === subject), 15_000);
  const mail = mails.find((found) => found.subject === subject);
  if (!mail) throw new Error(`no "${subject}" to ${address}; got ${mails.map((m) => `"${m.subject}"`).join(', ')}`);
  return mail;
}

/** The local test-mode checkout page: it names the product and the price, and Pay settles it. */
async function payOnTestCheckout(page: Page, product: string, amount: string) {
  await page.waitForURL(/\/api\/stripe\/test-checkout\//);
  await page.getByText('Test mode').first().waitFor();
  await expect(page.getByText(product).first().isVisible()).resolves.toBe(true);
  await expect(page.getByText(amount).first().isVisible()).resolves.toBe(true);
  await snapshot(page, `test-checkout-${product.replaceAll(' ', '-').toLowerCase()}`);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(/\/success\?session_id=/);
  await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
}

describe('the AI Book Generator, bought from the landing page and spent on a book', () => {
  const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
  let page: Page;

  it('starts with no credit, pays on the test checkout page and lands on the one-shot variant of /success', async () => {
    page = await newAuthor(email);
    await page.getByText('Book credits: 0').waitFor();
    await page.goto(`${baseURL}/`);
    await page.getByRole('button', { name: 'Generate - $99' }).click();
    await payOnTestCheckout(page, 'AI Book Generator', '$99.00');
    await page.getByRole('heading', { name: 'Ready to generate' }).waitFor();
    await expect(page.getByRole('button', { name: 'Complete Your Book Project Details' }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Go to Dashboard' }).isVisible()).resolves.toBe(true);
    await snapshot(page, 'success-one-shot');

    const paid = await eventually(() => api<SubscriptionView>(page, '/subscription'), (view) => view.book_credits === 1);
    expect(paid.book_credits).toBe(1);
    expect((await mailWithSubject(email, 'Your receipt: AI Book Generator')).text).toContain('$99.00');

    // The account card shows the purchase and what its credit is for, never "No active subscription" after paying.
    const dashboard = await page.context().newPage();
    await dashboard.goto(`${baseURL}/dashboard`);
    const card = dashboard.getByRole('region', { name: 'Account Status' });
    await card.getByText(CreditMessages.held(1)).waitFor();
    await expect(card.getByText(SubscriptionMessages.purchases(1)).isVisible()).resolves.toBe(true);
    await expect(card.getByText(SubscriptionMessages.none).count()).resolves.toBe(0);
    await snapshot(dashboard, 'dashboard-book-credit');
    await dashboard.close();
  });

  it('writes a book with the paid provider, which spends the credit', async () => {
    await page.getByRole('link', { name: 'Start Generating Your Book' }).click();
    await page.waitForURL(`${baseURL}/one-shot`);
    await page.getByLabel('Book Title').fill('Trust at a Distance');
    await page.getByLabel('Author Name').fill('Ada Writer');
    await page.getByLabel('Describe your book idea').fill('How small companies lead distributed teams with trust and rituals');
    await page.getByLabel(/Real AI/).check();
    await page.getByRole('button', { name: 'Write My Book' }).click();
    await page.getByRole('heading', { name: GenerationMessages.done }).waitFor({ timeout: 170_000 });
    expect(writingAi.calls()).toBeGreaterThan(0);

    await page.goto(`${baseURL}/dashboard`);
    await page.getByText('Book credits: 0').waitFor();
    const [payment] = await api<PaymentView[]>(page, '/payments');
    expect(payment).toMatchObject({ product_id: 'ai-book-generator', status: 'paid', amount: 9900, credit_status: 'spent' });
  }, 180_000);

  it('refuses another book on a paid provider without a credit', async () => {
    await page.goto(`${baseURL}/one-shot`);
    // The finished book stays on the page until the author asks for another.
    await page.getByRole('button', { name: 'Generate another book' }).click();
    await page.getByLabel('Book Title').fill('A Second Book');
    await page.getByLabel('Author Name').fill('Ada Writer');
    await page.getByLabel('Describe your book idea').fill('A book there is no credit left to pay for');
    await page.getByLabel(/Real AI/).check();
    await page.getByRole('button', { name: 'Write My Book' }).click();
    const failure = page.getByRole('alert');
    await failure.getByRole('heading', { name: 'Generation Failed' }).waitFor();
    await expect(failure.textContent()).resolves.toContain('takes a book credit');
    await page.context().close();
  });
});

describe('the Elite Service, bought from the landing page through /coming-soon', () => {
  const email = `elite-${randomUUID().slice(0, 8)}@example.com`;
  let page: Page;

  it('pays on the test checkout page and lands on the Elite variant of /success', async () => {
    page = await newAuthor(email);
    await page.getByText('No active subscription').waitFor();
    // The landing page's Elite call to action leads to the Elite page, whose buttons start its checkout.
    await page.goto(`${baseURL}/`);
    await page.getByRole('link', { name: 'Elite Service - Now Available' }).click();
    await page.waitForURL(`${baseURL}/coming-soon`);
    await page.getByRole('heading', { name: 'Elite Service', level: 1 }).waitFor();

    // A refusal shows the server's text, and the buttons are ready again.
    await page.route('**/api/create-checkout-session', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: CheckoutMessages.notConfigured, message: CheckoutMessages.notConfigured, statusCode: 503 }) }),
    );
    await page.getByRole('button', { name: 'Start Your Book Now' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(CheckoutMessages.notConfigured);
    await expect(page.getByRole('button', { name: 'Start Your Book Now' }).isEnabled()).resolves.toBe(true);
    await page.unroute('**/api/create-checkout-session');

    // While the session is being created, the button says so and neither checkout can start twice.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/create-checkout-session', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Start Your Book Now' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Start AI Generation - $99' }).isDisabled()).resolves.toBe(true);
    release();
    await payOnTestCheckout(page, 'Elite Service', '$499.00');
    await page.unroute('**/api/create-checkout-session');
    await page.getByRole('heading', { name: 'What happens next' }).waitFor();
    await expect(page.getByRole('link', { name: 'Start Generating Your Book' }).count()).resolves.toBe(0);
  });

  it('checks the project details beside each field, then sends them', async () => {
    await page.getByRole('button', { name: 'Complete Your Book Project Details' }).click();
    await expect(page.getByLabel('Email Address').inputValue()).resolves.toBe(email);
    await page.getByLabel('Full Name').fill('Grace Author');
    await page.getByLabel('Book Topic/Subject Area').fill('Leading remote teams');
    await page.getByLabel('Preferred Timeline').selectOption('1-month');
    const description = 'A practical book for founders who lead distributed teams.';
    await page.getByLabel('Book Description & Goals').fill(description);
    await page.getByText(`${description.length}/2000 characters`).waitFor();
    await page.getByLabel('Email Address').fill('grace-at-example');
    await page.getByRole('button', { name: 'Submit Project Details' }).click();
    await page.getByText(EliteDetailsMessages.emailInvalid).waitFor();
    await expect(page.getByLabel('Email Address').getAttribute('aria-invalid')).resolves.toBe('true');
    await snapshot(page, 'success-elite-invalid');

    await page.getByLabel('Email Address').fill(email);
    await expect(page.getByText(EliteDetailsMessages.emailInvalid).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Submit Project Details' }).click();
    await page.getByRole('heading', { name: EliteDetailsMessages.submitted }).waitFor();
    await expect(page.getByRole('status').filter({ hasText: EliteDetailsMessages.submitted }).textContent()).resolves.toContain('outline and first chapters come within 24-48 hours');
  });

  it('shows the Elite Service on the dashboard, and the receipt is in the inbox', async () => {
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL(`${baseURL}/dashboard`);
    const status = page.getByRole('region', { name: 'Account Status' });
    await status.getByText('Active Subscription').waitFor({ timeout: 15_000 });
    await expect(status.textContent()).resolves.toContain('Elite Service');
    await snapshot(page, 'dashboard-elite');

    expect((await mailWithSubject(email, 'Your receipt: Elite Service')).text).toContain('$499.00');
    expect((await mailWithSubject(email, 'Your Elite Service project: Leading remote teams')).text).toContain('Grace Author');
  });

  it('sends a book request from the dashboard and lists it', async () => {
    await page.getByRole('tab', { name: /Book Requests/ }).click();
    await page.getByRole('button', { name: 'Submit Book Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit a Book Request' });
    // The account's address, shown, not editable: the confirmation goes there alone.
    await expect(dialog.getByLabel('Email Address').inputValue()).resolves.toBe(email);
    await expect(dialog.getByLabel('Email Address').isEditable()).resolves.toBe(false);
    await dialog.getByLabel('Full Name').fill('Grace Author');
    await dialog.getByLabel('Book Topic').fill('Hiring across time zones');
    await dialog.getByLabel('Book Style').selectOption('practical');
    await dialog.getByLabel('Book Description').fill('Playbooks for hiring and onboarding people you may never meet in person.');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Hiring across time zones').waitFor();
    await expect(page.getByRole('tab', { name: 'Book Requests (1)' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Style: Practical').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Submit New Request' }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });
});
