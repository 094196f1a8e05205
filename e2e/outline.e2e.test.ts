import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_VERSION_LABELS, OutlineMessages } from '../libs/domain/index.ts';
import { e2eSession, e2eStand, snapshot } from './browser.ts';

const baseURL = e2eStand().baseURL;
const session = e2eSession();
let page: Page;
beforeAll(() => {
  ({ page } = session);
});

const stageTitle = () => page.locator('#stage-title');
async function advance(button: string, nextTitle: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await stageTitle().filter({ hasText: nextTitle }).waitFor({ timeout: 60_000 });
}
const chapter = (n: number) => page.getByRole('group', { name: new RegExp(`^Chapter ${n}\\b`) });
const tocTitles = () => page.locator('.toc > li > strong').allTextContents();

describe("the wizard's outline editor", () => {
  it('renames chapter 2, moves chapter 4 to first place and deletes one before drafting; the chapters follow the edited plan; after drafting a chapter moves and is regenerated as a new version', async () => {
    await page.goto(`${baseURL}/ai-generator`);
    await page.getByLabel('Book Title').fill('Plans Before Prose');
    await page.getByLabel('Author Name').fill('Ada Writer');
    await page.getByLabel('Describe your book idea').fill('How authors shape a plan before a single chapter is written');
    await page.getByLabel('Target Length').selectOption('50');
    await advance('Create Project', 'Project created');
    // The wizard keeps its project in the tab's session (no id is shown to the author).
    const projectId = (await page.evaluate(() => sessionStorage.getItem('pressroom.wizard.project'))) ?? '';
    await advance('Generate Outline', 'Outline generated');
    const planned = await tocTitles();
    expect(planned).toHaveLength(5);
    const budgets = ((await (await fetch(`${baseURL}/api/projects/${projectId}`)).json()) as { outline: { chapters: { target_words: number }[] } }).outline.chapters.map((c) => c.target_words);
    const [, , third = 0, , fifth = 0] = budgets;
    const total = budgets.reduce((a, b) => a + b, 0) - fifth;

    await page.getByRole('button', { name: 'Edit outline' }).click();
    await chapter(2).getByLabel('Title').fill('Trust Before Tools');
    await chapter(2).getByLabel('Key points (one per line)').fill('Say what you mean\nKeep promises small');
    // Chapter 4 to the front with the keyboard: the focus stays on the moved chapter's button.
    await page.getByRole('button', { name: 'Move chapter 4 up' }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Enter');
    await expect(chapter(1).getByLabel('Title').inputValue()).resolves.toBe(planned[3]);
    await expect(chapter(1).locator('legend').textContent()).resolves.toBe('Chapter 1 (was 4)');
    await page.getByRole('button', { name: 'Remove chapter 5' }).click();
    await expect(page.getByText(`Book total: ${total.toLocaleString('en-US')} words in 4 chapters`).count()).resolves.toBe(1);

    // A budget below the book's limits is shown before saving, and Save waits for it to be fixed.
    await chapter(4).getByLabel('Word budget').fill('300');
    await expect(page.getByText(OutlineMessages.bookTotal(total - third + 300)).count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Save outline' }).isDisabled()).resolves.toBe(true);
    await chapter(4).getByLabel('Word budget').fill(String(third));
    await snapshot(page, 'outline-editor');
    await page.getByRole('button', { name: 'Save outline' }).click();
    await page.getByRole('button', { name: 'Edit outline' }).waitFor();
    const edited = [planned[3], planned[0], 'Trust Before Tools', planned[2]];
    await expect(tocTitles()).resolves.toEqual(edited);

    await advance('Write Introduction', 'Introduction written');
    await advance('Generate Chapters', 'Chapters created');
    await expect(page.getByRole('tab').count()).resolves.toBe(4);
    const project = (await (await fetch(`${baseURL}/api/projects/${projectId}`)).json()) as { chapters: { chapter_number: number; chapter_title: string }[] };
    expect(project.chapters.map((c) => c.chapter_title)).toEqual(edited);

    // After drafting: chapter 4 moves one place earlier with its text, then is regenerated, which keeps that text as version 1.
    await page.getByRole('tab', { name: '4 ✓' }).click();
    await page.getByRole('button', { name: 'Move earlier' }).click();
    await page.getByRole('heading', { name: `3. ${planned[2]}` }).waitFor();
    await page.getByText(`“${planned[2]}” is now chapter 3.`).waitFor();
    await page.getByRole('button', { name: 'Regenerate Chapter' }).click();
    const regenerate = page.getByRole('alertdialog', { name: 'Regenerate chapter 3?' });
    await expect(regenerate.textContent()).resolves.toContain('The current text is kept as version 1; restore it from Versions.');
    await regenerate.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByText('Chapter 3 was written again as version 2.').waitFor({ timeout: 30_000 });
    await expect(page.locator('.version-list li').first().textContent()).resolves.toContain(`Version 2 (current) · ${CHAPTER_VERSION_LABELS.regenerated}`);
  });
});
