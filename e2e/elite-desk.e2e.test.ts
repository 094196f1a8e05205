import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BookProject, Profile, User, writeChapter } from '../libs/db/index.ts';
import { CHAPTER_VERSION_LABELS, DEFAULT_TEAM_DISPLAY_NAME } from '../libs/domain/index.ts';
import { pngOf } from '../testing/book-images.ts';
import { insertEliteRequestRow } from '../testing/elite-rows.ts';
import { insertSavedBook } from '../testing/saved-books.ts';
import { e2eSession, e2eStand, signedInPage, snapshot } from './browser.ts';

const baseURL = e2eStand().baseURL;
const session = e2eSession();
const team = { email: `desk-team-${randomUUID().slice(0, 8)}@example.com`, password: 'my own sturdy passphrase' };
const title = 'Harbour Lights';
const FIRST = 'The harbour woke before the town did, and the gulls argued over the nets.';
const TEAM_EDIT = 'The editor tightened this line.';

let author: Page;
let admin: Page;
let projectId: string;
let requestId: string;

/** Runs one user action and logs how long it took to answer, as the issue asks each action's time to be recorded. */
async function timed<T>(action: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  console.log(`[elite-desk] ${action}: ${Math.round(performance.now() - started)} ms`);
  return result;
}

// An author with a built book of two chapters and an Elite request about it in production, signed in in one browser;
// a member of the Elite team, signed in to the back office in another.
beforeAll(async () => {
  const { orm, storage } = session.engine.deps;
  author = await signedInPage(session.browser, baseURL, async (userId) => {
    const em = orm.em.fork();
    const bookId = await insertSavedBook({ orm, storage }, userId, { title, pages: 40 });
    projectId = (await em.findOneOrFail(BookProject, { id: bookId }, { populate: ['generatorProject'] })).generatorProject.id;
    await writeChapter(em, { projectId, number: 1, title: 'Morning', content: FIRST, source: 'generated', by: 'mock' });
    await writeChapter(em, { projectId, number: 2, title: 'Evening', content: 'The lights came on one by one along the quay.', source: 'generated', by: 'mock' });
    const { email } = await em.findOneOrFail(User, { id: userId });
    requestId = (await insertEliteRequestRow(orm, { topic: title, status: 'in_production' }, { id: userId, email: email as string })).id;
    await em.getConnection().execute('update elite_requests set book_project_id = ? where id = ?', [bookId, requestId]);
  });

  const member = await fetch(`${baseURL}/api/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(team) });
  const em = orm.em.fork();
  const profile = await em.findOneOrFail(Profile, { user: ((await member.json()) as { user: { id: string } }).user.id });
  profile.role = 'elite_team';
  await em.flush();

  admin = await (await session.browser.newContext({ acceptDownloads: true })).newPage();
  await admin.goto(`${baseURL}/admin`);
  await admin.getByLabel(/email/i).fill(team.email);
  await admin.getByLabel(/password/i).first().fill(team.password);
  await admin.getByRole('button', { name: /sign in/i }).click();
  await admin.getByText('Platform health').waitFor();
}, 120_000);

describe("the Elite team's desk", () => {
  it('edits a chapter and uploads a cover in the back office; the author reads the edit, by the team, in the editor', async () => {
    // The request's page opens the desk with the author's own chapter editor.
    const desk = admin.getByRole('region', { name: 'Manuscript desk', exact: true });
    const text = desk.getByLabel('Chapter text');
    await timed('team opens the request with its desk', async () => {
      await admin.goto(`${baseURL}/admin/elite-requests/${requestId}/show`);
      await admin.getByRole('heading', { name: 'Manuscript desk' }).waitFor();
      await expect.poll(() => text.inputValue(), { timeout: 30_000 }).toBe(FIRST);
    });
    await expect(desk.getByRole('tab', { name: 'Chapter 1' }).getAttribute('aria-selected')).resolves.toBe('true');
    // The assistant runs on the author's account: the team's editor has none.
    await expect(desk.getByLabel('What should the assistant do?').count()).resolves.toBe(0);

    await text.press('Control+End');
    await text.pressSequentially(` ${TEAM_EDIT}`);
    await timed('team edit saved', () => expect.poll(() => desk.locator('.save-status [role="status"]').textContent(), { timeout: 15_000 }).toBe('Saved'));
    const teamVersions = desk.locator('.version-list li');
    await expect.poll(() => teamVersions.count()).toBe(2);
    await expect(teamVersions.nth(0).textContent()).resolves.toContain(`Version 2 (current) · ${CHAPTER_VERSION_LABELS.author} · by ${team.email}`);

    // A front image becomes the book's cover, drawn again around it.
    await timed('team uploads a cover', async () => {
      await desk.getByLabel('Cover to upload').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: pngOf(640, 1024, [20, 60, 120]) });
      await desk.getByText('Cover now: an uploaded front image.', { exact: false }).waitFor({ timeout: 60_000 });
    });
    const docx = await timed('team downloads the manuscript (DOCX)', async () => {
      const [download] = await Promise.all([admin.waitForEvent('download'), desk.getByRole('button', { name: 'DOCX', exact: true }).click()]);
      return download;
    });
    expect(docx.suggestedFilename()).toBe('Harbour_Lights_manuscript.docx');
    await snapshot(admin, 'elite-desk-team');

    // The author's editor has the team's text, and the version names the team, never the member's address.
    await timed('author opens the editor', async () => {
      await author.goto(`${baseURL}/projects/${projectId}/edit`);
      await expect.poll(() => author.locator('.chapter-workspace').getByLabel('Chapter text').inputValue(), { timeout: 30_000 }).toBe(`${FIRST} ${TEAM_EDIT}`);
    });
    const versions = author.locator('.versions-panel .version-list li');
    await expect.poll(() => versions.count()).toBe(2);
    await expect(versions.nth(0).textContent()).resolves.toContain(`Version 2 (current) · ${CHAPTER_VERSION_LABELS.author} · by ${DEFAULT_TEAM_DISPLAY_NAME}`);
    await expect(author.locator('.versions-panel').textContent()).resolves.not.toContain(team.email);
    // The team's cover is the book's: the author's Cover card offers to replace it.
    await author.getByRole('button', { name: 'Replace your cover' }).waitFor();

    const markdown = await timed('author downloads the manuscript (Markdown)', async () => {
      const [download] = await Promise.all([author.waitForEvent('download'), author.getByRole('button', { name: 'Download the manuscript as Markdown' }).click()]);
      return download;
    });
    expect(markdown.suggestedFilename()).toBe('Harbour_Lights_manuscript.md');
    expect(readFileSync(await markdown.path(), 'utf8')).toContain(`# Morning\n\n${FIRST} ${TEAM_EDIT}\n`);
    await snapshot(author, 'elite-desk-author');
  });

  it("adds an image from the desk's editor toolbar as the author would; the team's preview shows it and the author's chapter has it", async () => {
    const desk = admin.getByRole('region', { name: 'Manuscript desk', exact: true });
    const text = desk.getByLabel('Chapter text');
    await text.press('Control+End');
    await timed('team uploads an image into the chapter', async () => {
      const chooser = admin.waitForEvent('filechooser');
      await desk.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Upload image' }).click();
      await (await chooser).setFiles({ name: 'quay.png', mimeType: 'image/png', buffer: pngOf(48, 32) });
      const dialog = admin.getByRole('dialog', { name: 'Describe the image' });
      await dialog.getByRole('textbox', { name: 'Description' }).fill('The quay at dusk');
      await dialog.getByRole('button', { name: 'Insert image' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => text.inputValue()).toMatch(/!\[The quay at dusk\]\(images\/[0-9a-f-]{36}\.png\)/);
      await expect.poll(() => desk.locator('.save-status [role="status"]').textContent(), { timeout: 15_000 }).toBe('Saved');
    });
    await desk.getByRole('button', { name: 'Preview' }).click();
    const image = desk.getByRole('region', { name: 'Chapter preview' }).getByRole('img', { name: 'The quay at dusk' });
    await expect.poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth), { timeout: 15_000 }).toBe(48);
    await snapshot(admin, 'elite-desk-team-image');

    await author.goto(`${baseURL}/projects/${projectId}/edit`);
    await expect.poll(() => author.locator('.chapter-workspace').getByLabel('Chapter text').inputValue(), { timeout: 30_000 }).toMatch(/!\[The quay at dusk\]\(images\//);
  });
});
