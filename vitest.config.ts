import { defineConfig } from 'vitest/config';

export default defineConfig({
  // NestJS needs legacy decorators with emitted metadata (constructor injection reads `design:paramtypes`).
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } },
  test: {
    // Three files at a time on two cores: the drills and workflow tests spend long stretches waiting on timers, restarts
    // and time-outs, which two files at a time left the CPU idle for (a fifth of the run); each file has its own task
    // queue, accounts and books. The browser tests run among the others: e2e/global-setup.ts starts one API and portal
    // per worker.
    maxWorkers: 3,
    // Test files share their worker's modules rather than importing NestJS, Temporal's SDK, MikroORM, React, MUI and the
    // renderers again for each file (Vitest's import time fell from a seventh of the run to a hundredth): the integration
    // files took 357 s instead of 479 s, the browser files 193 s instead of 213 s, the unit files a sixth less CPU. Each
    // file closes what it opens (apps, workers, pools, servers), and a file that mocks or spies restores it when done.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{apps,libs,workflows,activities,scripts,portal}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          // Typesetting and rasterizing are native work on two cores shared with the integration files: a test that
          // takes 1 s alone can take several beside them.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['{apps,libs,workflows,activities,scripts}/**/*.integration.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          // A page loads and answers at the machine's pace: expect.poll waits as long as Playwright's own waits do.
          expect: { poll: { timeout: 30_000 } },
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
