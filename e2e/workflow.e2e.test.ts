import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Engine } from '../testing/index.ts';
import { e2eSession } from './browser.ts';

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

    await expect(button('Generate Structure').isDisabled()).resolves.toBe(true);
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
  });
});
