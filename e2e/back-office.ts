// The first admin as `npm run create-admin` makes one, in the back office: signed in with the printed one-time password,
// which the back office replaces with the admin's own before anything else.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { repoRoot } from '../scripts/stack/profile.ts';

export const ADMIN_OWN_PASSWORD = 'an admin’s own sturdy passphrase';

/** Runs `npm run create-admin -- <email>` and answers the one-time password it printed. */
export async function createAdmin(email: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(repoRoot, 'scripts/create-admin.ts'), email], { env: process.env });
  const password = /with password: (\S+)/.exec(stdout)?.[1];
  if (!password) throw new Error(`create-admin printed no password: ${stdout}`);
  return password;
}

/** Signs in at /admin with the one-time password and sets ADMIN_OWN_PASSWORD when the back office asks; ends on its dashboard. */
export async function signInAsNewAdmin(page: Page, baseURL: string, email: string, oneTime: string): Promise<void> {
  await page.goto(`${baseURL}/admin`);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).first().fill(oneTime);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.getByRole('heading', { name: 'Choose your own password' }).waitFor();
  await page.getByLabel('Current (one-time) password').fill(oneTime);
  await page.getByLabel(/^New password/).fill(ADMIN_OWN_PASSWORD);
  await page.getByLabel('Confirm new password').fill(ADMIN_OWN_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByText('Platform health').waitFor();
}
