import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SalesReport, ShopSaleStatus } from '../libs/contracts/index.ts';
import { ebookMailSubject, formatAmount, fromCents, stripeFeeCents, toCents } from '../libs/domain/index.ts';
import { eventually } from '../testing/index.ts';
import { waitForSubject } from '../testing/mail-inbox.ts';
import { createAdmin, signInAsNewAdmin } from './back-office.ts';
import { confirmEmail, e2eSession, e2eStand, fieldProblem, snapshot } from './browser.ts';

// Issue 30's walk: an author sells a book's e-book and printed copies to visitors without accounts, and sees what
// each sale earned; the back office sees the same sales.
const baseURL = e2eStand().baseURL;
const session = e2eSession();
const tag = randomUUID().slice(0, 8);
const title = `Selling at a Distance ${tag}`;
const author = { email: `seller-${tag}@example.com`, password: 'my own sturdy passphrase' };
const reader = `reader-${tag}@example.com`;
const printBuyer = `collector-${tag}@example.com`;
const EBOOK_PRICE = '7.99';
const PRINT_PRICE = '24.00';
let page: Page;
let token: string;
let bookId: string;
/** What the print buyer paid, all in (the quote's total). */
let printTotal: number;

async function api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as T;
}

const usd = (dollars: number) => formatAmount(toCents(dollars), 'USD');

