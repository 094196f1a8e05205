import { NativeConnection, Worker } from '@temporalio/worker';
import { temporalConnectionOptions, type Config, type TemporalSettings } from '../../../libs/config/index.ts';
import { explainTemporalFailure } from '../../../libs/config/temporal-connect.ts';
import { createActivities, type ActivityDeps } from '../../../activities/index.ts';
import type { Tracing } from '../../../libs/telemetry/index.ts';
import { tracingWorkerOptions } from './telemetry.ts';
import { workflowBundle } from './workflow-bundle.ts';

export { workflowBundle, workflowsPath } from './workflow-bundle.ts';

export async function createWorker(
  config: TemporalSettings & Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
  deps: ActivityDeps,
  { tracing }: { tracing?: Tracing | null } = {},
): Promise<{ worker: Worker; connection: NativeConnection }> {
  const connection = await NativeConnection.connect(temporalConnectionOptions(config)).catch(async (error: unknown) => {
    throw await explainTemporalFailure(config, error);
  });
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
