import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_VERSION_LABELS, GenerationMessages } from '../libs/domain/index.ts';
import { testConfig } from '../testing/index.ts';
import { grantBookCredit } from '../testing/purchases.ts';
import { e2eSession, e2eStand, REFUSAL, signedInPage, snapshot } from './browser.ts';

const baseURL = e2eStand().baseURL;
const session = e2eSession();
let page: Page;
let browser: Browser;
beforeAll(async () => {
  ({ page, browser } = session);
});

const stageTitle = (on = page) => on.locator('#stage-title');
async function advance(button: string, nextTitle: string, on = page) {
  await on.getByRole('button', { name: button, exact: true }).click();
  await on.locator('#stage-title', { hasText: nextTitle }).waitFor({ timeout: 60_000 });
}

describe('the step-by-step wizard', () => {
  let projectId = '';

  it('asks for every field before creating the project', async () => {
    await page.goto(`${baseURL}/ai-generator`);
    await expect(stageTitle().textContent()).resolves.toBe('Book Details');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(GenerationMessages.wizardFieldsRequired);
    await expect(page.getByLabel('Target Length').inputValue()).resolves.toBe('100');
  });

  it("keeps a failed stage's message on its card, and the stage where it was", async () => {
    // Paid providers are for signed-in authors with a book credit.
    const author = await signedInPage(browser, baseURL, (id) => grantBookCredit(testConfig().DATABASE_URL, id));
    await author.goto(`${baseURL}/ai-generator`);
    await author.getByLabel('Book Title').fill('Refused Book');
    await author.getByLabel('Author Name').fill('Ada Writer');
    await author.getByLabel('Describe your book idea').fill('A book the provider will refuse to plan, on purpose');
    await author.getByLabel('Target Length').selectOption('50');
    await author.getByLabel(/Real AI/).check();
    await advance('Create Project', 'Project created', author);
    await author.getByRole('button', { name: 'Generate Outline' }).click();
    await expect(author.getByRole('alert').textContent()).resolves.toContain(REFUSAL);
    await expect(stageTitle(author).textContent()).resolves.toBe('Project created');
    await author.context().close();
  });

  it('walks a new visitor through every stage to a finished book', async () => {
    await page.getByLabel('Book Title').fill('Rituals for Remote Teams');
    await page.getByLabel('Author Name').fill('Ada Writer');
    await page.getByLabel('Describe your book idea').fill('How small companies lead distributed teams with trust and rituals');
    await page.getByLabel('Target Length').selectOption('50');
    await advance('Create Project', 'Project created');
    // The page names no raw ids; the wizard keeps the one it is on for a reload.
    projectId = (await page.evaluate(() => sessionStorage.getItem('pressroom.wizard.project'))) ?? '';
    expect(projectId).toMatch(/^[0-9a-f-]{36}$/);

    await advance('Generate Outline', 'Outline generated');
    expect(await page.locator('.toc > li').count()).toBe(5);
    // Previous shows what was done: the brief, read-only (no second Create); Next moves on without planning again.
    await advance('Previous', 'Project created');
    await advance('Previous', 'Book Details');
    for (const [label, value] of [['Book Title', /^Rituals for Remote Teams$/], ['Author Name', /^Ada Writer$/], ['Target Length', /^Short \(about \d+ pages\)$/]] as const) {
      await expect(page.getByLabel(label, { exact: true }).inputValue()).resolves.toMatch(value);
      await expect(page.getByLabel(label, { exact: true }).getAttribute('readonly')).resolves.not.toBeNull();
    }
    await expect(page.getByRole('button', { name: 'Create Project' }).count()).resolves.toBe(0);
    await advance('Next', 'Project created');
    await advance('Next', 'Outline generated');

    await advance('Write Introduction', 'Introduction written');
    await expect(page.locator('.prose-preview').textContent()).resolves.toMatch(/\w{3,}/);
    await advance('Generate Chapters', 'Chapters created');
    const tabs = page.getByRole('tablist', { name: 'Chapters' }).getByRole('tab');
    await expect(tabs.allTextContents()).resolves.toEqual(['1 ✓', '2 ✓', '3 ✓', '4 ✓', '5 ✓']);
    await tabs.nth(1).click();
    // The editor opens the chapter from the API.
    await page.getByLabel('Chapter statistics').filter({ hasNotText: /^0 words/ }).waitFor();
    const before = await page.getByLabel('Chapter text').inputValue();
    await page.getByRole('button', { name: 'Regenerate Chapter' }).click();
    // It asks first, and says the current text stays as a version.
    const confirm = page.getByRole('alertdialog', { name: 'Regenerate chapter 2?' });
    await expect(confirm.textContent()).resolves.toMatch(/The current text is kept as version 1; restore it from Versions/);
    await confirm.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('button', { name: 'Write Summary' }).waitFor({ timeout: 60_000 });
    await page.locator('.version-list li', { hasText: CHAPTER_VERSION_LABELS.regenerated }).waitFor();
    expect(before.length).toBeGreaterThan(200);
    await expect.poll(() => page.getByLabel('Chapter text').inputValue()).not.toBe(before);
    expect((await page.getByLabel('Chapter text').inputValue()).length).toBeGreaterThan(200);

    // Nothing says "ready" before the files exist.
    await expect(page.getByText(GenerationMessages.done).count()).resolves.toBe(0);

    await advance('Write Summary', 'Summary written');
    // Back two stages and forward again re-runs nothing: the provider calls stay as they were.
    const providerCalls = async () => ((await (await fetch(`${baseURL}/api/projects/${projectId}`)).json()) as { ai_provider_calls: number }).ai_provider_calls;
    const calls = await providerCalls();
    expect(calls).toBeGreaterThan(0);
    await advance('Previous', 'Chapters created');
    await advance('Previous', 'Introduction written');
    await advance('Next', 'Chapters created');
    await advance('Next', 'Summary written');
    await expect(providerCalls()).resolves.toBe(calls);
    await advance('Finalize Structure', 'Structure finalized');
    await advance('Build PDF', 'PDF built');
    await page.locator('.preview-strip img').first().waitFor();
    await page.getByLabel('Design style').selectOption('classic');
    const coverCall = page.waitForRequest(`**/api/projects/${projectId}/generate-cover`);
    await advance('Generate Cover', 'Cover created');
    expect((await coverCall).postDataJSON()).toMatchObject({ design_style: 'classic', color_scheme: 'professional' });
    await advance('Complete Book', 'Complete');
    await snapshot(page, 'wizard-complete');
    for (const name of ['Download PDF Book', 'Download Cover', 'Download Cover PNG', 'Download Quarto Project']) {
      await expect(page.getByRole('button', { name, exact: true }).isVisible()).resolves.toBe(true);
    }
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF Book', exact: true }).click()]);
    expect(pdf.suggestedFilename()).toBe('Rituals_for_Remote_Teams_book.pdf');
    await expect(page.getByRole('button', { name: 'Sign In to Save' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByText('Please sign in to save your book to your account.').isVisible()).resolves.toBe(true);
  });

  it('picks the book up again after a reload, and from /resume-project', async () => {
    await page.reload();
    await page.locator('#stage-title', { hasText: 'Complete' }).waitFor();

    await page.goto(`${baseURL}/resume-project`);
    await page.getByRole('button', { name: 'Load Project' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Please enter a project ID');
    await page.getByLabel('Project ID').fill('00000000-0000-4000-8000-000000000000');
    await page.getByRole('button', { name: 'Load Project' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Project not found or access denied');

    // A new tab has empty session storage: only the id brings the book back.
    const other = await (await browser.newContext()).newPage();
    await other.goto(`${baseURL}/resume-project`);
    await other.getByLabel('Project ID').fill(projectId);
    await other.getByRole('button', { name: 'Load Project' }).click();
    await other.waitForURL(`${baseURL}/ai-generator`);
    await other.locator('#stage-title', { hasText: 'Complete' }).waitFor();
    await other.getByRole('button', { name: 'Download Quarto Project' }).waitFor();
  });
});
