import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloadName } from '../libs/domain/index.ts';
import { e2eSession, e2eStand, snapshot } from './browser.ts';

const baseURL = e2eStand().baseURL;
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
    await expect(page.getByRole('listbox', { name: 'Book language' }).getByRole('option').count()).resolves.toBe(1);
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

describe('a book in Arabic, from the picker to its files', () => {
  const author = { email: `arabic-${randomUUID().slice(0, 8)}@example.com`, password: 'my own sturdy passphrase' };
  const book = { title: 'المنظمة الهادئة', author: 'ليلى حسن', idea: 'كيف تبني الفرق الصغيرة الثقة والعادات اليومية في العمل عن بعد' };
  const shots = join(process.env.PRESSROOM_TEST_DATA_DIR ?? '.data/test', 'screenshots');
  /** The direction the browser lays an element out in (its CSS `direction`, which `dir` and `dir="auto"` set). */
  const direction = (locator: Locator) =>
    locator.evaluate((element) => (globalThis as unknown as { getComputedStyle: (e: unknown) => { direction: string } }).getComputedStyle(element).direction);

  async function download(name: string): Promise<{ file: string; path: string }> {
    const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact: true }).click()]);
    return { file: saved.suggestedFilename(), path: await saved.path() };
  }

  it('is written on the mock writer in Arabic, right to left, and its PDF and cover are set in Arabic type', async () => {
    await fetch(`${baseURL}/api/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(author) });
    await page.goto(`${baseURL}/login`);
    await page.getByLabel('Email').fill(author.email);
    await page.getByLabel('Password', { exact: true }).fill(author.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseURL}/dashboard`);

    await page.goto(`${baseURL}/one-shot`);
    await page.getByLabel('Book Title').fill(book.title);
    await page.getByLabel('Author Name').fill(book.author);
    await page.getByLabel('Describe your book idea').fill(book.idea);
    await expect(direction(page.getByLabel('Book Title'))).resolves.toBe('rtl');
    const picker = page.getByRole('combobox', { name: 'Book language' });
    await picker.fill('العربية');
    await page.keyboard.press('Enter');
    await expect(picker.inputValue()).resolves.toBe('العربية — Arabic');
    // The mock writes Arabic: no word that it falls back to English.
    await expect(page.getByText(/does not write Arabic/).count()).resolves.toBe(0);
    await page.getByLabel('Target Length').selectOption('50');
    await page.getByRole('button', { name: 'Write My Book' }).click();
    await page.getByRole('heading', { name: 'Your book is ready!' }).waitFor({ timeout: 90_000 });
    await page.locator('.preview-strip img').nth(2).waitFor();
    await snapshot(page, 'arabic-one-shot-complete');

    // The files keep the title's letters, and are set in Arabic type, right to left.
    const pdf = await download('Download PDF Book');
    expect(pdf.file).toBe(downloadName(book.title, 'pdf'));
    expect(execFileSync('qpdf', ['--qdf', '--object-streams=disable', pdf.path, '-'], { maxBuffer: 256 * 1024 * 1024 }).toString('latin1')).toContain('/Lang (ar)');
    expect(execFileSync('pdffonts', [pdf.path]).toString()).toContain('Amiri');
    execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '5', '-l', '7', pdf.path, join(shots, 'arabic-pdf-page')]);
    const cover = await download('Download Cover');
    expect(cover.file).toBe(downloadName(book.title, 'cover-pdf'));
    expect(execFileSync('pdffonts', [cover.path]).toString()).toMatch(/Amiri|NotoSansArabic/);
    execFileSync('pdftoppm', ['-r', '30', '-png', cover.path, join(shots, 'arabic-cover-wrap')]);
    // The front is the wrap's left panel: the title, the tallest type, sits left of the spine.
    const words = [...execFileSync('pdftotext', ['-bbox', cover.path, '-']).toString().matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">/g)]
      .map((m) => ({ xMin: Number(m[1]), xMax: Number(m[3]), height: Number(m[4]) - Number(m[2]) }))
      .filter((w) => w.xMax - w.xMin > 0.5 && w.height < 200);
    const width = Number(/Page size:\s+([\d.]+)/.exec(execFileSync('pdfinfo', [cover.path]).toString())?.[1]);
    const tallest = Math.max(...words.map((w) => w.height));
    for (const word of words.filter((w) => w.height > tallest * 0.9)) expect(word.xMax).toBeLessThan(width / 2);

    // Saved, it opens in the editor: the chapter's Arabic runs right to left, in the text and in its preview.
    await page.getByRole('button', { name: 'Save to Account' }).click();
    await page.getByRole('status').getByText('Saved!').waitFor();
    await page.getByRole('link', { name: 'My Books', exact: true }).click();
    await page.locator('.book-card').getByRole('link', { name: `Edit ${book.title}` }).click();
    const area = page.getByLabel('Chapter text');
    await expect.poll(() => area.inputValue(), { timeout: 20_000 }).toMatch(/\p{Script=Arabic}{3,}/u);
    await expect(direction(area)).resolves.toBe('rtl');
    await snapshot(page, 'arabic-editor');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Chapter preview' });
    await expect(direction(preview)).resolves.toBe('rtl');
    await expect(preview.getAttribute('lang')).resolves.toBe('ar');
    await expect(preview.textContent()).resolves.toMatch(/\p{Script=Arabic}{3,}/u);
    await snapshot(page, 'arabic-editor-preview');
  });
});
