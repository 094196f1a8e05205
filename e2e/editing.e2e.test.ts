import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BookImageMessages, CHAPTER_VERSION_LABELS, countWords, EditingMessages } from '../libs/domain/index.ts';
import { mockExpansion } from '../libs/ai/mock-assist.ts';
import { pngOf, TINY_GIF } from '../testing/book-images.ts';
import { e2eSession, e2eStand, snapshot } from './browser.ts';

const baseURL = e2eStand().baseURL;
const author = { email: `editor-${randomUUID().slice(0, 8)}@example.com`, password: 'my own sturdy passphrase' };
const session = e2eSession();
let page: Page;
let token: string;
let projectId: string;

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** What the author types at the top of chapter 1, then makes bold with the toolbar: short words, so the PDF does not hyphenate them. */
const MARK = 'Blue kites hum at dawn.';
/** The line once formatted: bold from the toolbar, one word in italics from Ctrl+I. */
const FORMATTED = '**Blue *kites* hum at dawn.**';
/** What the mock assistant adds when it expands a passage of chapter 1 (its title, lower-cased, is in the sentence). */
let expansion = '';
/** Chapter 1's version after the author's edit. */
let edited = 0;

const chapterText = () => page.getByLabel('Chapter text');
const saveState = () => page.locator('.save-status [role="status"]');

/** Selects `text` in the chapter's textarea, as the author would with the mouse. */
async function select(area: Locator, text: string) {
  await area.evaluate((element, wanted) => {
    const textarea = element as unknown as { value: string; focus: () => void; setSelectionRange: (start: number, end: number) => void };
    const start = textarea.value.indexOf(wanted);
    if (start < 0) throw new Error(`"${wanted}" is not in the chapter`);
    textarea.focus();
    textarea.setSelectionRange(start, start + wanted.length);
  }, text);
}

/** pdftotext's text with its line breaks (and any hyphenation at them) undone. */
const pdfText = (path: string) => execFileSync('pdftotext', [path, '-']).toString().replace(/-\n/g, '').replace(/\s+/g, ' ');

