import { NativeConnection, Worker } from '@temporalio/worker';
import type { Config } from '../../../libs/config/index.ts';
import { createActivities, type ActivityDeps } from '../../../activities/index.ts';
import type { Tracing } from '../../../libs/telemetry/index.ts';
import { tracingWorkerOptions } from './telemetry.ts';
import { workflowBundle } from './workflow-bundle.ts';

export { workflowBundle, workflowsPath } from './workflow-bundle.ts';

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
