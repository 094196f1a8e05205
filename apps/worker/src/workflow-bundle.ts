// The workflow code a worker runs, bundled by webpack. Run as a script (`node apps/worker/src/workflow-bundle.ts <file>`)
// it writes the untraced bundle to a file: `npm test` does so once, beside the stack start, and every test process then
// reads that file (PRESSROOM_WORKFLOW_BUNDLE) instead of bundling the same code again (~1.5 s alone, several seconds
// beside other test files, in each of ~50 files).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, type WorkflowBundle } from '@temporalio/worker';
import { workflowTracingModule } from './telemetry.ts';

export const workflowsPath = fileURLToPath(new URL('../../../workflows/index.ts', import.meta.url));

const quietBundlerLogger = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (message: string, meta?: unknown) => console.warn(message, meta ?? ''),
  error: (message: string, meta?: unknown) => console.error(message, meta ?? ''),
};

const bundles = new Map<boolean, Promise<WorkflowBundle>>();
/**
 * Bundles the workflow code once per process (webpack, ~1.5 s); every worker created afterwards reuses it. A traced
 * worker's bundle also holds the OpenTelemetry workflow interceptors.
 */
export function workflowBundle({ traced = false } = {}): Promise<WorkflowBundle> {
  let bundle = bundles.get(traced);
  if (!bundle) {
    const prebuilt = traced ? undefined : process.env.PRESSROOM_WORKFLOW_BUNDLE;
    bundle = prebuilt
      ? readFile(prebuilt, 'utf8').then((code) => ({ code }))
      : bundleWorkflowCode({ workflowsPath, logger: quietBundlerLogger, ...(traced ? { workflowInterceptorModules: [workflowTracingModule] } : {}) });
    bundles.set(traced, bundle);
  }
  return bundle;
}

if (import.meta.main) {
  const out = process.argv[2];
  if (!out) throw new Error('usage: node apps/worker/src/workflow-bundle.ts <output file>');
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, (await bundleWorkflowCode({ workflowsPath, logger: quietBundlerLogger })).code);
}
