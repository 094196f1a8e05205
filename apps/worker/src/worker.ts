import { fileURLToPath } from 'node:url';
import { NativeConnection, Worker, bundleWorkflowCode, type WorkflowBundle } from '@temporalio/worker';
import type { Config } from '../../../libs/config/index.ts';
import { createActivities, type ActivityDeps } from '../../../activities/index.ts';
import type { Tracing } from '../../../libs/telemetry/index.ts';
import { tracingWorkerOptions, workflowTracingModule } from './telemetry.ts';

export const workflowsPath = fileURLToPath(new URL('../../../workflows/index.ts', import.meta.url));

const bundles = new Map<boolean, Promise<WorkflowBundle>>();
/**
 * Bundles the workflow code once per process (webpack, ~1.5 s); every worker created afterwards reuses it. A traced
 * worker's bundle also holds the OpenTelemetry workflow interceptors.
 */
export function workflowBundle({ traced = false } = {}): Promise<WorkflowBundle> {
  let bundle = bundles.get(traced);
  if (!bundle) {
    bundle = bundleWorkflowCode({ workflowsPath, logger: quietBundlerLogger, ...(traced ? { workflowInterceptorModules: [workflowTracingModule] } : {}) });
    bundles.set(traced, bundle);
  }
  return bundle;
}

const quietBundlerLogger = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (message: string, meta?: unknown) => console.warn(message, meta ?? ''),
  error: (message: string, meta?: unknown) => console.error(message, meta ?? ''),
};

export async function createWorker(
  config: Pick<Config, 'TEMPORAL_ADDRESS' | 'TEMPORAL_NAMESPACE' | 'TEMPORAL_TASK_QUEUE'>,
  deps: ActivityDeps,
  { tracing }: { tracing?: Tracing | null } = {},
): Promise<{ worker: Worker; connection: NativeConnection }> {
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    workflowBundle: await workflowBundle({ traced: Boolean(tracing) }),
    activities: createActivities(deps),
    ...(tracing ? tracingWorkerOptions(tracing) : {}),
  });
  return { worker, connection };
}
