import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The portal as docker-compose and any production build serve it: built, then served by `vite preview` with the
// portal's security headers. No script may run unless it is a file of the portal's own origin.
const repoRoot = join(import.meta.dirname, '..');
const configFile = join(repoRoot, 'portal/vite.config.ts');
// `npm test` has just built the portal (for the browser tests): the same build is checked here rather than built again.
const prebuilt = process.env.PRESSROOM_PORTAL_DIST;
const outDir = prebuilt ?? mkdtempSync(join(tmpdir(), 'pressroom-portal-'));
let server: PreviewServer;
let url: string;

beforeAll(async () => {
  if (!prebuilt) await build({ configFile, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  server = await preview({ configFile, logLevel: 'silent', build: { outDir }, preview: { port: 0 } });
  url = (server.resolvedUrls?.local[0] ?? '').replace(/\/$/, '');
}, 180_000);
afterAll(async () => {
  await server?.close();
  if (!prebuilt) rmSync(outDir, { recursive: true, force: true });
});

/** The policy's directives by name. */
const directives = (policy: string) => new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));

describe('the built portal', () => {
  it('has no inline script, inline event handler or javascript: URL in its page', () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/assets\//);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });

  it.each(['/', '/admin', '/dashboard'])('is served at %s with a strict Content-Security-Policy', async (path) => {
    const response = await fetch(`${url}${path}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    const policy = directives(response.headers.get('content-security-policy') ?? '');
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('is what docker-compose serves: the built files through `vite preview`, never the dev server', () => {
    const compose = readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8');
    const portal = /\n {2}portal:\n((?: {4}.*\n)+)/.exec(compose)?.[1] ?? '';
    expect(portal).toMatch(/command: \[node_modules\/\.bin\/vite, preview, --config, portal\/vite\.config\.ts/);
    expect(readFileSync(join(repoRoot, 'Dockerfile'), 'utf8')).toMatch(/vite build --config portal\/vite\.config\.ts/);
  });
});
