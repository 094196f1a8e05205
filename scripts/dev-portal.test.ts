import { mkdtempSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The portal as `npm start` serves it: Vite's dev server with the portal's security headers. Its page carries React
// Refresh's inline preamble, which runs only because the policy names its hash: no other inline script may run.
const configFile = join(import.meta.dirname, '..', 'portal/vite.config.ts');
const cacheDir = mkdtempSync(join(tmpdir(), 'pressroom-dev-portal-'));
let server: ViteDevServer;
let url: string;

beforeAll(async () => {
  // Its own cache, and no dependency scan: only the page and its headers are looked at.
  server = await createServer({ configFile, logLevel: 'silent', cacheDir, optimizeDeps: { noDiscovery: true, include: [] }, server: { port: 0, strictPort: false } });
  await server.listen();
  url = (server.resolvedUrls?.local[0] ?? '').replace(/\/$/, '');
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

/** The policy's directives by name. */
const directives = (policy: string) => new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

describe('the dev portal', () => {
  it.each(['/', '/dashboard'])('is served at %s with scripts as strict as the built portal: inline ones only by their hash', async (path) => {
    const response = await fetch(`${url}${path}`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root">');
    const policy = directives(response.headers.get('content-security-policy') ?? '');
    const scriptSrc = policy.get('script-src') ?? [];
    expect(scriptSrc[0]).toBe("'self'");
    expect(scriptSrc.filter((source) => !source.startsWith("'sha256-"))).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);

    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attributes = '']) => !/\bsrc=/.test(attributes)).map(([, , body = '']) => body);
    // React Refresh's preamble: without it (or its hash) the page would not start.
    expect(inline.some((body) => body.includes('injectIntoGlobalHook'))).toBe(true);
    for (const body of inline) expect(scriptSrc).toContain(hashOf(body));
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });
});
