// Serves the built portal with `vite preview` (forwarding /api) in front of the compiled API process,
// as in production; the browser tests drive Debian's Chromium against it. Browser test files run side by side (as many
// at once as Vitest has workers), so there is one such stand per worker: each file's worker polls its own stand's task
// queue, and a file whose worker is changed (a slow storage copy, a writing provider) does not do another file's work.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';
import { FakeAiServer } from '../testing/ai-fakes.ts';
import { REFUSAL } from './browser.ts';
import { freePort } from '../testing/index.ts';
import { PrintSimulator } from '../testing/print-simulator/simulator.ts';
import { repoRoot } from '../scripts/stack/profile.ts';

/** One API under test with its portal and print provider. */
export interface E2eStand {
  baseURL: string;
  /** A loopback Anthropic API that refuses every call: the pages' failure views are driven through it. */
  refusingAiUrl: string;
  /**
   * What the API under test runs with beyond the test profile, for the workers the tests start: a task queue of
   * this stand's own (no worker of another file or test run takes its workflows) and the Lulu simulator it prints with.
   */
  apiEnv: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The stands, one per Vitest worker: a file takes the one of the worker it runs in (e2eStand() in browser.ts). */
    e2eStands: E2eStand[];
  }
}

/** The simulator's pace for browser tests: a status every 1.5 s, so an order ships within seconds of its payment. */
const PRINT_STEP_MS = 1500;

interface Running {
  stand: E2eStand;
  stop: () => Promise<void>;
}

async function startApi(env: NodeJS.ProcessEnv, apiPort: number): Promise<ChildProcess> {
  const api = spawn(process.execPath, [join(repoRoot, 'dist/apps/api/src/main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 60_000;
  while (!(await fetch(`http://127.0.0.1:${apiPort}/api/health`).then(() => true, () => false))) {
    if (api.exitCode !== null) throw new Error('the API exited during start-up (was it built? npm test builds it)');
    if (Date.now() > deadline) throw new Error('the API did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return api;
}

/** The portal's `vite preview`, forwarding /api to this stand's API (the config reads PRESSROOM_API_URL as it loads). */
async function startPortal(apiPort: number, portalPort: number): Promise<PreviewServer> {
  process.env.PRESSROOM_API_URL = `http://127.0.0.1:${apiPort}`;
  const server = await preview({
    configFile: join(repoRoot, 'portal/vite.config.ts'),
    preview: { port: portalPort, strictPort: true },
    logLevel: 'warn',
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report its address');
  if (new URL(url).origin !== `http://127.0.0.1:${portalPort}`) throw new Error(`vite preview answers at ${url}, not at the PORTAL_URL the API was given`);
  return server;
}

async function startStand(refusingAiUrl: string): Promise<Running> {
  const apiPort = await freePort();
  const portalPort = await freePort();
  // The print provider is a Lulu simulator of the stand's own, posting its signed status changes to the stand's API.
  const simulator = await new PrintSimulator({ stepMs: PRINT_STEP_MS, webhookRetryMs: 200, webhookUrls: [`http://127.0.0.1:${apiPort}/api/print/webhooks/lulu`] }).start();
  const apiEnv = {
    TEMPORAL_TASK_QUEUE: `pressroom-e2e-${randomUUID().slice(0, 8)}`,
    PORTAL_URL: `http://127.0.0.1:${portalPort}`,
    // Every browser in these tests signs in from 127.0.0.1: the per-address sign-in limit would count them all as one
    // person. The limit itself is tested against the API (auth.integration.test.ts, account-recovery.integration.test.ts).
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...simulator.env(),
  };
  // The API only needs to know Anthropic is configured; the workers the tests start call the fake. Checkout sends
  // buyers back to the portal's own address only, so the API is told where the portal runs.
  const api = await startApi({ ...process.env, ...apiEnv, API_PORT: String(apiPort), ANTHROPIC_API_KEY: 'e2e-fake-key', ANTHROPIC_BASE_URL: refusingAiUrl }, apiPort);
  const server = await startPortal(apiPort, portalPort);
  return {
    stand: { baseURL: `http://127.0.0.1:${portalPort}`, refusingAiUrl, apiEnv },
    stop: async () => {
      await simulator.stop();
      await server.close();
      const exited = new Promise((resolve) => api.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    },
  };
}

export default async function setup(project: TestProject) {
  const refusing = await new FakeAiServer().start();
  refusing.failWhen('', 400, REFUSAL);
  const workers = Math.max(1, project.config.maxWorkers);
  const started: Running[] = [];
  const stopAll = async () => {
    await Promise.all(started.map((running) => running.stop()));
    await refusing.stop();
  };
  try {
    // One after the other: PRESSROOM_API_URL is read as each portal's config loads.
    for (let i = 0; i < workers; i += 1) started.push(await startStand(refusing.url));
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide('e2eStands', started.map((running) => running.stand));
  return stopAll;
}
