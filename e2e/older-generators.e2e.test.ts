import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { e2eSession, e2eStand } from './browser.ts';

const baseURL = e2eStand().baseURL;
const session = e2eSession();
let page: Page;
let browser: Browser;
beforeAll(async () => {
  ({ page, browser } = session);
});

async function advance(p: Page, button: string, title: string) {
  await p.getByRole('button', { name: button, exact: true }).click();
  await p.locator('#stage-title', { hasText: title }).waitFor({ timeout: 60_000 });
}
async function download(p: Page, button: string) {
  const [file] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
}

describe('the older ten-step generator', () => {
  it('checks the form with its own messages', async () => {
    await page.goto(`${baseURL}/ai-generator-legacy`);
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Please fill in all required fields');
    await page.getByLabel('Book Title').fill('Ab');
    await page.getByLabel('Author Name').fill('Ada Writer');
    await page.getByLabel('Describe your book idea').fill('Too short');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Please fix the following: Title must be at least 3 characters long; Book idea must be at least 10 characters long');
  });

  it('makes a book and offers the contents, the Quarto config, a chapter and an HTML export from the page', async () => {
    await page.getByLabel('Book Title').fill('Field Notes on Trust');
    await page.getByLabel('Describe your book idea').fill('How small companies lead distributed teams with trust and rituals');
    await page.getByLabel('Target Length').selectOption('50');
    await advance(page, 'Create Project', 'Project Setup');
    await advance(page, 'Generate Outline', 'Table of Contents');
    const toc = await download(page, 'Download TOC (Markdown)');
    expect(toc.name).toBe('field-notes-on-trust-toc.md');
    expect(toc.text).toMatch(/^# Field Notes on Trust/);
    expect((await download(page, 'Download _quarto.yml')).text).toContain('chapter-003.qmd');
    await advance(page, 'Write Introduction', 'Introduction');
    await advance(page, 'Generate Chapters', 'Chapters');
    await page.getByLabel('Chapter to download').selectOption('2');
    const chapter = await download(page, 'Download chapter (.qmd)');
    expect(chapter.name).toBe('chapter-002.qmd');
    expect(chapter.text).toMatch(/^---\ntitle: /);
    const html = await download(page, 'Download HTML');
    expect(html.text).toMatch(/^<!DOCTYPE html>/i);
    expect(html.text).toContain('Field Notes on Trust');
  });
});

describe('the older Quarto generator', () => {
  it('is for signed-in authors only, and signing in leads back to it', async () => {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${baseURL}/quarto`);
    await visitor.waitForURL(`${baseURL}/login?next=${encodeURIComponent('/quarto')}`);

    const author = { email: `quarto-${randomUUID().slice(0, 8)}@example.com`, password: 'my own sturdy passphrase' };
    await fetch(`${baseURL}/api/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(author) });
    await visitor.getByLabel('Email').fill(author.email);
    await visitor.getByLabel('Password', { exact: true }).fill(author.password);
    await visitor.getByRole('button', { name: 'Sign In' }).click();
    // Signing in leads back to the page that asked for it.
    await visitor.waitForURL(`${baseURL}/quarto`);
    await visitor.getByRole('heading', { name: 'Quarto book generator' }).waitFor();
  });
});
