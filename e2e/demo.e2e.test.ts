import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPLETE_TEXT, DEMO_PRESETS } from '../libs/domain/index.ts';
import { e2eSession, e2eStand, snapshot } from './browser.ts';

const baseURL = e2eStand().baseURL;
const session = e2eSession();
let page: Page;
beforeAll(() => {
  ({ page } = session);
});

const title = () => page.locator('#step-title');
const next = async (button: string, step: string) => {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.locator('#step-title', { hasText: step }).waitFor({ timeout: 60_000 });
};

describe('the public demo, signed out', () => {
  it('needs every field, and fills them from a preset', async () => {
    await page.goto(`${baseURL}/demo`);
    await expect(title().textContent()).resolves.toBe('Idea');
    await page.getByRole('button', { name: 'Generate Structure' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Please fill in all required fields');
    const preset = DEMO_PRESETS[1];
    await page.getByRole('button', { name: preset.label }).click();
    await expect(page.getByLabel('Book Title').inputValue()).resolves.toBe(preset.title);
    await expect(page.getByLabel('Target Length').inputValue()).resolves.toBe('100');
    await page.getByLabel('Target Length').selectOption('50');
  });

  it('runs its five steps on the mock provider to a book with a cover', async () => {
    await next('Generate Structure', 'Structure');
    expect(await page.locator('.toc > li').count()).toBeGreaterThanOrEqual(3);
    // Back to the idea: its task list says what ran; generating again plans a new structure.
    await next('Back', 'Idea');
    await expect(page.getByRole('list', { name: 'Tasks' }).textContent()).resolves.toBe('Create the project: completedPlan the chapters: completed');
    await next('Generate Structure', 'Structure');
    await next('Generate Content', 'Content');
    await expect(page.getByRole('tablist', { name: 'Chapters' }).getByRole('tab').count()).resolves.toBeGreaterThanOrEqual(3);
    await page.getByText(/min read/).waitFor();
    await next('Generate PDF', 'Export');
    const [md] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Markdown' }).click()]);
    expect(md.suggestedFilename()).toBe('the-balcony-harvest.md');
    const [html] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download HTML website' }).click()]);
    expect(html.suggestedFilename()).toBe('the-balcony-harvest.html');
    await expect(page.getByRole('button', { name: 'Download EPUB', exact: true }).isVisible()).resolves.toBe(true);
    await next('Create Cover', 'Cover');
    await expect(page.getByRole('button', { name: 'Complete Demo' }).isDisabled()).resolves.toBe(true);
    await page.getByLabel('Design style').selectOption('bold');
    await page.getByLabel('Colour scheme').selectOption('vibrant');
    await page.getByRole('button', { name: 'Generate AI Cover' }).click();
    await page.getByAltText('Front cover').waitFor({ timeout: 30_000 });
    await snapshot(page, 'demo-cover');
    await page.getByRole('button', { name: 'Complete Demo' }).click();
    await page.getByRole('heading', { name: 'Demo complete' }).waitFor();
    // It promises a free account only what one gets: a real AI model's book is a paid credit.
    await expect(page.locator('section', { has: page.getByRole('heading', { name: 'Demo complete' }) }).textContent()).resolves.toContain(DEMO_COMPLETE_TEXT);
    expect(DEMO_COMPLETE_TEXT).toMatch(/real AI model takes a book credit \(\$\d+ each\)/);
    await expect(page.getByRole('link', { name: 'Start Creating Your Book' }).getAttribute('href')).resolves.toBe('/signup');
    await expect(page.getByRole('link', { name: 'Try Full Version' }).getAttribute('href')).resolves.toBe('/signup');
  });
});
