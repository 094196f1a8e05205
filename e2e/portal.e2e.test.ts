import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, snapshot } from './browser.ts';

const baseURL = inject('baseURL');
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
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('From your notes to a finished book');
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
    await page.getByLabel(/username/i).waitFor();
    await expect(page.getByLabel(/password/i).count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: /sign in/i }).isVisible()).resolves.toBe(true);
    expect(scripts.some((s) => s.includes('AdminApp'))).toBe(true);
    await snapshot(page, 'admin-login');
  });
});