beforeAll(async () => {
  ({ page } = session);
  token = (await api('POST', '/auth/signup', author)).access_token as string;
  const start = await api('POST', '/projects/generate-complete', { title: 'Trust at a Distance', author: 'Ada Writer', book_idea: 'How small companies lead distributed teams with trust and rituals', ai_model: 'mock', total_target_words: 10_000 });
  projectId = start.project_id as string;
  for (let i = 0; i < 240; i++) {
    if ((await api('GET', `/projects/orchestration/${projectId}/status`)).status === 'completed') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  await api('POST', '/book-projects', { project_id: projectId, source: 'one-shot' });
  const chapter = await api('GET', `/projects/${projectId}/chapters/1`);
  expansion = mockExpansion({ chapterTitle: chapter.title as string } as Parameters<typeof mockExpansion>[0]);
}, 120_000);

describe("the author's editor, in the browser", () => {
  it('opens a completed book from My Books, makes new words bold with the toolbar and saves them by itself', async () => {
    await page.goto(`${baseURL}/login`);
    await page.getByLabel('Email').fill(author.email);
    await page.getByLabel('Password', { exact: true }).fill(author.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseURL}/dashboard`);
    await page.locator('.book-card').getByRole('link', { name: 'Edit Trust at a Distance' }).click();
    await page.waitForURL(`${baseURL}/projects/${projectId}/edit`);
    await expect(page.getByRole('tab', { name: 'Chapter 1' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.getByText('Files are older than your text').count()).resolves.toBe(0);

    const area = chapterText();
    await area.waitFor();
    await expect.poll(() => area.inputValue()).toMatch(/\w{3,}/);
    await area.press('Control+Home');
    await area.pressSequentially(`${MARK}\n\n`);
    await select(area, MARK);
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click();
    await expect(area.inputValue()).resolves.toMatch(/^\*\*Blue kites hum at dawn\.\*\*\n\n/);
    await select(area, 'kites');
    await area.press('Control+i');
    await expect(area.inputValue()).resolves.toMatch(/^\*\*Blue \*kites\* hum at dawn\.\*\*\n\n/);
    await expect.poll(() => saveState().textContent(), { timeout: 10_000 }).toBe('Saved');
    const saved = await api('GET', `/projects/${projectId}/chapters/1`);
    expect((saved.content as string).startsWith(`${FORMATTED}\n\n`)).toBe(true);
    edited = saved.version as number;
    expect(edited).toBeGreaterThan(1);
    await expect(page.getByLabel('Chapter statistics').textContent()).resolves.toMatch(/^[\d,]+ words · \d+ pages? · \d+ min read$/);
    await page.getByText('Files are older than your text').waitFor();
    // Preview shows the chapter through the book's safe Markdown: the words are bold, the stars gone.
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('region', { name: 'Chapter preview' }).locator('strong').first().textContent()).resolves.toBe(MARK);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
  });

  it('expands a paragraph with the AI Writing Assistant and accepts the change', async () => {
    const area = chapterText();
    const paragraph = (await area.inputValue()).split('\n\n').find((p) => p.length > 80 && !/^[#>*-]/.test(p)) ?? '';
    expect(paragraph.length).toBeGreaterThan(80);
    await select(area, paragraph);
    await page.getByText(`Applies to your selection (${countWords(paragraph)} words)`).waitFor();
    await page.getByLabel('What should the assistant do?').selectOption('expand');
    await page.getByRole('button', { name: 'Expand', exact: true }).click();
    const change = page.getByRole('group', { name: 'Proposed change' });
    await change.waitFor({ timeout: 30_000 });
    await expect(change.getByRole('heading').textContent()).resolves.toContain('Proposed change to your selection');
    await expect(change.locator('ins').textContent()).resolves.toContain(expansion.split(' ').slice(0, 4).join(' '));
    await snapshot(page, 'editing-assistant-change');
    await change.getByRole('button', { name: 'Accept' }).click();
    await change.waitFor({ state: 'detached' });
    await expect.poll(() => area.inputValue()).toContain(`${paragraph} ${expansion}`);
    await expect(api('GET', `/projects/${projectId}/chapters/1`)).resolves.toMatchObject({ version: edited + 1 });
  });

  it('compares two versions and restores the one before the assistant', async () => {
    const versions = page.locator('.version-list li');
    const count = edited + 1;
    await expect.poll(() => versions.count()).toBe(count);
    await expect(versions.nth(0).textContent()).resolves.toContain(`Version ${edited + 1} (current) · ${CHAPTER_VERSION_LABELS.assistant}`);
    await expect(versions.nth(1).textContent()).resolves.toContain(`Version ${edited} · ${CHAPTER_VERSION_LABELS.author} · by ${author.email}`);
    await expect(versions.last().textContent()).resolves.toContain(`Version 1 · ${CHAPTER_VERSION_LABELS.generated}`);
    await versions.nth(0).getByRole('checkbox').check();
    await versions.nth(1).getByRole('checkbox').check();
    const diff = page.getByRole('region', { name: `Changes from version ${edited} to version ${edited + 1}` });
    await diff.waitFor();
    await expect(diff.locator('ins').first().textContent()).resolves.toContain(expansion.split(' ').slice(0, 4).join(' '));

    await page.getByRole('button', { name: `Restore version ${edited}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Restore version ${edited}?` });
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => chapterText().inputValue()).not.toContain(expansion);
    await expect(chapterText().inputValue()).resolves.toContain(FORMATTED);
    await expect.poll(() => versions.count()).toBe(count + 1);
    await expect(versions.nth(0).textContent()).resolves.toContain(`Version ${edited + 2} (current) · ${CHAPTER_VERSION_LABELS.restored}`);
    await snapshot(page, 'editing-restored');
    // On a phone the page fits its width: nothing scrolls sideways but the chapter tabs.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('html').evaluate((html) => (html as unknown as { scrollWidth: number }).scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await snapshot(page, 'editing-390');
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it('rebuilds the outdated files from My Books, and the PDF has the restored text', async () => {
    await page.getByRole('link', { name: '← My Books' }).click();
    await page.waitForURL(`${baseURL}/dashboard`);
    const card = page.locator('.book-card');
    await card.getByText('Files are older than your text').waitFor();
    await card.getByRole('button', { name: 'Rebuild' }).click();
    await card.getByText('The files are rebuilt from your latest text.').waitFor({ timeout: 90_000 });
    await expect(card.getByText('Files are older than your text').count()).resolves.toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'PDF Book' }).click()]);
    const text = pdfText(await download.path());
    expect(text).toContain(MARK);
    expect(text).not.toContain(expansion.split(' ').slice(0, 8).join(' '));
  });

  it('says when the chapter changed elsewhere, and reloads the latest text', async () => {
    await page.goto(`${baseURL}/projects/${projectId}/edit`);
    const area = chapterText();
    await expect.poll(() => area.inputValue()).toContain(FORMATTED);
    // Another tab saves first.
    const current = await api('GET', `/projects/${projectId}/chapters/1`);
    await api('PUT', `/projects/${projectId}/chapters/1`, { title: current.title, content: `${current.content as string}\n\nA line from another tab.`, base_version: current.version });
    await area.press('Control+End');
    await area.pressSequentially(' Typed here.');
    await page.getByText(`Not saved: ${EditingMessages.stale}`).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Reload latest' }).click();
    await expect.poll(() => area.inputValue()).toContain('A line from another tab.');
    await expect(area.inputValue()).resolves.not.toContain('Typed here.');
  });

  it('uploads an image from the toolbar into the chapter, and the preview shows it', async () => {
    const area = chapterText();
    await area.press('Control+End');
    // The author is asked to describe each image (or to say it only decorates): nothing is made up from its name.
    const upload = async (file: { name: string; mimeType: string; buffer: Buffer }, describe: (dialog: Locator) => Promise<void>) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Upload image' }).click();
      await (await chooser).setFiles(file);
      const dialog = page.getByRole('dialog', { name: 'Describe the image' });
      await describe(dialog);
      await dialog.getByRole('button', { name: 'Insert image' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await upload({ name: 'kites.png', mimeType: 'image/png', buffer: TINY_GIF }, (dialog) => dialog.getByRole('textbox', { name: 'Description' }).fill('kites'));
    await page.getByRole('alert').getByText(BookImageMessages.typeNotAllowed).waitFor();
    await upload({ name: 'kites.png', mimeType: 'image/png', buffer: pngOf(40, 30) }, async (dialog) => {
      await dialog.getByRole('button', { name: 'Insert image' }).click();
      await dialog.getByRole('alert').getByText(BookImageMessages.altRequired).waitFor();
      await dialog.getByRole('textbox', { name: 'Description' }).fill('kites');
    });
    await expect.poll(() => area.inputValue()).toMatch(/\n\n!\[kites\]\(images\/[0-9a-f-]{36}\.png\)\n\n$/);
    await expect.poll(() => saveState().textContent(), { timeout: 10_000 }).toBe('Saved');
    expect((await api('GET', `/projects/${projectId}/chapters/1`)).content).toMatch(/!\[kites\]\(images\/[0-9a-f-]{36}\.png\)/);
    await page.getByRole('button', { name: 'Preview' }).click();
    const image = page.getByRole('region', { name: 'Chapter preview' }).getByRole('img', { name: 'kites' });
    await expect.poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth)).toBe(40);
    // On a phone the toolbar wraps and nothing scrolls sideways.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    const sideways = () => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    };
    await expect(page.evaluate(sideways)).resolves.toBeLessThanOrEqual(0);
    await snapshot(page, 'editing-image-phone');
    if (viewport) await page.setViewportSize(viewport);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
  });
});
