// bench/portal: how much JavaScript an author's first visit downloads, and what Lighthouse (in Debian's Chromium, mobile
// emulation) scores the landing page, the dashboard (signed in), the one-shot generator and the wizard for performance
// and accessibility. Issue 16's targets: initial JavaScript at most 150 KB gzip, both scores at least 95 on each page.
// Baselines measured in the same run: the back-office chunk for size; a minimal static page for Lighthouse.
// The dashboard needs the API: the bench compiles it into a folder of its own and runs it on the test profile's stack,
// starting the PostgreSQL, Temporal, MinIO and mail catcher it needs when none answer (and stopping them at the end).
// Run: npm run bench:portal (it uses the test stack's ports: run it under the test lock, as the tests are)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { preview } from 'vite';
import { loadConfig } from '../libs/config/index.ts';
import { freePort } from '../testing/index.ts';
import { loadProfile, repoRoot } from '../scripts/stack/profile.ts';
import { bin, tsc } from '../scripts/stack/app.ts';
import { ensureMailCatcher, ensureMinio, ensurePostgres, ensureTemporal } from '../scripts/stack/services.ts';
import { setUpServices } from '../scripts/stack/setup.ts';
import { Supervisor } from '../scripts/stack/supervisor.ts';
import { chromiumPath } from '../scripts/stack/tools.ts';

const BUDGET_KB = 150;
const TARGET_SCORE = 95;
// A build of its own, so the browser tests' portal/dist is never rebuilt under them.
const dist = join(repoRoot, '.data/bench/portal-dist');
const kb = (bytes: number) => bytes / 1024;
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

const build = spawnSync(bin('vite'), ['build', '--config', 'portal/vite.config.ts', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
  cwd: repoRoot,
  stdio: 'inherit',
  // What authors get: a production build even when the shell has a development NODE_ENV (React's development build is larger).
  env: { ...process.env, NODE_ENV: 'production' },
});
if (build.status !== 0) process.exit(1);

// The first visit loads index.html's entry script and the chunks it preloads; lazy chunks come later.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
const initialGz = initial.reduce((sum, file) => sum + gz(file), 0);
const adminChunk = readdirSync(join(dist, 'assets')).find((f) => f.startsWith('AdminApp-') && f.endsWith('.js'));
const adminGz = adminChunk ? gz(`assets/${adminChunk}`) : 0;
const adminInInitial = initial.some((f) => f.includes('AdminApp'));

console.log('\nPortal JavaScript (gzip -9)');
console.log(`  entry and its preloads   ${kb(initialGz).toFixed(1)} KB in ${initial.length} file(s)   budget ${BUDGET_KB} KB   ratio ${(kb(initialGz) / BUDGET_KB).toFixed(2)}`);
console.log(`  back office chunk ${kb(adminGz).toFixed(1)} KB, loaded only on /admin: ${!adminInInitial}   initial/back office ${(initialGz / adminGz).toFixed(2)}`);

const chromePath = chromiumPath();
if (!chromePath) {
  console.log('\nLighthouse skipped: Chromium is not installed (npm test installs it).');
  process.exit(0);
}

// The compiled API on the test profile's stack, so that the dashboard has an author and their (empty) shelf.
const profile = loadProfile('test');
const supervisor = new Supervisor();
let api: ChildProcess | undefined;
const stopStack = async () => {
  api?.kill('SIGTERM');
  await supervisor.stopAll();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stopStack().finally(() => process.exit(1)));