/** The local test-mode checkout: it names what is sold and the amount; Pay settles it and comes back to the purchase page. */
async function payOnTestCheckout(buyer: Page, product: string, amount: string, shot: string): Promise<string> {
  await buyer.waitForURL(/\/api\/stripe\/test-checkout\//, { timeout: 30_000 });
  await buyer.getByText('Test mode').first().waitFor();
  await expect(buyer.getByText(product).first().isVisible()).resolves.toBe(true);
  await expect(buyer.getByText(amount).first().isVisible()).resolves.toBe(true);
  await snapshot(buyer, shot);
  await buyer.getByRole('button', { name: /^Pay/ }).click();
  await buyer.waitForURL(/\/shop\/purchase\/[0-9a-f-]{36}/);
  return /\/shop\/purchase\/([0-9a-f-]{36})/.exec(buyer.url())?.[1] as string;
}

// A new author with a finished book saved to the account (written by the mock provider), signed in in the browser.
beforeAll(async () => {
  ({ page } = session);
  token = (await api('POST', '/auth/signup', author)).access_token as string;
  await confirmEmail(baseURL, author.email);
  const start = await api('POST', '/projects/generate-complete', { title, author: 'Ada Writer', book_idea: 'How small companies sell what they make, far from their buyers', ai_model: 'mock', total_target_words: 10_000 });
  const projectId = start.project_id as string;
  await eventually(() => api('GET', `/projects/orchestration/${projectId}/status`), (status) => status.status === 'completed', 60_000);
  bookId = (await api('POST', '/book-projects', { project_id: projectId, source: 'one-shot' })).id as string;

  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Email').fill(author.email);
  await page.getByLabel('Password', { exact: true }).fill(author.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseURL}/dashboard`);
}, 120_000);

describe('an author publishes a book with an e-book price and a print price', () => {
  it('refuses a print price below the cost of a copy, with the numbers, on its field', async () => {
    const card = page.locator('.book-card');
    await card.getByLabel('Publish to Shop').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Publish' }).click();
    await card.getByText('Not sold in print').waitFor();
    await card.getByRole('button', { name: 'Edit shop settings' }).click();
    await card.getByLabel('Price (USD)').fill(EBOOK_PRICE);
    await card.getByLabel('Print price (per copy').fill('0.50');
    await card.getByRole('button', { name: 'Save Changes' }).click();
    const printPrice = card.getByLabel('Print price (per copy');
    await expect.poll(() => fieldProblem(printPrice)).toMatch(/^The print price must be at least \$\d+\.\d\d: printing costs \$\d+\.\d\d a copy/);
    await snapshot(page, 'shop-print-price-refused');

    await printPrice.fill(PRINT_PRICE);
    await card.getByRole('button', { name: 'Save Changes' }).click();
    await card.getByText(`${usd(Number(PRINT_PRICE))} a copy`).waitFor();
    await expect(card.getByText(usd(Number(EBOOK_PRICE)), { exact: true }).isVisible()).resolves.toBe(true);
  });
});

describe('a signed-out visitor buys the e-book', () => {
  let visitor: Page;

  it('finds the book from the landing page, through the shop', async () => {
    visitor = await (await session.browser.newContext({ acceptDownloads: true })).newPage();
    await visitor.goto(`${baseURL}/`);
    await visitor.getByRole('link', { name: 'Browse books by our authors' }).click();
    await visitor.waitForURL(`${baseURL}/shop`);
    // The catalogue holds every test run's books: the visitor looks this one up by its title.
    await visitor.waitForLoadState('networkidle');
    await snapshot(visitor, 'shop-catalogue');
    await visitor.getByLabel('Title or author').fill(title);
    await visitor.getByRole('button', { name: 'Search' }).click();
    await visitor.getByRole('status').filter({ hasText: '1 book' }).waitFor();
    await visitor.getByRole('link', { name: title }).click();
    await visitor.waitForURL(`${baseURL}/shop/${bookId}`);
    await visitor.getByRole('heading', { name: 'Buy this book' }).waitFor();
  });

  it('pays for the e-book on the test checkout and is told where the link went', async () => {
    // The book's page, as the visitor found it (or from a link).
    if (!visitor.url().endsWith(`/shop/${bookId}`)) await visitor.goto(`${baseURL}/shop/${bookId}`);
    await visitor.getByRole('heading', { name: 'Buy this book' }).waitFor();
    const ebook = visitor.getByRole('listitem', { name: 'E-book' });
    await expect(ebook.getByText(usd(Number(EBOOK_PRICE))).isVisible()).resolves.toBe(true);
    await expect(visitor.getByRole('listitem', { name: 'Printed copy' }).getByText(`${usd(Number(PRINT_PRICE))} a copy`).isVisible()).resolves.toBe(true);
    await snapshot(visitor, 'shop-book-page');

    await ebook.getByRole('button', { name: 'Buy the e-book' }).click();
    const form = visitor.getByRole('form', { name: 'Buy the e-book' });
    // Signed out, the address is asked for, and checked before anything is sent.
    await form.getByRole('button', { name: `Pay ${usd(Number(EBOOK_PRICE))}` }).click();
    await expect.poll(() => fieldProblem(form.getByLabel('Your e-mail address'))).toBe('Enter the e-mail address your purchase goes to');
    await form.getByLabel('Your e-mail address').fill(reader);
    await form.getByRole('button', { name: `Pay ${usd(Number(EBOOK_PRICE))}` }).click();
    await payOnTestCheckout(visitor, `${title} (e-book)`, usd(Number(EBOOK_PRICE)), 'shop-test-checkout-ebook');

    await visitor.getByText(`We've e-mailed your download link to r•••@example.com.`).waitFor({ timeout: 60_000 });
    await expect(visitor.getByRole('link', { name: 'Library' }).count()).resolves.toBe(0);
    await snapshot(visitor, 'shop-purchase-ebook');
  }, 120_000);

  it('gets the mail and downloads the EPUB from its link', async () => {
    const mail = await waitForSubject(reader, ebookMailSubject(title), 30_000);
    const link = /https?:\/\/\S+\/epub\b[^\s)>]*/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const [download] = await Promise.all([visitor.waitForEvent('download'), visitor.goto(link as string).catch(() => undefined)]);
    expect(download.suggestedFilename()).toMatch(/\.epub$/);
    const epub = await readFile(await download.path());
    // A zip whose first entry is the EPUB's uncompressed mimetype.
    expect(epub.subarray(0, 2).toString()).toBe('PK');
    expect(epub.subarray(0, 120).toString('latin1')).toContain('application/epub+zip');

    // The shop page sends the links again to the address that bought.
    await visitor.goto(`${baseURL}/shop/${bookId}`);
    await visitor.getByText('Bought this already? Get my download links again').click();
    await visitor.getByLabel('Your e-mail address').fill(reader);
    await visitor.getByRole('button', { name: 'Get my download links again' }).click();
    await visitor.getByText(/a message with fresh download links is on its way/).waitFor();
    await visitor.context().close();
  }, 60_000);
});

