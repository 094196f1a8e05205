import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../testing/index.ts';
import { e2eSession, e2eStand, snapshot } from './browser.ts';

const baseURL = e2eStand().baseURL;
const author = { email: `books-${randomUUID().slice(0, 8)}@example.com`, password: 'my own sturdy passphrase' };
const session = e2eSession();
let engine: Engine;
let page: Page;
let token: string;
let userId: string;
let projectId: string;

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  ({ engine, page } = session);
  token = (await api('POST', '/auth/signup', author)).access_token as string;
  userId = (await api('GET', '/profile')).id as string;
  const start = await api('POST', '/projects/generate-complete', { title: 'Trust at a Distance', author: 'Ada Writer', book_idea: 'How small companies lead distributed teams with trust and rituals', ai_model: 'mock', total_target_words: 10_000 });
  projectId = start.project_id as string;
  for (let i = 0; i < 240; i++) {
    if ((await api('GET', `/projects/orchestration/${projectId}/status`)).status === 'completed') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  await api('POST', '/book-projects', { project_id: projectId, source: 'one-shot' });
}, 120_000);

describe('My Books, in the browser', () => {
  it('shows the saved book as a card with its badges and generated content', async () => {
    await page.goto(`${baseURL}/login`);
    await page.getByLabel('Email').fill(author.email);
    await page.getByLabel('Password', { exact: true }).fill(author.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseURL}/dashboard`);
    await page.getByRole('tab', { name: 'Book Projects (1)' }).waitFor();
    const card = page.locator('.book-card');
    await expect(card.getByRole('heading', { name: 'Trust at a Distance' }).isVisible()).resolves.toBe(true);
    await expect(card.getByText('by Ada Writer').isVisible()).resolves.toBe(true);
    await expect(card.getByText('Complete', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(card.getByText('Generated', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(card.getByText('Not published').isVisible()).resolves.toBe(true);
    await expect(card.getByText('Chapters: 3').isVisible()).resolves.toBe(true);
    await expect(card.getByText(/^Pages: \d+$/).isVisible()).resolves.toBe(true);
  });

  it('downloads the PDF under the spec name and previews the first pages and the cover', async () => {
    const card = page.locator('.book-card');
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'PDF Book' }).click()]);
    expect(download.suggestedFilename()).toBe('Trust_at_a_Distance_book.pdf');
    expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');
    const [zip] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Quarto Project' }).click()]);
    expect(zip.suggestedFilename()).toBe('Trust_at_a_Distance_project.zip');

    await card.getByRole('button', { name: 'Preview' }).click();
    const images = card.locator('.preview-strip img');
    await images.nth(4).waitFor();
    const widths = await images.evaluateAll((imgs) => imgs.map((img) => (img as unknown as { naturalWidth: number }).naturalWidth));
    expect(widths.every((w) => w > 100)).toBe(true);
    await expect(card.getByAltText('Front cover').isVisible()).resolves.toBe(true);
    await snapshot(page, 'my-books-preview');
    // Each preview opens large; the arrow keys go through them and Escape closes.
    await card.getByRole('button', { name: 'Open front cover large' }).click();
    const viewer = page.getByRole('dialog');
    await expect(viewer.getByRole('heading').textContent()).resolves.toMatch(/^Front cover \(1 of \d+\)$/);
    await page.keyboard.press('ArrowRight');
    await viewer.getByRole('heading', { name: /^Page \d+ \(2 of \d+\)$/ }).waitFor();
    await viewer.getByRole('img', { name: /^Page \d+$/ }).waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
  });

  it('publishes the book, sets a price and refuses a bad ISBN with its message', async () => {
    const card = page.locator('.book-card');
    // Each book's toggle is named for its book, so two of them are told apart.
    await expect(card.getByRole('checkbox', { name: 'Publish to Shop: Trust at a Distance', exact: true }).count()).resolves.toBe(1);
    // Publishing asks first; Cancel leaves the book unpublished.
    await card.getByLabel('Publish to Shop').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(card.getByLabel('Publish to Shop').isChecked()).resolves.toBe(false);
    await card.getByLabel('Publish to Shop').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Publish' }).click();
    await card.getByText('$19.99').waitFor();
    await expect(card.getByRole('status').textContent()).resolves.toContain('Published to the shop');
    await expect(card.getByText('AI-Generated').isVisible()).resolves.toBe(true);
    await card.getByRole('button', { name: 'Edit shop settings' }).click();
    await card.getByLabel('Price (USD)').fill('12.50');
    await card.getByLabel('Category').selectOption('Business');
    await card.getByLabel('ISBN (optional)').fill('978-0-306-40615-8');
    await card.getByRole('button', { name: 'Save Changes' }).click();
    await expect(card.getByRole('alert').textContent()).resolves.toBe('ISBN must be a valid ISBN-13 or ISBN-10 (check digit included)');
    await card.getByLabel('ISBN (optional)').fill('978-0-306-40615-7');
    await card.getByRole('button', { name: 'Save Changes' }).click();
    await card.getByText('$12.50').waitFor();
    await expect(card.getByText('978-0-306-40615-7').isVisible()).resolves.toBe(true);
    const saved = (await api('GET', '/book-projects')) as unknown as { id: string; shop_price: number; shop_category: string; published_at: string }[];
    expect(saved[0]).toMatchObject({ shop_price: 12.5, shop_category: 'Business' });
    expect(saved[0]?.published_at).toBeTruthy();

    // The card links to the book's public page, and the shop lists it.
    const bookId = saved[0]?.id as string;
    await card.getByRole('link', { name: /^View in shop/ }).click();
    await page.waitForURL(`${baseURL}/shop/${bookId}`);
    await page.getByRole('heading', { level: 1, name: 'Trust at a Distance' }).waitFor();
    await expect(page.getByText('$12.50').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Business', { exact: true }).isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: '← All books in the shop' }).click();
    await page.getByLabel('Title or author').fill('Trust at a Distance');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/shop\?q=Trust/);
    await page.locator(`a[href="/shop/${bookId}"]`).waitFor();
    await page.goto(`${baseURL}/dashboard`);
    await page.locator('.book-card').waitFor();
  });

  it('deletes the book after the confirmation, and its files leave MinIO', async () => {
    expect((await engine.deps.storage.list(`${userId}/${projectId}/`)).length).toBeGreaterThan(5);
    const card = page.locator('.book-card');
    await card.getByRole('button', { name: 'Delete Project' }).click();
    // The question names the book it deletes.
    const dialog = page.getByRole('alertdialog', { name: 'Delete “Trust at a Distance”?' });
    await expect(dialog.getByText('Are you sure? This will permanently delete this book project and all associated files.').isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(card.isVisible()).resolves.toBe(true);
    await card.getByRole('button', { name: 'Delete Project' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await page.getByText('No book projects yet').waitFor();
    expect(await engine.deps.storage.list(`${userId}/${projectId}/`)).toEqual([]);
  });
});
