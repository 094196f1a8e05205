// bench/portal: how much JavaScript an author's first visit downloads, and what Lighthouse (in Debian's Chromium)
// scores the landing and sign-in pages for performance and accessibility. Baselines measured in the same run:
// the 250 KB gzip budget and the back-office chunk for size; a minimal static page for Lighthouse.
// Run: npm run bench:portal
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { preview } from 'vite';
import { repoRoot } from '../scripts/stack/profile.ts';
import { bin } from '../scripts/stack/app.ts';
import { chromiumPath } from '../scripts/stack/tools.ts';

const BUDGET_KB = 250;
const dist = join(repoRoot, 'portal/dist');
const kb = (bytes: number) => bytes / 1024;
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

const build = spawnSync(bin('vite'), ['build', '--config', 'portal/vite.config.ts', '--logLevel', 'warn'], { cwd: repoRoot, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

// The first visit loads index.html's entry script and the chunks it preloads; lazy chunks come later.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
const initialGz = initial.reduce((sum, file) => sum + gz(file), 0);
const adminChunk = readdirSync(join(dist, 'assets')).find((f) => f.startsWith('AdminApp-') && f.endsWith('.js'));
const adminGz = adminChunk ? gz(`assets/${adminChunk}`) : 0;
const adminInInitial = initial.some((f) => f.includes('AdminApp'));

console.log('\nPortal JavaScript (gzip -9)');
console.log(`  initial load      ${kb(initialGz).toFixed(1)} KB in ${initial.length} file(s)   budget ${BUDGET_KB} KB   ratio ${(kb(initialGz) / BUDGET_KB).toFixed(2)}`);
console.log(`  back office chunk ${kb(adminGz).toFixed(1)} KB, loaded only on /admin: ${!adminInInitial}   initial/back office ${(initialGz / adminGz).toFixed(2)}`);

const chromePath = chromiumPath();
if (!chromePath) {
  console.log('\nLighthouse skipped: Chromium is not installed (npm test installs it).');
  process.exit(0);
}

const server = await preview({ configFile: join(repoRoot, 'portal/vite.config.ts'), preview: { port: 0 }, logLevel: 'silent' });
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
  const score = async (url: string) => {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    const categories = result?.lhr.categories ?? {};
    return { performance: Math.round((categories.performance?.score ?? 0) * 100), accessibility: Math.round((categories.accessibility?.score ?? 0) * 100) };
  };
  const base = await score(baselineUrl);
  console.log('\nLighthouse (mobile emulation, Debian Chromium)   performance  accessibility   ratio to baseline');
  console.log(`  baseline static page                          ${String(base.performance).padStart(3)}          ${String(base.accessibility).padStart(3)}`);
  for (const [name, path] of [['landing /', '/'], ['sign-in /login', '/login']] as const) {
    const s = await score(`${portal}${path}`);
    console.log(`  ${name.padEnd(44)}  ${String(s.performance).padStart(3)}          ${String(s.accessibility).padStart(3)}          ${(s.performance / base.performance).toFixed(2)} / ${(s.accessibility / base.accessibility).toFixed(2)}`);
  }
} finally {
  chrome.kill();
  baseline.close();
  await server.close();
}
