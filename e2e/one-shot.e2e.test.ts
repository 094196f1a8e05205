import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig, type Engine } from '../testing/index.ts';
import { grantBookCredit } from '../testing/purchases.ts';
import { BriefFieldMessages, GenerationMessages, wordsForPages } from '../libs/domain/index.ts';
import { e2eSession, e2eStand, fieldProblem, REFUSAL, signedInPage, snapshot } from './browser.ts';

const baseURL = e2eStand().baseURL;
const author = { email: `oneshot-${randomUUID().slice(0, 8)}@example.com`, password: 'my own sturdy passphrase' };
const session = e2eSession();
let page: Page;
let engine: Engine;
beforeAll(async () => {
  ({ page, engine } = session);
  await fetch(`${baseURL}/api/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(author) });
});

async function download(name: string): Promise<{ file: string; path: string; bytes: Buffer }> {
  const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact: true }).click()]);
  const path = await saved.path();
  return { file: saved.suggestedFilename(), path, bytes: readFileSync(path) };
}

describe('the one-shot generator, from a new visitor to My Books', () => {
  it('shows the failure view with its stage, and Start Over clears the form', async () => {
    await page.goto(`${baseURL}/one-shot`);
    await page.getByLabel('Book Title').fill('Trust at a Distance');
    await page.getByLabel('Author Name').fill('Ada Writer');
    await page.getByLabel('Describe your book idea').fill('How small companies lead distributed teams with trust and rituals');
    await page.getByLabel('Source files (optional)').setInputFiles({ name: 'notes.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ not a document') });
    await page.getByRole('button', { name: 'Write My Book' }).click();
    const failure = page.getByRole('alert');
    await failure.getByRole('heading', { name: 'Generation Failed' }).waitFor();
    await expect(failure.textContent()).resolves.toContain('Failed to process source materials: Unsupported file format');
    await expect(failure.getByText('Failed at stage: Processing source files').isVisible()).resolves.toBe(true);
    await failure.getByRole('button', { name: 'Start Over' }).click();
    await expect(page.getByLabel('Book Title').inputValue()).resolves.toBe('');
  });

  it('offers paid providers to signed-in authors only', async () => {
    await expect(page.getByLabel(/Real AI/).isDisabled()).resolves.toBe(true);
    await expect(page.getByText(/Sign in to have a real AI write your book/).isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Mock data (instant)').isEnabled()).resolves.toBe(true);
  });

  it('shows the stage a refusing provider failed at', async () => {
    const author = await signedInPage(session.browser, baseURL, (id) => grantBookCredit(testConfig().DATABASE_URL, id));
    await author.goto(`${baseURL}/one-shot`);
    await author.getByLabel('Book Title').fill('Trust at a Distance');
    await author.getByLabel('Author Name').fill('Ada Writer');
    await author.getByLabel('Describe your book idea').fill('How small companies lead distributed teams with trust and rituals');
    await author.getByLabel(/Real AI/).check();
    await expect(author.getByText(/Anthropic Claude writes up to \d+ chapters and designs the cover/).isVisible()).resolves.toBe(true);
    await expect(author.getByText('Estimated time: 5-10 minutes').isVisible()).resolves.toBe(true);
    await author.getByRole('button', { name: 'Write My Book' }).click();
    const failure = author.getByRole('alert');
    await failure.getByRole('heading', { name: 'Generation Failed' }).waitFor({ timeout: 60_000 });
    await expect(failure.textContent()).resolves.toContain(`Orchestration failed: Anthropic: ${REFUSAL} (HTTP 400)`);
    await expect(failure.getByText('Failed at stage: Generating outline').isVisible()).resolves.toBe(true);
    await failure.getByRole('button', { name: 'Start Over' }).click();
    await author.getByLabel('Mock data (instant)').check();
    await author.context().close();
  });

  it('checks the form before anything is sent', async () => {
    await page.goto(`${baseURL}/one-shot`);
    // The button is never disabled: it says why it waits, and a press marks each field to fix.
    const start = page.getByRole('button', { name: 'Write My Book' });
    await expect(start.getAttribute('aria-describedby')).resolves.toBe('write-reason');
    await start.click();
    await expect(fieldProblem(page.getByLabel('Book Title'))).resolves.toBe(BriefFieldMessages.titleMissing);
    await expect(fieldProblem(page.getByLabel('Describe your book idea'))).resolves.toBe(BriefFieldMessages.ideaMissing);
    await page.getByLabel('Book Title').fill('Trust at a Distance');
    await page.getByLabel('Author Name').fill('Ada Writer');
    await page.getByLabel('Describe your book idea').fill('Too short');
    await start.click();
    await expect(fieldProblem(page.getByLabel('Book Title'))).resolves.toBe(null);
    await expect(fieldProblem(page.getByLabel('Describe your book idea'))).resolves.toBe(GenerationMessages.descriptionTooShort);
    await page.getByLabel('Describe your book idea').fill('How small companies lead distributed teams with trust and rituals');
    await expect(start.getAttribute('aria-describedby')).resolves.toBe(null);
    await expect(page.getByText('Estimated time: 30-60 seconds').isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Mock data (instant)').isChecked()).resolves.toBe(true);
  });

  it('writes the whole book on mock with live progress, then offers every file', async () => {
    // The same length and cover choices as every generator, sent with the book.
    await page.getByLabel('Target Length').selectOption('50');
    await page.getByLabel('Design style').selectOption('bold');
    await page.getByLabel('Colour scheme').selectOption('warm');
    const [started] = await Promise.all([page.waitForRequest('**/api/projects/generate-complete'), page.getByRole('button', { name: 'Write My Book' }).click()]);
    expect(started.postDataJSON()).toMatchObject({ total_target_words: wordsForPages(50), design_style: 'bold', color_scheme: 'warm' });
    await page.getByRole('progressbar').waitFor();
    await page.getByRole('heading', { name: 'Your book is ready!' }).waitFor({ timeout: 90_000 });
    await page.locator('.preview-strip img').nth(3).waitFor();
    await snapshot(page, 'one-shot-complete');

    const pdf = await download('Download PDF Book');
    expect(pdf.file).toBe('Trust_at_a_Distance_book.pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const zip = await download('Download Quarto Project');
    expect(zip.file).toBe('Trust_at_a_Distance_project.zip');
    expect(execFileSync('unzip', ['-Z1', zip.path], { encoding: 'utf8' }).split('\n')).toContain('_quarto.yml');
    const cover = await download('Download Cover');
    expect(cover.file).toBe('Trust_at_a_Distance_cover.pdf');
    expect(cover.bytes.length).toBeGreaterThan(1000);
    const epub = await download('Download EPUB');
    expect(epub.file).toBe('Trust_at_a_Distance_book.epub');
    const docx = await download('Download Word (DOCX)');
    expect(docx.file).toBe('Trust_at_a_Distance_book.docx');
    expect(docx.bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('asks a signed-out visitor to sign in to save, and keeps the book through the sign-in', async () => {
    await expect(page.getByRole('button', { name: 'Sign In to Save' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByText('Please sign in to save your book to the dashboard.').isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(author.email);
    await page.getByLabel('Password', { exact: true }).fill(author.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseURL}/one-shot`);
    await page.getByRole('heading', { name: 'Your book is ready!' }).waitFor();
    await page.getByRole('button', { name: 'Save to Account' }).click();
    await page.getByRole('status').getByText('Saved!').waitFor();
    await expect(page.getByRole('button', { name: 'Saved to Dashboard' }).isDisabled()).resolves.toBe(true);
  });

  it('is in My Books, where it is published with a price and then deleted with its files', async () => {
    await page.getByRole('link', { name: 'My Books', exact: true }).click();
    await page.waitForURL(`${baseURL}/dashboard`);
    const card = page.locator('.book-card');
    await card.getByRole('heading', { name: 'Trust at a Distance' }).waitFor();
    await card.getByLabel('Publish to Shop').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Publish' }).click();
    await card.getByText('$19.99').waitFor();
    await card.getByRole('button', { name: 'Edit shop settings' }).click();
    await card.getByLabel('Price (USD)').fill('9.99');
    await card.getByRole('button', { name: 'Save Changes' }).click();
    await card.getByText('$9.99').waitFor();

    const books = await engine.deps.orm.em.fork().getConnection().execute<{ id: string; user_id: string; generator_project_id: string; shop_price: string }[]>(
      'select id, user_id, generator_project_id, shop_price from book_projects where title = ? order by created_at desc limit 1',
      ['Trust at a Distance'],
    );
    const book = books[0];
    expect(Number(book?.shop_price)).toBe(9.99);
    const prefix = `${book?.user_id}/${book?.generator_project_id}/`;
    expect((await engine.deps.storage.list(prefix)).length).toBeGreaterThanOrEqual(6);
    expect(await engine.deps.storage.list(`anonymous/${book?.generator_project_id}/`)).toEqual([]);

    await card.getByRole('button', { name: 'Delete Project' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await page.getByText('No book projects yet').waitFor();
    expect(await engine.deps.storage.list(prefix)).toEqual([]);
  });
});
