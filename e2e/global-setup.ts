// Serves the built portal with `vite preview` (forwarding /api) in front of the compiled API process,
// as in production; the browser tests drive Debian's Chromium against it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { preview } from 'vite';
import type { TestProject } from 'vitest/node';
import { FakeAiServer } from '../testing/ai-fakes.ts';
import { REFUSAL } from './browser.ts';
import { freePort } from '../testing/index.ts';
import { repoRoot } from '../scripts/stack/profile.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** A loopback Anthropic API that refuses every call: the pages' failure views are driven through it. */
    refusingAiUrl: string;
  }
}


export default async function setup(project: TestProject) {
  const refusing = await new FakeAiServer().start();
  refusing.failWhen('', 400, REFUSAL);
  project.provide('refusingAiUrl', refusing.url);
  const apiPort = await freePort();
  const portalPort = await freePort();
  const api = spawn(process.execPath, [join(repoRoot, 'dist/apps/api/src/main.js')], {
    // The API only needs to know Anthropic is configured; the workers the tests start call the fake. Checkout sends
    // buyers back to the portal's own address only, so the API is told where the portal runs.
    env: { ...process.env, API_PORT: String(apiPort), PORTAL_URL: `http://127.0.0.1:${portalPort}`, ANTHROPIC_API_KEY: 'e2e-fake-key', ANTHROPIC_BASE_URL: refusing.url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (!(await fetch(`http://127.0.0.1:${apiPort}/api/health`).then(() => true, () => false))) {
    if (api.exitCode !== null) throw new Error('the API exited during start-up (was it built? npm test builds it)');
    if (Date.now() > deadline) throw new Error('the API did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }

  process.env.PRESSROOM_API_URL = `http://127.0.0.1:${apiPort}`;
  const server = await preview({
    configFile: join(repoRoot, 'portal/vite.config.ts'),
    preview: { port: portalPort, strictPort: true },
    logLevel: 'warn',
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report its address');
  if (new URL(url).origin !== `http://127.0.0.1:${portalPort}`) throw new Error(`vite preview answers at ${url}, not at the PORTAL_URL the API was given`);
  project.provide('baseURL', url.replace(/\/$/, ''));

  return async () => {
    await refusing.stop();
    await server.close();
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill('SIGTERM');
    await exited;
  };
}
