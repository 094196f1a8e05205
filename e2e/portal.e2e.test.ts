import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { e2eStand, launchBrowser, snapshot } from './browser.ts';

const baseURL = e2eStand().baseURL;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  page = await browser.newPage();
});
afterEach(async () => {
  await page?.close();
});

describe('the portal in Chromium', () => {
  it('loads the landing page with the version label', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseURL}/`);
    await expect(page.getByRole('heading', { level: 1 }).getAttribute('aria-label')).resolves.toBe("Let's finish that book!");
    // The typing headline types the first word, letter by letter.
    await page.locator('.typed', { hasText: 'finish' }).waitFor();
    for (const name of ['Try Free Demo', 'Elite Service - Now Available']) {
      await expect(page.getByRole('link', { name }).isVisible()).resolves.toBe(true);
    }
    // The AI Book Generator's checkout starts from the page itself.
    await expect(page.getByRole('button', { name: 'Generate - $99' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('footer').textContent()).resolves.toMatch(/Pressroom v\d+\.\d+\.\d+ · built \d{4}-\d{2}-\d{2}/);
    await snapshot(page, 'landing');
    expect(errors).toEqual([]);
  });

  it('sends an unknown path to the landing page', async () => {
    await page.goto(`${baseURL}/no/such/page`);
    await page.waitForURL(`${baseURL}/`);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('reaches the API through the same origin', async () => {
    const response = await page.goto(`${baseURL}/api/health`);
    expect(response?.headers()['content-type']).toContain('application/json');
    const body = (await response?.json()) as { checks: Record<string, { status: string }> };
    expect(body.checks.postgres?.status).toBe('up');
  });
});

describe('static pages', () => {
  it('FAQ: twelve questions that open and close independently', async () => {
    await page.goto(`${baseURL}/faq`);
    const questions = page.locator('.faq-item button');
    // Pages load on demand: wait for the page before counting.
    await questions.first().waitFor();
    await expect(questions.count()).resolves.toBe(12);
    await questions.nth(0).click();
    await questions.nth(3).click();
    await expect(page.locator('.faq-item [role=region]:visible').count()).resolves.toBe(2);
    await expect(questions.nth(0).getAttribute('aria-expanded')).resolves.toBe('true');
    await questions.nth(0).click();
    await expect(questions.nth(0).getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(questions.nth(3).getAttribute('aria-expanded')).resolves.toBe('true');
    await snapshot(page, 'faq');
  });

  it('terms have 17 sections and every static page leads back home', async () => {
    await page.goto(`${baseURL}/terms`);
    await page.locator('.legal-section').first().waitFor();
    await expect(page.locator('.legal-section').count()).resolves.toBe(17);
    await expect(page.getByText('Last updated August 16, 2025').isVisible()).resolves.toBe(true);
    for (const path of ['/how-it-works', '/service-tiers', '/health-biotech', '/international-professionals', '/privacy', '/coming-soon', '/success']) {
      await page.goto(`${baseURL}${path}`);
      await page.getByRole('link', { name: '← Back to Home' }).click();
      await page.waitForURL(`${baseURL}/`);
    }
  });

  it('the mobile menu folds the top bar items and opens on demand', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${baseURL}/`);
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link', { name: 'Sign In' }).isVisible()).resolves.toBe(true);
    await expect(menu.getByRole('link', { name: 'Get Started' }).isVisible()).resolves.toBe(true);
    await snapshot(page, 'mobile-menu');
    await menu.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(`${baseURL}/signup`);
  });
});

describe('the back office in Chromium', () => {
  it('loads lazily and asks a signed-out visitor to sign in', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseURL}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(scripts.some((s) => s.includes('AdminApp'))).toBe(false);

    await page.goto(`${baseURL}/admin`);
    await page.waitForURL(/\/admin\/login$/);
    await page.getByLabel(/email/i).waitFor();
    await expect(page.getByLabel(/password/i).count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: /sign in/i }).isVisible()).resolves.toBe(true);
    expect(scripts.some((s) => s.includes('AdminApp'))).toBe(true);
    await snapshot(page, 'admin-login');
  });
});
