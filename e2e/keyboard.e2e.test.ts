import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BriefFieldMessages, FieldMessages, GenerationMessages } from '../libs/domain/index.ts';
import { e2eSession, e2eStand, fieldProblem } from './browser.ts';

const baseURL = e2eStand().baseURL;
const session = e2eSession();
let page: Page;
beforeAll(() => {
  ({ page } = session);
});

/** Whether the element has the keyboard focus (evaluated in the page; the tests compile without the DOM's types). */
const focused = (target: Locator) => target.evaluate((node) => node === (node as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement);

/** Presses Tab until `target` has the focus, as a keyboard user does; fails if it is not on the Tab path. */
async function tabTo(target: Locator, most = 40): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    await page.keyboard.press('Tab');
    if (await focused(target)) return;
  }
  throw new Error(`${String(target)} was not reached in ${most} presses of Tab`);
}

describe('a keyboard-only author (Tab, Enter and Space; no mouse)', () => {
  const title = `Keyboard Book ${randomUUID().slice(0, 6)}`;

  it('signs up, told on each field what is missing', async () => {
    await page.goto(`${baseURL}/signup`);
    await tabTo(page.getByRole('button', { name: 'Create Account' }));
    await page.keyboard.press('Enter');
    await expect(fieldProblem(page.getByLabel('Email'))).resolves.toBe(FieldMessages.emailMissing);
    await expect(focused(page.getByRole('alert'))).resolves.toBe(true);
    await tabTo(page.getByLabel('Email'));
    await page.keyboard.type(`keys-${randomUUID().slice(0, 8)}@example.com`);
    await tabTo(page.getByLabel('Password', { exact: true }));
    await page.keyboard.type('my own sturdy passphrase');
    await tabTo(page.getByLabel('Confirm password', { exact: true }));
    await page.keyboard.type('my own sturdy passphrase');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/dashboard`);
  });

  it('writes a one-shot book on mock: the button is on the Tab path, and focus follows the page', async () => {
    await page.goto(`${baseURL}/one-shot`);
    const write = page.getByRole('button', { name: 'Write My Book' });
    await tabTo(write);
    await expect(write.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).textContent())).resolves.toMatch(/title and an author/);
    await page.keyboard.press('Enter');
    await expect(fieldProblem(page.getByLabel('Book Title'))).resolves.toBe(BriefFieldMessages.titleMissing);
    // The summary's link takes the focus to its field.
    await tabTo(page.getByRole('link', { name: `Book Title: ${BriefFieldMessages.titleMissing}` }));
    await page.keyboard.press('Enter');
    await expect(focused(page.getByLabel('Book Title'))).resolves.toBe(true);
    await page.keyboard.type(title);
    await tabTo(page.getByLabel('Author Name'));
    await page.keyboard.type('Kay Board');
    await tabTo(page.getByLabel('Describe your book idea'));
    await page.keyboard.type('How to write a whole book without ever touching a mouse.');
    const mock = page.getByRole('radio', { name: /Mock/ });
    await tabTo(mock);
    await page.keyboard.press('Space');
    await expect(mock.isChecked()).resolves.toBe(true);
    await tabTo(write);
    await page.keyboard.press('Enter');
    const done = page.getByRole('heading', { name: GenerationMessages.done });
    await done.waitFor({ timeout: 30_000 });
    await expect(focused(done)).resolves.toBe(true);
  });

  it('finds the book in My Books without pressing Save', async () => {
    await page.goto(`${baseURL}/dashboard`);
    await page.locator('.book-card', { hasText: title }).waitFor();
  });
});
