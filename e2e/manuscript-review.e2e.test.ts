import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BookProject, Profile, writeChapter } from '../libs/db/index.ts';
import { DEFAULT_TEAM_DISPLAY_NAME, NoteMessages } from '../libs/domain/index.ts';
import { insertEliteRequest } from '../testing/elite-requests.ts';
import { eventually } from '../testing/index.ts';
import { insertSavedBook } from '../testing/saved-books.ts';
import { confirmEmail, e2eSession, e2eStand, signedInAs, snapshot } from './browser.ts';

const baseURL = e2eStand().baseURL;
const password = 'my own sturdy passphrase';
const author = { email: `review-author-${randomUUID().slice(0, 8)}@example.com`, password };
const team = { email: `review-team-${randomUUID().slice(0, 8)}@example.com`, password };
const title = 'Harbour Lights';
const CHAPTER = 'The harbour woke before the town did. Gulls argued over the nets while the ferry coughed into life.\n\nMara counted the crates twice, because the first count was always wrong.';
const COMMENT = 'Lovely opening image: could the gulls get one more detail?';
const FROM = 'coughed into life';
const TO = 'rumbled awake';
const session = e2eSession();
let projectId: string;
let requestId: string;

async function signUp(account: { email: string; password: string }): Promise<string> {
  const answer = await fetch(`${baseURL}/api/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) });
  await confirmEmail(baseURL, account.email);
  return ((await answer.json()) as { user: { id: string } }).user.id;
}

/** How long an action took to answer, from the click to what the person sees: one line in the test's output. */
async function timed(action: string, run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  const ms = Math.round(performance.now() - started);
  console.log(`[manuscript-review] ${action}: ${ms} ms`);
  return ms;
}

/** Selects text in a textarea as a person dragging over it would, and fires the select event the page listens to. */
const select = (area: Locator, quote: string) =>
  area.evaluate(
    (node, q) => {
      // This runs in the page; the test files are compiled without the DOM's types.
      const element = node as unknown as { value: string; focus(): void; setSelectionRange(a: number, b: number): void; dispatchEvent(e: unknown): boolean };
      const start = element.value.indexOf(q);
      element.focus();
      element.setSelectionRange(start, start + q.length);
      const EventOf = (globalThis as unknown as { Event: new (type: string) => unknown }).Event;
      element.dispatchEvent(new EventOf('select'));
    },
    quote,
  );

/** The team member, signed in to the back office. */
async function teamPage(): Promise<Page> {
  const admin = await (await session.browser.newContext()).newPage();
  await admin.goto(`${baseURL}/admin`);
  await admin.getByLabel(/email/i).fill(team.email);
  await admin.getByLabel(/password/i).first().fill(team.password);
  await admin.getByRole('button', { name: /sign in/i }).click();
  await admin.getByText('Platform health').waitFor();
  return admin;
}

// An author with a saved book of two written chapters and an Elite request on it; a member of the Elite team.
beforeAll(async () => {
  const authorId = await signUp(author);
  const memberId = await signUp(team);
  const { orm, storage } = session.engine.deps;
  const em = orm.em.fork();
  const profile = await em.findOneOrFail(Profile, { user: memberId });
  profile.role = 'elite_team';
  await em.flush();
  const book = await insertSavedBook({ orm, storage }, authorId, { title });
  projectId = (await em.findOneOrFail(BookProject, { id: book })).generatorProject.id;
  await writeChapter(em, { projectId, number: 1, title: 'Morning', content: CHAPTER, source: 'generated', by: 'mock' });
  await writeChapter(em, { projectId, number: 2, title: 'Evening', content: 'The lamps came on one by one.', source: 'generated', by: 'mock' });
  requestId = await insertEliteRequest(orm, { id: authorId, email: author.email, role: 'author' }, { bookProjectId: book });
}, 60_000);

describe('reviewing the manuscript: the team comments and suggests in the back office, the author answers in the editor', () => {
  it('shows the team’s comment and tracked change to the author, whose Accept makes the change the chapter’s text', async () => {
    const admin = await teamPage();
    await timed('team opens the request with its manuscript', async () => {
      await admin.goto(`${baseURL}/admin/elite-requests/${requestId}/show`);
      await admin.getByRole('region', { name: 'Manuscript: comments and suggestions' }).getByLabel('Chapter text').waitFor();
    });
    const panel = admin.getByRole('region', { name: 'Manuscript: comments and suggestions' });
    const text = panel.getByLabel('Chapter text');
    await expect(text.inputValue()).resolves.toBe(CHAPTER);

    await select(text, 'Gulls argued over the nets');
    await panel.getByRole('blockquote', { name: 'Selected passage' }).getByText('Gulls argued over the nets').waitFor();
    await panel.getByLabel('Comment on the selected passage').fill(COMMENT);
    await timed('team adds a comment', async () => {
      await panel.getByRole('button', { name: 'Add comment' }).click();
      await panel.getByRole('list', { name: 'Comments' }).getByText(COMMENT).waitFor();
    });

    await select(text, FROM);
    await panel.getByRole('blockquote', { name: 'Selected passage' }).getByText(FROM).waitFor();
    await panel.getByLabel(/^Suggested text/).fill(TO);
    await panel.getByLabel('Why (optional)').fill('A fresher verb for the ferry.');
    await timed('team suggests a change', async () => {
      await panel.getByRole('button', { name: 'Suggest change' }).click();
      await panel.getByRole('list', { name: 'Suggested changes' }).getByText('Waiting for the author').waitFor();
    });
    await snapshot(admin, 'manuscript-review-team');
    await admin.context().close();

    // The author, in the book's editor: the comment under the team's name (never an address) and the tracked change.
    const page = await signedInAs(session.browser, baseURL, author);
    await timed('author opens the chapter editor with its notes', async () => {
      await page.goto(`${baseURL}/projects/${projectId}/edit`);
      await page.getByRole('list', { name: 'Open comments' }).getByText(COMMENT).waitFor();
    });
    const notes = page.getByRole('region', { name: 'Comments and suggestions' });
    await expect(notes.getByRole('listitem', { name: `Comment by ${DEFAULT_TEAM_DISPLAY_NAME}` }).getByText('Gulls argued over the nets').isVisible()).resolves.toBe(true);
    await expect(page.getByText(team.email).count()).resolves.toBe(0);
    const change = notes.getByRole('listitem', { name: `Suggested change by ${DEFAULT_TEAM_DISPLAY_NAME}` });
    // The tracked change: the passage's words struck (<del>), the suggested ones marked (<ins>).
    await expect(change.locator('del').allInnerTexts().then((parts) => parts.join(' '))).resolves.toMatch(/coughed[\s\S]*life/);
    await expect(change.locator('ins').allInnerTexts().then((parts) => parts.join(' '))).resolves.toMatch(/rumbled[\s\S]*awake/);
    await snapshot(page, 'manuscript-review-author');

    const chapterText = page.getByLabel('Chapter text');
    await timed('author accepts the suggested change', async () => {
      await change.getByRole('button', { name: /^Accept the change/ }).click();
      await notes.getByText('Resolved comments (0) and decided suggestions (1)').waitFor();
    });
    await eventually(() => chapterText.inputValue(), (value) => value.includes(`the ferry ${TO}.`), 10_000);
    await page.getByRole('region', { name: 'Versions' }).getByText(/Suggested change, accepted/).first().waitFor();

    await timed('author resolves the comment', async () => {
      await notes.getByRole('listitem', { name: `Comment by ${DEFAULT_TEAM_DISPLAY_NAME}` }).getByRole('button', { name: 'Resolve' }).click();
      await notes.getByText('Resolved comments (1) and decided suggestions (1)').waitFor();
    });

    // The chapter the author reads after a reload has the change.
    await page.reload();
    await eventually(() => page.getByLabel('Chapter text').inputValue(), (value) => value.includes(`the ferry ${TO}.`) && !value.includes(FROM), 15_000);
    await page.context().close();
  }, 180_000);

  it('lets the team withdraw its own suggestion before the author sees it, and keeps the notes to read once the request is closed', async () => {
    const admin = await teamPage();
    await admin.goto(`${baseURL}/admin/elite-requests/${requestId}/show`);
    const panel = admin.getByRole('region', { name: 'Manuscript: comments and suggestions' });
    const text = panel.getByLabel('Chapter text');
    await text.waitFor();
    await select(text, 'counted the crates');
    await panel.getByRole('blockquote', { name: 'Selected passage' }).getByText('counted the crates').waitFor();
    await panel.getByLabel(/^Suggested text/).fill('tallied the crates');
    await panel.getByRole('button', { name: 'Suggest change' }).click();
    const suggestions = panel.getByRole('list', { name: 'Suggested changes' });
    await suggestions.getByText('Waiting for the author').waitFor();
    await timed('team withdraws its suggestion', async () => {
      await suggestions.getByRole('button', { name: /^Withdraw the change/ }).click();
      await suggestions.getByText('Withdrawn', { exact: true }).waitFor();
    });
    await expect(suggestions.getByRole('button', { name: /^Withdraw the change/ }).count()).resolves.toBe(0);

    const page = await signedInAs(session.browser, baseURL, author);
    await page.goto(`${baseURL}/projects/${projectId}/edit`);
    const notes = page.getByRole('region', { name: 'Comments and suggestions' });
    await notes.getByText('Resolved comments (1) and decided suggestions (1)').waitFor();
    await expect(notes.getByText('tallied').count()).resolves.toBe(0);
    await notes.getByRole('button', { name: 'Comment', exact: true }).waitFor();

    // The request completes: both sides still read the notes, and are told why nothing can be added.
    await session.engine.deps.orm.em.fork().getConnection().execute("update elite_requests set status = 'completed' where id = ?", [requestId]);
    await admin.reload();
    await panel.getByText(NoteMessages.requestClosed).waitFor();
    await expect(panel.getByRole('button', { name: 'Add comment' }).count()).resolves.toBe(0);
    await expect(panel.getByRole('button', { name: 'Suggest change' }).count()).resolves.toBe(0);
    await expect(panel.getByRole('list', { name: 'Comments' }).getByText(COMMENT).isVisible()).resolves.toBe(true);
    await snapshot(admin, 'manuscript-review-closed-team');
    await page.reload();
    await notes.getByText(NoteMessages.requestClosed).waitFor();
    await expect(notes.getByRole('button', { name: 'Comment', exact: true }).count()).resolves.toBe(0);
    await snapshot(page, 'manuscript-review-closed-author');
    await admin.context().close();
    await page.context().close();
  }, 180_000);
});
