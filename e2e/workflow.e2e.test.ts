import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BriefFieldMessages } from '../libs/domain/index.ts';
import type { Engine } from '../testing/index.ts';
import { e2eSession, e2eStand, fieldProblem } from './browser.ts';

const baseURL = e2eStand().baseURL;
const author = { email: `workflow-${randomUUID().slice(0, 8)}@example.com`, password: 'my own sturdy passphrase' };
const session = e2eSession();
let page: Page;
let engine: Engine;
let token: string;
beforeAll(async () => {
  ({ page, engine } = session);
  token = ((await api('POST', '/auth/signup', author)) as { access_token: string }).access_token;
});

/** The API as the author's own script would call it (a stage answers when it is done). */
async function api(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.headers.get('content-type')?.includes('json') ? response.json() : response.text();
}

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
    // The same progress view as the one-shot generator: the content stages, the bar, the words so far.
    await page.getByRole('progressbar', { name: 'Generation progress' }).waitFor();
    await onStep('Content');
    // Reloaded while the chapters are being written: the page reopens on Content, follows the run until its stage
    // ends, and offers to finish what the closed page never asked for (the summary).
    await page.reload();
    await onStep('Content');
    await button('Finish writing').click({ timeout: 60_000 });
    await page.getByText(/min read/).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Chapters' }).getByRole('tab');
    const written = ['1 ✓', '2 ✓', '3 ✓'];
    await expect.poll(() => tabs.allTextContents(), { timeout: 60_000 }).toEqual(written);
    await page.locator('button:not([aria-disabled])', { hasText: /^Next$/ }).waitFor({ timeout: 60_000 });
    // A reload once the content is finished keeps the book: the same step, the same chapters.
    const shown = await page.getByRole('tabpanel').locator('h3').textContent();
    await page.reload();
    await onStep('Content');
    await page.getByText(/min read/).waitFor();
    await expect(tabs.allTextContents()).resolves.toEqual(written);
    await expect(page.getByRole('tabpanel').locator('h3').textContent()).resolves.toBe(shown);
    await button('Next').click();
    await onStep('Make your PDF');
    // The run typesets the book once its content is final; until the files exist the step offers Build PDF, and Next waits.
    if (!(await button('Download PDF Book').isVisible())) {
      await expect(button('Next').isDisabled()).resolves.toBe(true);
      await button('Build PDF').click();
    }
    await button('Download PDF Book').waitFor({ timeout: 60_000 });
    // A book with its files reopens where it was too, files and all.
    await page.reload();
    await onStep('Make your PDF');
    await button('Download PDF Book').waitFor();
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

    await button('Generate another book').click();
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

  it('reopens a book left in the middle of its content on Content, and finishes it without writing anything twice', async () => {
    // The page was closed after the introduction and one chapter of three: the run kept what it wrote.
    const { project_id: id } = (await api('POST', '/projects', { source: 'workflow', title: 'Left Halfway', author: 'Ada Writer', topic: 'How small companies lead distributed teams with trust and rituals', ai_model: 'mock', total_target_words: 15_000 })) as { project_id: string };
    await api('POST', `/projects/${id}/generate-outline`, { chapter_count: 3 });
    await api('POST', `/projects/${id}/generate-introduction`);
    await api('POST', `/projects/${id}/generate-chapters/stream`, { chapters_to_generate: [1] });
    type View = { introduction: string; summary: string | null; finalized: boolean; chapters: { chapter_number: number; content: string }[] };
    const before = (await api('GET', `/projects/${id}`)) as View;
    expect(before.chapters.map((c) => c.chapter_number)).toEqual([1]);

    // My Books' Resume, in a tab of its own.
    page = await (await session.browser.newContext()).newPage();
    await page.goto(`${baseURL}/login?next=${encodeURIComponent(`/workflow?project=${id}`)}`);
    await page.getByLabel('Email').fill(author.email);
    await page.getByLabel('Password', { exact: true }).fill(author.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await onStep('Content');
    const tabs = page.getByRole('tablist', { name: 'Chapters' }).getByRole('tab');
    await expect.poll(() => tabs.allTextContents()).toEqual(['1 ✓', '2 ○', '3 ○']);
    // Next waits for the content (once the page has looked whether the run is still writing).
    await page.locator('button[aria-disabled="true"]', { hasText: /^Next$/ }).waitFor();
    await button('Finish writing').click();
    await page.locator('button:not([aria-disabled])', { hasText: /^Next$/ }).waitFor({ timeout: 60_000 });
    await expect(tabs.allTextContents()).resolves.toEqual(['1 ✓', '2 ✓', '3 ✓']);
    await expect(button('Finish writing').count()).resolves.toBe(0);

    const after = (await api('GET', `/projects/${id}`)) as View;
    expect(after).toMatchObject({ introduction: before.introduction, finalized: true });
    expect(after.summary).toBeTruthy();
    expect(after.chapters.find((c) => c.chapter_number === 1)?.content).toBe(before.chapters[0]?.content);
    const versions = await engine.deps.orm.em.fork().getConnection().execute<{ n: string }[]>('select count(*) as n from chapter_versions where project_id = ? and chapter = 1', [id]);
    expect(Number(versions[0]?.n)).toBe(1);
  });
});
