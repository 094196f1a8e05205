import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PrintOrderView } from '../libs/contracts/index.ts';
import { AddressMessages, PrintMessages, printOrderProgress, PrintStatusWords } from '../libs/domain/index.ts';
import { pdfColourAt } from '../testing/book-checks.ts';
import { pngOf } from '../testing/book-images.ts';
import { createAdmin, signInAsNewAdmin } from './back-office.ts';
import { confirmEmail, e2eSession, e2eStand, fieldProblem, snapshot } from './browser.ts';

const baseURL = e2eStand().baseURL;
const author = { email: `printer-${randomUUID().slice(0, 8)}@example.com`, password: 'my own sturdy passphrase' };
const session = e2eSession();
let page: Page;
let token: string;
let userId: string;
let projectId: string;
/** The book's own cover as the author made it (around their own front image), before any order. */
let ownCover: Buffer;
/** The checkout's Pay as the browser sent it, held back with the payment's webhook until the test sends it on. */
let heldPayment: Request | undefined;
const run = promisify(execFile);
const saved = async (pdf: Buffer) => {
  const file = join(await mkdtemp(join(tmpdir(), 'print-e2e-')), 'cover.pdf');
  await writeFile(file, pdf);
  return file;
};
/** The author's front image: a plain green, so that it can be found on every cover drawn from it. */
const GREEN: [number, number, number] = [0, 128, 0];

/** Whether the middle of a 6 × 9 in book's front cover (the wrap's right panel) is the author's green. */
async function frontIsGreen(cover: Buffer): Promise<boolean> {
  const { stdout } = await run('pdfinfo', [await saved(cover)]);
  const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout) ?? [];
  const colour = pdfColourAt(cover, Number(width) / 72 - 0.125 - 3, Number(height) / 72 / 2);
  return colour.every((c, i) => Math.abs(c - GREEN[i]!) < 8);
}

/** The book's cover PDF as My Books serves it. */
async function bookCover(): Promise<Buffer> {
  const [book] = await api<{ cover_blob_url: string }[]>('GET', '/book-projects');
  const response = await fetch(`${baseURL}${book?.cover_blob_url as string}`, { headers: { Authorization: `Bearer ${token}` } });
  return Buffer.from(await response.arrayBuffer());
}

async function api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as T;
}