const apiPort = await freePort();
const env = { ...profile.env, API_PORT: String(apiPort), TEMPORAL_TASK_QUEUE: `bench-${randomUUID().slice(0, 8)}`, LOG_LEVEL: 'warn' };
const apiUrl = `http://127.0.0.1:${apiPort}`;
let session: string;
try {
  await ensurePostgres({ profile, supervisor });
  // Signing up mails a confirmation link: the mail catcher takes it.
  await Promise.all([ensureTemporal({ profile, supervisor }, { ui: false }), ensureMinio({ profile, supervisor }), ensureMailCatcher({ profile, supervisor })]);
  await setUpServices(loadConfig(env));
  // Its own build (emitted even when a file elsewhere has a type error), so a running `npm start`'s dist/ is left alone.
  const apiDist = join(repoRoot, '.data/bench/api-dist');
  spawnSync(tsc, ['-p', 'apps/api/tsconfig.build.json', '--outDir', apiDist], { cwd: repoRoot, stdio: 'ignore' });
  const apiMain = join(apiDist, 'apps/api/src/main.js');
  if (!existsSync(apiMain)) throw new Error('the API did not compile (tsc -p apps/api/tsconfig.build.json)');
  const started = spawn(process.execPath, [apiMain], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  api = started;
  for (const deadline = Date.now() + 60_000; !(await fetch(`${apiUrl}/api/health`).then((r) => r.status < 500, () => false)); ) {
    if (started.exitCode !== null || Date.now() > deadline) throw new Error('the API did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const signUp = await fetch(`${apiUrl}/api/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: `bench-${randomUUID()}@example.com`, password: 'a sturdy bench passphrase' }) });
  if (!signUp.ok) throw new Error(`signing up the bench author failed: ${signUp.status}`);
  session = await signUp.text();
} catch (error) {
  await stopStack();
  throw error;
}
process.env.PRESSROOM_API_URL = apiUrl;

const server = await preview({ configFile: join(repoRoot, 'portal/vite.config.ts'), build: { outDir: dist }, preview: { port: 0 }, logLevel: 'silent' });
const portal = (server.resolvedUrls?.local[0] ?? '').replace(/\/$/, '');
const baseline = createServer((_, res) => {
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Baseline</title></head><body><main><h1>Baseline</h1><p>A static page.</p></main></body></html>');
});
await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
const baselineUrl = `http://127.0.0.1:${(baseline.address() as { port: number }).port}/`;

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  /** Scores, the JavaScript the page loaded (gzip -9 of the same files in dist) and what Lighthouse flagged. */
  const score = async (url: string, keepStorage = false) => {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: keepStorage });
    const lhr = result?.lhr;
    const categories = lhr?.categories ?? {};
    const requests = ((lhr?.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? []);
    const scripts = new Set(requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(portal)).map((r) => new URL(r.url).pathname.slice(1)));
    const flagged = Object.values(lhr?.audits ?? {})
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => a.id);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      jsKb: kb([...scripts].reduce((sum, file) => sum + gz(file), 0)),
      flagged,
    };
  };
  const base = await score(baselineUrl);
  console.log(`\nLighthouse (mobile emulation, Debian Chromium)   performance  accessibility   JS loaded (gzip)   target ${TARGET_SCORE} / ${BUDGET_KB} KB`);
  console.log(`  baseline static page                          ${String(base.performance).padStart(3)}          ${String(base.accessibility).padStart(3)}`);
  const line = (name: string, s: Awaited<ReturnType<typeof score>>) =>
    console.log(`  ${name.padEnd(44)}  ${String(s.performance).padStart(3)}          ${String(s.accessibility).padStart(3)}          ${s.jsKb.toFixed(1).padStart(6)} KB${s.flagged.length ? `   flagged: ${s.flagged.join(', ')}` : ''}`);
  for (const [name, path] of [['landing /', '/'], ['one-shot /one-shot', '/one-shot'], ['wizard /ai-generator', '/ai-generator']] as const) line(name, await score(`${portal}${path}`));
  // Signed in: the session the sign-up answered, where the portal keeps it, kept through the run.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const tab = await browser.newPage();
  await tab.goto(`${portal}/`);
  await tab.evaluate((value) => localStorage.setItem('pressroom.session', value), session);
  await tab.close();
  await browser.disconnect();
  line('dashboard /dashboard (signed in)', await score(`${portal}/dashboard`, true));
} finally {
  chrome.kill();
  baseline.close();
  await server.close();
  await stopStack();
}
