import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eSession } from './browser.ts';

const baseURL = inject('baseURL');
const session = e2eSession();
let page: Page;
beforeAll(() => {
  ({ page } = session);
});

describe("the book's language", () => {
  it('is picked from a searchable list, each language in its own name, and the book is started in it', async () => {
    await page.goto(`${baseURL}/ai-generator`);
    const picker = page.getByRole('combobox', { name: 'Book language' });
    await expect(picker.inputValue()).resolves.toBe('English');
    await expect(picker.getAttribute('aria-expanded')).resolves.toBe('false');

    // Typing filters by the language's own name, English name or tag.
    await picker.fill('arab');
    await expect(picker.getAttribute('aria-expanded')).resolves.toBe('true');
    const arabic = page.getByRole('option', { name: 'العربية — Arabic' });
    await expect(page.getByRole('option').count()).resolves.toBe(1);
    await expect(arabic.locator('[lang="ar"][dir="rtl"]').textContent()).resolves.toBe('العربية');
    await page.keyboard.press('Escape');
    await expect(picker.inputValue()).resolves.toBe('English');

    await page.getByLabel('Book Title').fill('東京の庭');
    await page.getByLabel('Author Name').fill('Ada Writer');
    await page.getByLabel('Describe your book idea').fill('A year of small gardens in the city, season by season');
    await picker.fill('日本');
    await expect(picker.getAttribute('aria-activedescendant')).resolves.toBeTruthy();
    await page.keyboard.press('Enter');
    await expect(picker.inputValue()).resolves.toBe('日本語 — Japanese');
    await expect(page.locator('#stage-title').textContent()).resolves.toBe('Book Details');

    await page.getByRole('button', { name: 'Create Project', exact: true }).click();
    await page.locator('#stage-title', { hasText: 'Project created' }).waitFor({ timeout: 60_000 });
    const projectId = await page.evaluate(() => sessionStorage.getItem('pressroom.wizard.project'));
    const project = (await (await fetch(`${baseURL}/api/projects/${projectId ?? ''}`)).json()) as { language: string; language_name: string };
    expect(project).toMatchObject({ language: 'ja', language_name: 'Japanese' });
  });
});
