import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eSession, snapshot } from './browser.ts';

const baseURL = inject('baseURL');
const session = e2eSession();
const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const PUBLIC_ROUTES = ['/', '/login', '/signup', '/demo', '/workflow', '/ai-generator', '/one-shot', '/resume-project', '/how-it-works', '/service-tiers', '/faq', '/success', '/privacy', '/coming-soon'];
const SIGNED_IN_ROUTES = ['/dashboard', '/account', '/quarto'];
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** What axe-core finds serious or critical on the page as it stands. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axeScript });
  // Runs in the page, where axe-core put itself on the window.
  const violations = await page.evaluate(async () => {
    const { axe, document } = globalThis as unknown as { axe: { run: (context: unknown, options: object) => Promise<{ violations: Violation[] }> }; document: unknown };
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Every route at both sizes: nothing scrolls sideways, axe finds nothing serious, and a screenshot to look at. */
async function check(page: Page, routes: string[]) {
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const route of routes) {
      await page.goto(`${baseURL}${route}`);
      await page.waitForLoadState('networkidle');
      const overflow = await page.locator('html').evaluate((html) => {
        const { scrollWidth, clientWidth } = html as unknown as { scrollWidth: number; clientWidth: number };
        return scrollWidth - clientWidth;
      });
      if (overflow > 0) problems.push(`${route} at ${size.width}px scrolls sideways by ${overflow}px`);
      for (const v of await seriousViolations(page)) problems.push(`${route} at ${size.width}px: ${v}`);
      await snapshot(page, `${route === '/' ? 'landing' : route.slice(1).replaceAll('/', '-')}-${size.name}`);
    }
  }
  return problems;
}

describe('every page, at 390 px and 1280 px', () => {
  let visitor: Page;
  let signedIn: Page;
  beforeAll(async () => {
    // The pages' Content-Security-Policy admits no script but their own: these contexts let axe-core in.
    visitor = await (await session.browser.newContext({ bypassCSP: true })).newPage();
    const account = { email: `layout-${crypto.randomUUID()}@example.com`, password: 'my own sturdy passphrase' };
    await fetch(`${baseURL}/api/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) });
    signedIn = await (await session.browser.newContext({ bypassCSP: true })).newPage();
    await signedIn.goto(`${baseURL}/login`);
    await signedIn.getByLabel('Email').fill(account.email);
    await signedIn.getByLabel('Password', { exact: true }).fill(account.password);
    await signedIn.getByRole('button', { name: 'Sign In' }).click();
    await signedIn.waitForURL(`${baseURL}/dashboard`);
  });

  it('the public pages neither scroll sideways nor have serious accessibility faults', async () => {
    expect(await check(visitor, PUBLIC_ROUTES)).toEqual([]);
  });

  it("the author's pages neither scroll sideways nor have serious accessibility faults", async () => {
    expect(await check(signedIn, SIGNED_IN_ROUTES)).toEqual([]);
  });
});
