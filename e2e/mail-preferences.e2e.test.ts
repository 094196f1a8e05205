import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Profile } from '../libs/db/index.ts';
import { MAIL_CATEGORY_INFO, MUST_KNOW_NOTE } from '../libs/domain/index.ts';
import { e2eSession, e2eStand, signedInPage, snapshot } from './browser.ts';

const baseURL = e2eStand().baseURL;
const session = e2eSession();

describe('mail preferences', () => {
  it('lets an author put print progress off and keeps it, saying what cannot be turned off', async () => {
    const page = await signedInPage(session.browser, baseURL);
    await page.goto(`${baseURL}/account`);
    await page.getByRole('heading', { name: 'Mail preferences' }).waitFor();
    await page.getByText(MUST_KNOW_NOTE).waitFor();
    const print = page.getByRole('group', { name: MAIL_CATEGORY_INFO.print_progress.label });
    expect(await print.getByLabel('In a daily digest').isChecked()).toBe(true);
    expect(await page.getByRole('group', { name: MAIL_CATEGORY_INFO.elite_team.label }).count()).toBe(0);
    await print.getByLabel('Off').check();
    await page.getByRole('button', { name: 'Save mail preferences' }).click();
    await page.getByRole('status').filter({ hasText: 'Your mail preferences are saved.' }).waitFor();
    await snapshot(page, 'mail-preferences-author');

    await page.reload();
    const again = page.getByRole('group', { name: MAIL_CATEGORY_INFO.print_progress.label });
    await again.waitFor();
    expect(await again.getByLabel('Off').isChecked()).toBe(true);
    expect(await page.getByRole('group', { name: MAIL_CATEGORY_INFO.elite_progress.label }).getByLabel('In a daily digest').isChecked()).toBe(true);
    await page.context().close();
  }, 120_000);

  it("leads an account that only buys from the site's account menu to its mail preferences", async () => {
    const page = await signedInPage(session.browser, baseURL);
    // A buyer browses the site, not My Books: the top bar's account link is their way in.
    await page.goto(`${baseURL}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL(`${baseURL}/account`);
    await page.getByRole('heading', { name: 'Mail preferences' }).waitFor();
    await page.getByRole('group', { name: MAIL_CATEGORY_INFO.print_progress.label }).waitFor();
    await page.context().close();
  }, 120_000);

  it("offers a team member the Elite requests' mail in the back office", async () => {
    const password = 'my own sturdy passphrase';
    const email = `team-mail-${randomUUID().slice(0, 8)}@example.com`;
    const signedUp = await fetch(`${baseURL}/api/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
    const { user } = (await signedUp.json()) as { user: { id: string } };
    const em = session.engine.deps.orm.em.fork();
    (await em.findOneOrFail(Profile, { user: user.id })).role = 'elite_team';
    await em.flush();

    const admin = await (await session.browser.newContext()).newPage();
    await admin.goto(`${baseURL}/admin`);
    await admin.getByLabel(/email/i).fill(email);
    await admin.getByLabel(/password/i).first().fill(password);
    await admin.getByRole('button', { name: /sign in/i }).click();
    await admin.getByText('Platform health').waitFor();
    // The account menu leads to the page.
    await admin.getByRole('button', { name: /account menu/i }).click();
    expect(await admin.getByRole('menuitem', { name: 'Mail preferences' }).getAttribute('href')).toBe('/admin/mail-preferences');
    await admin.goto(`${baseURL}/admin/mail-preferences`);
    const team = admin.getByRole('group', { name: MAIL_CATEGORY_INFO.elite_team.label });
    await team.waitFor().catch(async (error: Error) => {
      throw new Error(`${admin.url()} showed: ${(await admin.locator('body').innerText()).slice(0, 1000)} (${error.message})`);
    });
    expect(await team.getByLabel('At once').isChecked()).toBe(true);
    await team.getByLabel('In a daily digest').check();
    await admin.getByRole('button', { name: 'Save mail preferences' }).click();
    await admin.getByRole('status').filter({ hasText: 'Your mail preferences are saved.' }).waitFor();
    await snapshot(admin, 'mail-preferences-team');
    await admin.reload();
    await admin.getByRole('group', { name: MAIL_CATEGORY_INFO.elite_team.label }).getByLabel('In a daily digest').waitFor();
    expect(await admin.getByRole('group', { name: MAIL_CATEGORY_INFO.elite_team.label }).getByLabel('In a daily digest').isChecked()).toBe(true);
    await admin.context().close();
  }, 120_000);
});
