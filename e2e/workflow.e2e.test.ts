import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { BriefFieldMessages } from '../libs/domain/index.ts';
import type { Engine } from '../testing/index.ts';
import { e2eSession, fieldProblem } from './browser.ts';

const baseURL = inject('baseURL');
const author = { email: `workflow-${randomUUID().slice(0, 8)}@example.com`, password: 'my own sturdy passphrase' };
const session = e2eSession();
let page: Page;
let engine: Engine;
beforeAll(async () => {
  ({ page, engine } = session);
  await fetch(`${baseURL}/api/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(author) });
});

const button = (name: string) => page.getByRole('button', { name, exact: true });
const onStep = (title: string) => page.locator('#step-title', { hasText: title }).waitFor({ timeout: 60_000 });

describe('the six-step workflow, signed in', () => {
  it('goes from an idea to a saved book, with the structure chosen by the author', async () => {
    await page.goto(`${baseURL}/login?next=/workflow`);
    await page.getByLabel('Email').fill(author.email);
    await page.getByLabel('Password', { exact: true }).fill(author.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseURL}/workflow`);

    // The button is never out of reach: pressed too early, it marks the fields to fill.
    await button('Generate Structure').click();
    await expect(fieldProblem(page.getByLabel('Book Title'))).resolves.toBe(BriefFieldMessages.titleMissing);
    await page.getByLabel('Book Title').fill('Small Rituals');
    await page.getByLabel('Author Name').fill('Ada Writer');
    await page.getByLabel('Describe your book idea').fill('How small companies lead distributed teams with trust and rituals');
    await page.getByLabel('Target Length').selectOption('50');
    await button('Generate Structure').click();
    await onStep('Structure');
    expect(await page.locator('.toc > li').count()).toBe(5);
    await page.getByLabel('Chapters').selectOption('3');
    await button('Apply').click();
    await page.locator('.toc > li').nth(3).waitFor({ state: 'detached' });
    expect(await page.locator('.toc > li').count()).toBe(3);

    await button('Generate Content').click();
    await onStep('Content');
    await page.getByText(/min read/).waitFor();
    // A reload keeps the book: the same step, the same chapters.
    const tabs = page.getByRole('tablist', { name: 'Chapters' }).getByRole('tab');
    const written = ['1 ✓', '2 ✓', '3 ✓'];
    await expect.poll(() => tabs.allTextContents(), { timeout: 60_000 }).toEqual(written);
    // Reloaded once the content step is finished (summary written): a reload while it is still writing reopens on Structure.
    await page.locator('button:not([aria-disabled])', { hasText: /^Next$/ }).waitFor({ timeout: 60_000 });
    const shown = await page.getByRole('tabpanel').locator('h3').textContent();
    await page.reload();
    await onStep('Content');
    await page.getByText(/min read/).waitFor();
    await expect(tabs.allTextContents()).resolves.toEqual(written);
    await expect(page.getByRole('tabpanel').locator('h3').textContent()).resolves.toBe(shown);
    await button('Next').click();
    await onStep('Make your PDF');
    await expect(button('Next').isDisabled()).resolves.toBe(true);
    await button('Build PDF').click();
    await button('Download PDF Book').waitFor({ timeout: 60_000 });
    await button('Next').click();
    await onStep('Create your book cover');
    await button('Generate AI Cover').click();
    await page.getByAltText('Front cover').waitFor({ timeout: 30_000 });
    await button('Next').click();
    await onStep('Your Book is Complete');
    await expect(button('Previous').count()).resolves.toBe(0);
    await button('Save to Account').click();
    await page.getByRole('status').getByText('Saved!').waitFor();
    const saved = await engine.deps.orm.em.fork().getConnection().execute<{ n: string }[]>('select count(*) as n from book_projects b join users u on u.id = b.user_id where u.email = ? and b.title = ? and b.source = ?', [author.email, 'Small Rituals', 'workflow']);
    expect(Number(saved[0]?.n)).toBe(1);

    await button('Generate Another Book').click();
    await onStep('Idea');
    await expect(page.getByLabel('Book Title').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Target Length').inputValue()).resolves.toBe('100');
    // The whole book, from idea to cover, written and typeset while other test files run beside it.
  }, 150_000);

  it('writes only the chapters chosen, at outline depth, and keeps those settings with the book', async () => {
    const title = `Outline Only ${randomUUID().slice(0, 6)}`;
    // A new book: the tab forgets any book the page kept for a reload.
    await page.goto(`${baseURL}/`);
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${baseURL}/workflow`);
    await expect(page.getByLabel('Mock data (instant)').isChecked()).resolves.toBe(true);
    await page.getByLabel('Book Title').fill(title);
    await page.getByLabel('Author Name').fill('Ada Writer');
    await page.getByLabel('Describe your book idea').fill('How small companies lead distributed teams with trust and rituals');
    await page.getByLabel('Target Length').selectOption('50');
    await button('Generate Structure').click();
    await onStep('Structure');
    await page.getByLabel('Generation mode').selectOption('selective');
    await page.getByLabel('Content depth').selectOption('outline');
    const choice = page.getByRole('group', { name: 'Chapters to write' }).getByRole('checkbox');
    await choice.nth(1).check();
    await choice.nth(3).check();
    await button('Generate Content').click();
    await onStep('Content');
    await page.locator('button:enabled', { hasText: /^Next$/ }).waitFor({ timeout: 60_000 });
    const tabs = page.getByRole('tablist', { name: 'Chapters' }).getByRole('tab');
    expect(await Promise.all([0, 1, 2, 3, 4].map((i) => tabs.nth(i).isEnabled()))).toEqual([false, true, false, true, false]);

    const db = engine.deps.orm.em.fork().getConnection();
    const [book]: { id: string; generation_mode: string; content_depth: string; outline: { number: number; target_words: number }[] }[] = await db.execute('select id, generation_mode, content_depth, outline from generator_projects where title = ?', [title]);
    expect(book).toMatchObject({ generation_mode: 'selective', content_depth: 'outline' });
    const written: { number: number; word_count: number }[] = await db.execute('select number, word_count from generated_chapters where project_id = ? order by number', [book?.id]);
    expect(written.map((c) => c.number)).toEqual([2, 4]);
    // A polished chapter is its whole budget (±20 %); an outline is about 15 % of it.
    for (const c of written) expect(c.word_count).toBeLessThan(0.3 * (book?.outline.find((o) => o.number === c.number)?.target_words ?? 0));
  });
});