describe('another visitor orders two printed copies', () => {
  it('prices them to an address on a phone, pays, and the print provider ships them', async () => {
    const buyer = await (await session.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await buyer.goto(`${baseURL}/shop/${bookId}`);
    await buyer.getByRole('button', { name: 'Buy printed copies' }).click();
    const form = buyer.getByRole('form', { name: 'Buy printed copies' });
    await form.getByRole('button', { name: 'Get price' }).click();
    await expect.poll(() => fieldProblem(form.getByLabel('Full Name'))).toBe('Full name is required');
    await form.getByLabel('Full Name').fill('Grace Reader');
    await form.getByLabel('Street Address').fill('1 Main Street');
    await form.getByLabel('City').fill('Springfield');
    await form.getByLabel('State/Province').selectOption('IL');
    await form.getByLabel('Postal Code').fill('62701');
    await form.getByLabel('Phone Number').fill('+1 (217) 555-0100');
    await form.getByLabel('Copies').fill('2');
    await form.getByLabel('Your e-mail address').fill(printBuyer);
    await form.getByRole('button', { name: 'Get price' }).click();
    const quote = form.getByRole('status').filter({ hasText: 'Total' });
    await quote.waitFor({ timeout: 30_000 });
    await expect(quote.textContent()).resolves.toContain(`2 copies × ${usd(Number(PRINT_PRICE))}`);
    const pay = form.getByRole('button', { name: /^Pay \$[\d,]+\.\d\d$/ });
    printTotal = Number(((await pay.textContent()) ?? '').replace(/[^\d.]/g, ''));
    expect(printTotal).toBeGreaterThan(2 * Number(PRINT_PRICE));
    const overflow = await buyer.locator('html').evaluate((html) => (html as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth - (html as unknown as { clientWidth: number }).clientWidth);
    expect(overflow).toBe(0);
    await snapshot(buyer, 'shop-print-quote-phone');
    await pay.click();

    const saleId = await payOnTestCheckout(buyer, `2 × ${title} (printed)`, usd(printTotal), 'shop-test-checkout-print');
    await buyer.getByText(/Your copies are being printed; we'll e-mail tracking/).waitFor({ timeout: 30_000 });
    await snapshot(buyer, 'shop-purchase-print');
    // The print order goes to the simulator, which moves it along and ships it.
    const sale = await eventually(() => api<ShopSaleStatus>('GET', `/shop/sales/${saleId}`), (s) => s.status === 'shipped', 120_000);
    expect(sale).toMatchObject({ status: 'shipped', edition: 'print', quantity: 2 });
    await buyer.context().close();
  }, 180_000);
});

describe("the author's Sales tab", () => {
  it('shows both sales with what each earned, by month, and as CSV', async () => {
    const report = await api<SalesReport>('GET', '/sales');
    expect(report.sales.map((s) => s.edition).sort()).toEqual(['ebook', 'print']);
    const ebook = report.sales.find((s) => s.edition === 'ebook');
    const print = report.sales.find((s) => s.edition === 'print');
    const ebookFee = fromCents(stripeFeeCents(toCents(Number(EBOOK_PRICE))));
    expect(ebook).toMatchObject({ price: Number(EBOOK_PRICE), stripe_fee: ebookFee, print_cost: 0, earnings: fromCents(toCents(Number(EBOOK_PRICE)) - toCents(ebookFee)), quantity: 1 });
    expect(print).toMatchObject({ price: printTotal, stripe_fee: fromCents(stripeFeeCents(toCents(printTotal))), quantity: 2 });
    expect(print?.print_cost).toBeGreaterThan(0);
    expect(toCents(print?.earnings ?? 0)).toBe(toCents(printTotal) - toCents(print?.stripe_fee ?? 0) - toCents(print?.print_cost ?? 0));

    await page.reload();
    await page.getByRole('tab', { name: 'Sales' }).click();
    const table = page.getByRole('table', { name: 'Sales, newest first' });
    const rows = table.locator('tbody tr');
    const ebookRow = rows.filter({ hasText: 'E-book' });
    await ebookRow.waitFor();
    await expect(ebookRow.textContent()).resolves.toContain(usd(ebook?.earnings ?? 0));
    await expect(rows.filter({ hasNotText: 'E-book' }).textContent()).resolves.toContain(usd(print?.earnings ?? 0));
    const months = page.getByRole('table', { name: 'Totals by month' });
    await expect(months.locator('tfoot tr').textContent()).resolves.toContain(usd(report.totals.earnings));
    await expect(page.getByRole('img', { name: /^Earnings by month/ }).isVisible()).resolves.toBe(true);
    // The account card says what the books sold, too.
    await page.getByText(`Shop: 2 sales, ${usd(report.totals.earnings)} earned`).waitFor();
    await snapshot(page, 'shop-sales-tab');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    // A header row and one row per sale.
    expect((await readFile(await csv.path(), 'utf8')).split('\n').filter((line) => line.includes(title))).toHaveLength(2);
  }, 60_000);

  it('lists one edition when asked (the API filters)', async () => {
    const rows = page.getByRole('table', { name: 'Sales, newest first' }).locator('tbody tr');
    await page.getByLabel('Edition').selectOption('print');
    await expect.poll(() => rows.filter({ hasText: 'E-book' }).count()).toBe(0);
    await expect(rows.count()).resolves.toBe(1);
    await page.getByLabel('Edition').selectOption('');
    await expect.poll(() => rows.count()).toBe(2);
  });
});

describe('the back office', () => {
  it("lists both sales and the author's earnings", async () => {
    const email = `admin-shop-${tag}@example.com`;
    const admin = await (await session.browser.newContext()).newPage();
    await signInAsNewAdmin(admin, baseURL, email, await createAdmin(email));

    await admin.getByRole('menuitem', { name: 'Sales' }).click();
    await admin.getByPlaceholder('Search title, author or buyer e-mail').fill(author.email);
    const rows = admin.getByRole('row').filter({ hasText: title });
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await expect(rows.filter({ hasText: 'E-book' }).getByRole('link', { name: title }).getAttribute('href')).resolves.toBe(`/shop/${bookId}`);
    await snapshot(admin, 'shop-admin-sales');

    await admin.getByRole('menuitem', { name: 'Earnings' }).click();
    // The list is searched once it is there (its table shown), not while the page changes over from the sales.
    await admin.getByRole('region', { name: 'Earnings table' }).waitFor();
    // Other files' sellers may earn more: the author is found by address, not looked for on the first page.
    await admin.getByPlaceholder('Search author e-mail').fill(author.email);
    // Within the earnings table: the sales list, filtered by the same address, may still be on screen for a moment.
    const row = admin.getByRole('region', { name: 'Earnings table' }).getByRole('row').filter({ hasText: author.email });
    await row.waitFor();
    const report = await api<SalesReport>('GET', '/sales');
    await expect(row.textContent()).resolves.toContain(usd(report.totals.earnings));
    await snapshot(admin, 'shop-admin-earnings');
    await admin.context().close();
  }, 60_000);
});