// A new author with a finished book saved to the account (written by the mock provider), signed in in the browser.
beforeAll(async () => {
  ({ page } = session);
  token = (await api('POST', '/auth/signup', author)).access_token as string;
  await confirmEmail(baseURL, author.email);
  userId = (await api('GET', '/profile')).id as string;
  const start = await api('POST', '/projects/generate-complete', { title: 'Trust at a Distance', author: 'Ada Writer', book_idea: 'How small companies lead distributed teams with trust and rituals', ai_model: 'mock', total_target_words: 10_000 });
  projectId = start.project_id as string;
  for (let i = 0; i < 240; i++) {
    if ((await api('GET', `/projects/orchestration/${projectId}/status`)).status === 'completed') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  await api('POST', '/book-projects', { project_id: projectId, source: 'one-shot' });

  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Email').fill(author.email);
  await page.getByLabel('Password', { exact: true }).fill(author.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseURL}/dashboard`);
}, 120_000);

describe("the author's own front cover", () => {
  it('is uploaded in the editor, wrapped with a spine and back in the design, and shown on My Books', async () => {
    await page.goto(`${baseURL}/projects/${projectId}/edit`);
    const editor = page.locator('.own-cover');
    await editor.getByRole('img', { name: "The book's front cover" }).waitFor();
    await editor.locator('input[type="file"]').setInputFiles({ name: 'my-front.png', mimeType: 'image/png', buffer: pngOf(600, 900, GREEN) });
    await editor.getByText('Your cover is ready.').waitFor({ timeout: 60_000 });
    await editor.getByText(/Your own front cover \(600 × 900 pixels\) is used/).waitFor();
    // 600 pixels over a 6.125 in front panel is 97 dpi: the author is told what prints sharp.
    await expect(editor.getByRole('note').textContent()).resolves.toContain('prints at 97 dpi');
    await snapshot(page, 'own-cover-editor');
    ownCover = await bookCover();
    expect(await frontIsGreen(ownCover)).toBe(true);

    await page.getByRole('link', { name: '← My Books' }).click();
    await page.waitForURL(`${baseURL}/dashboard`);
    const card = page.locator('.book-card');
    await card.getByRole('button', { name: 'Preview' }).click();
    await card.getByRole('img', { name: 'Front cover' }).waitFor();
    await card.getByRole('button', { name: 'Hide preview' }).click();
  }, 120_000);
});

describe('ordering printed copies of a saved book', () => {
  let total: string;

  it('chooses 10 copies of the paperback, with the tier price', async () => {
    await page.getByRole('tab', { name: 'Print Orders (0)' }).click();
    await page.getByText(PrintMessages.empty).waitFor();
    await page.getByRole('tab', { name: /Book Projects/ }).click();
    await page.locator('.book-card').getByRole('button', { name: 'Order Print Copy' }).click();
    const wizard = page.getByRole('dialog', { name: 'Order Print Copy' });
    await wizard.waitFor();
    await expect(wizard.getByText('Trust at a Distance by Ada Writer').isVisible()).resolves.toBe(true);

    await wizard.getByRole('button', { name: 'Continue to Shipping' }).click();
    await expect(wizard.getByRole('alert').textContent()).resolves.toBe(PrintMessages.selectProduct);
    await wizard.getByLabel(/Standard Paperback 6x9 B&W/).check();
    await wizard.getByRole('button', { name: '10', exact: true }).click();
    await wizard.getByText('$4.00 per copy at 10 copies').first().waitFor();
    // The custom quantity falls back to 1 for what is no number, and stays within 1–1000.
    await wizard.getByLabel(/Custom quantity/).fill('5000');
    await wizard.getByLabel(/Custom quantity/).blur();
    await expect(wizard.getByLabel(/Custom quantity/).inputValue()).resolves.toBe('1000');
    await wizard.getByRole('button', { name: '10', exact: true }).click();
    await expect(wizard.getByRole('button', { name: '10', exact: true }).getAttribute('aria-pressed')).resolves.toBe('true');
    await wizard.getByRole('button', { name: 'Continue to Shipping' }).click();
  });

  it('checks the US address beside each field, then prices the shipping', async () => {
    const wizard = page.getByRole('dialog', { name: 'Order Print Copy' });
    await wizard.getByRole('button', { name: 'Continue to Shipping Options' }).click();
    for (const message of [AddressMessages.name, AddressMessages.street, AddressMessages.city, AddressMessages.postcode, AddressMessages.phone, AddressMessages.state]) {
      await expect(wizard.getByText(message, { exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(wizard.getByLabel('Full Name').getAttribute('aria-invalid')).resolves.toBe('true');
    await wizard.getByLabel('Full Name').fill('Ada Writer');
    await expect(wizard.getByText(AddressMessages.name, { exact: true }).count()).resolves.toBe(0);
    await wizard.getByLabel('Street Address').fill('1 Main Street');
    await wizard.getByLabel('City').fill('Springfield');
    await wizard.getByLabel('State/Province').selectOption('IL');
    await wizard.getByLabel('Postal Code').fill('62701');
    await wizard.getByLabel('Phone Number').fill('call me');
    await wizard.getByRole('button', { name: 'Continue to Shipping Options' }).click();
    await expect(wizard.getByText(AddressMessages.phoneInvalid).isVisible()).resolves.toBe(true);
    await wizard.getByLabel('Phone Number').fill('+1 (217) 555-0100');
    await wizard.getByRole('button', { name: 'Continue to Shipping Options' }).click();

    // The cheapest option is preselected; the prices come from the print provider (the simulator), not the mock.
    const mail = wizard.getByLabel(/Standard Mail/);
    await mail.waitFor();
    await expect(mail.isChecked()).resolves.toBe(true);
    await expect(wizard.getByText('Estimated price').count()).resolves.toBe(0);
    await snapshot(page, 'print-wizard-shipping');
    await wizard.getByRole('button', { name: 'Review Order' }).click();
  });

  it('reviews the order and places it only with the terms ticked', async () => {
    const wizard = page.getByRole('dialog', { name: 'Order Print Copy' });
    await expect(wizard.getByText('10 copies', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(wizard.getByText(/1 Main Street/).isVisible()).resolves.toBe(true);
    const place = wizard.getByRole('button', { name: /^Place Order - \$\d+\.\d\d$/ });
    await expect(place.isDisabled()).resolves.toBe(true);
    await expect(wizard.getByText(PrintMessages.agreeTerms).isVisible()).resolves.toBe(true);
    total = ((await place.textContent()) ?? '').replace('Place Order - ', '');
    await wizard.getByLabel(/I agree to the/).check();
    await expect(place.isEnabled()).resolves.toBe(true);
    await snapshot(page, 'print-wizard-review');
    await place.click();
  });

  it('pays on the test checkout page and comes back to the confirmation, which awaits the payment’s confirmation', async () => {
    await page.waitForURL(/\/api\/stripe\/test-checkout\//, { timeout: 60_000 });
    const sessionId = new URL(page.url()).pathname.split('/').pop() as string;
    const [placed] = await api<PrintOrderView[]>('GET', `/print/orders/user/${userId}`);
    // The payment's webhook is held back: the checkout's Pay (which sends it) is answered here, with the way back to
    // the order, and sent on once the page has been read.
    await page.route('**/api/stripe/test-checkout/*/pay', async (route) => {
      heldPayment = route.request();
      await route.fulfill({ status: 303, headers: { Location: `${baseURL}/dashboard?print_order=${placed?.order_id as string}&session_id=${sessionId}` } });
    });
    await page.getByText('Test mode').first().waitFor();
    await expect(page.getByRole('heading', { name: '10 × Trust at a Distance (print)' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(total).first().isVisible()).resolves.toBe(true);
    await snapshot(page, 'print-test-checkout');
    await page.getByRole('button', { name: /^Pay/ }).click();

    await page.waitForURL(/\/dashboard\?print_order=/);
    await page.unroute('**/api/stripe/test-checkout/*/pay');
    const confirmation = page.getByRole('dialog', { name: 'Order Confirmed!' });
    await confirmation.waitFor();
    const orderId = new URL(page.url()).searchParams.get('print_order') as string;
    await confirmation.getByText(orderId).first().waitFor();
    // Paid but not yet confirmed: never "unpaid", however often the page looks again.
    await confirmation.getByText(PrintStatusWords.awaitingConfirmation, { exact: true }).waitFor();
    await page.waitForResponse((response) => response.url().endsWith(`/api/print/orders/${orderId}`) && response.ok());
    await expect(confirmation.getByText(PrintStatusWords.awaitingConfirmation, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(confirmation.getByText('Unpaid', { exact: true }).count()).resolves.toBe(0);
    await expect(confirmation.getByText('Trust at a Distance by Ada Writer').isVisible()).resolves.toBe(true);
    await expect(confirmation.getByText('10 copies', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(confirmation.getByText('What Happens Next?').isVisible()).resolves.toBe(true);
    await snapshot(page, 'print-order-confirmed');
    await confirmation.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await confirmation.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    const order = page.getByRole('listitem', { name: /^Print order / });
    await order.getByText(PrintStatusWords.awaitingConfirmation, { exact: true }).waitFor();
  });

  it('takes a corrected address before the printer has the job, a bad postal code shown on its field', async () => {
    const order = page.getByRole('listitem', { name: /^Print order / });
    await order.getByRole('button', { name: 'Correct address' }).click();
    const correct = page.getByRole('dialog', { name: 'Correct the shipping address' });
    const postalCode = correct.getByLabel('Postal Code');
    await expect(postalCode.inputValue()).resolves.toBe('62701');
    await postalCode.fill('627');
    await correct.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => fieldProblem(postalCode)).toBe(AddressMessages.postcodeInvalid('US'));
    await postalCode.fill('62704');
    await correct.getByRole('button', { name: 'Save address' }).click();
    await correct.waitFor({ state: 'detached', timeout: 30_000 });
    await order.getByText(/^Ship to: .*62704/).waitFor();

    // The webhook lands: the order is paid and goes on to the printer, with the corrected address.
    const held = heldPayment as Request;
    const sent = await fetch(held.url(), { method: 'POST', headers: { 'Content-Type': held.headers()['content-type'] as string }, body: held.postData(), redirect: 'manual' });
    expect(sent.status).toBe(303);
    await order.getByText(PrintStatusWords.awaitingConfirmation, { exact: true }).waitFor({ state: 'detached', timeout: 60_000 });
    const [saved] = await api<PrintOrderView[]>('GET', `/print/orders/user/${userId}`);
    expect(saved?.shipping_address).toMatchObject({ city: 'Springfield', postcode: '62704' });
  });

  it('follows the order on the Print Orders tab until it ships, with a tracking link', async () => {
    await expect(page.getByRole('tab', { name: 'Print Orders (1)' }).getAttribute('aria-selected')).resolves.toBe('true');
    const order = page.getByRole('listitem', { name: /^Print order / });
    await expect(order.getByRole('heading', { name: 'Trust at a Distance' }).isVisible()).resolves.toBe(true);
    await expect(order.getByText('Quantity: 10 copies').isVisible()).resolves.toBe(true);
    await expect(order.getByText(total).isVisible()).resolves.toBe(true);

    // The simulator moves the job along every 1.5 s and tells the API by signed webhooks; the tab polls on its own.
    await order.getByText('Package Shipped').waitFor({ timeout: 90_000 });
    await expect(order.getByText('Shipped', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(order.getByRole('progressbar', { name: 'Order Progress' }).getAttribute('aria-valuenow')).resolves.toBe(String(printOrderProgress('shipped')));
    const track = order.getByRole('link', { name: 'Track Package' });
    await expect(track.getAttribute('href')).resolves.toMatch(/^https?:\/\//);
    await expect(order.getByText(/^Tracking number: .+/).isVisible()).resolves.toBe(true);
    await snapshot(page, 'print-order-shipped');

    const [saved] = await api<PrintOrderView[]>('GET', `/print/orders/user/${userId}`);
    expect(saved).toMatchObject({ order_status: 'shipped', quantity: 10, cost_source: 'provider', shipping_level: 'MAIL', lulu_status: 'SHIPPED' });
    expect(saved?.tracking_urls.length).toBeGreaterThan(0);
    expect(saved?.history.map((event) => event.order_status)).toEqual(expect.arrayContaining(['draft', 'validating', 'unpaid', 'paid', 'shipped']));
  }, 120_000);
});

describe('the print services on the book card', () => {
  it("reuses the book's own cover for Amazon KDP, which the print order left as it was, and offers the KDP package", async () => {
    // The order drew its cover for the printer into a file of its own: the book's cover is the author's, byte for byte.
    expect((await bookCover()).equals(ownCover)).toBe(true);
    await page.getByRole('tab', { name: /Book Projects/ }).click();
    const card = page.locator('.book-card');
    await card.getByRole('button', { name: 'Select Print Service' }).click();
    await card.getByRole('button', { name: /Amazon KDP 6x9/ }).click();
    const preview = page.getByRole('dialog', { name: 'Amazon KDP 6x9 Cover Preview' });
    await preview.getByText(/already uses the Amazon KDP 6x9 template and is reused/).waitFor();
    await preview.getByRole('img', { name: 'Amazon KDP 6x9 cover' }).waitFor({ timeout: 60_000 });
    await snapshot(page, 'print-cover-preview-kdp');
    await preview.getByRole('button', { name: 'Proceed to Print Order' }).click();

    const kdp = page.getByRole('dialog', { name: 'Your Amazon KDP package' });
    const [cover] = await Promise.all([page.waitForEvent('download'), kdp.getByRole('button', { name: 'KDP Cover PDF' }).click()]);
    expect(cover.suggestedFilename()).toBe('Trust_at_a_Distance_cover.pdf');
    // What the author downloads is their own cover, their front image on it.
    expect((await readFile(await cover.path())).equals(ownCover)).toBe(true);
    const [interior] = await Promise.all([page.waitForEvent('download'), kdp.getByRole('button', { name: 'Interior PDF' }).click()]);
    expect(interior.suggestedFilename()).toBe('Trust_at_a_Distance_book.pdf');
    await kdp.getByRole('button', { name: 'Done' }).click();
    const [book] = await api<{ cover_pdf_template: string }[]>('GET', '/book-projects');
    expect(book?.cover_pdf_template).toBe('amazon_kdp');
  }, 90_000);

  it('takes Lulu 6x9 on into the order wizard, on the 6x9 paperback', async () => {
    const card = page.locator('.book-card');
    await card.getByRole('button', { name: /Lulu 6x9/ }).click();
    const preview = page.getByRole('dialog', { name: 'Lulu 6x9 Cover Preview' });
    await preview.getByRole('img', { name: 'Lulu 6x9 cover' }).waitFor({ timeout: 60_000 });
    await preview.getByRole('button', { name: 'Proceed to Print Order' }).click();
    const wizard = page.getByRole('dialog', { name: 'Order Print Copy' });
    await expect(wizard.getByLabel(/Standard Paperback 6x9 B&W/).isChecked()).resolves.toBe(true);
    await wizard.getByRole('button', { name: 'Cancel' }).click();
    await wizard.waitFor({ state: 'detached' });
    const [book] = await api<{ cover_pdf_template: string }[]>('GET', '/book-projects');
    expect(book?.cover_pdf_template).toBe('lulu');
    // Drawn again for Lulu's spine, the cover is still the author's front.
    expect(await frontIsGreen(await bookCover())).toBe(true);
  }, 90_000);
});

describe('the order in the back office', () => {
  it('lists it under its status, and shows its timeline, provider job, payment and run', async () => {
    const email = `admin-print-${randomUUID().slice(0, 8)}@example.com`;
    const admin = await (await session.browser.newContext()).newPage();
    await signInAsNewAdmin(admin, baseURL, email, await createAdmin(email));

    await admin.goto(`${baseURL}/admin/print-orders`);
    await admin.getByPlaceholder('Search e-mail, title or order id').fill(author.email);
    const row = admin.getByRole('row', { name: new RegExp(author.email) });
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/Trust at a Distance.*shipped/);
    await row.click();

    await admin.getByText('Timeline').waitFor();
    await expect(admin.getByRole('link', { name: 'Open in Temporal UI' }).getAttribute('href')).resolves.toMatch(/\/workflows\/print-[0-9a-f-]{36}$/);
    const [order] = await api<PrintOrderView[]>('GET', `/print/orders/user/${userId}`);
    // The provider's job, the tracking and the payment load beside the timeline: each is waited for.
    await admin.getByText(order?.lulu_job_id as string, { exact: true }).first().waitFor();
    await admin.getByText(order?.tracking_id as string, { exact: false }).first().waitFor();
    await admin.getByRole('link', { name: /^paid · / }).waitFor();
    await snapshot(admin, 'admin-print-order');
    // A shipped order's run has ended: the refresh says so rather than pretending to fetch.
    await admin.getByRole('button', { name: 'Refresh from the provider' }).click();
    await admin.getByText(/run has ended/).waitFor();
    await admin.context().close();
  }, 60_000);
});
