import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { createActivities } from '../../activities/index.ts';

const { writeCanaryRow, writeCanaryObject } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumAttempts: 3, initialInterval: '200 milliseconds' },
});

export interface CanaryResult {
  canaryId: string;
  objectKey: string;
  steps: { name: string; ms: number }[];
}

/**
 * The deep health check: proves a worker is polling and that activities reach PostgreSQL and MinIO.
 * Activities report their own durations so the workflow stays deterministic.
 */
export async function canaryWorkflow(canaryId: string): Promise<CanaryResult> {
  const row = await writeCanaryRow(canaryId, workflowInfo().workflowId);
  const object = await writeCanaryObject(canaryId);
  return {
    canaryId,
    objectKey: object.key,
    steps: [
      { name: 'activity: write row (PostgreSQL)', ms: row.ms },
      { name: 'activity: write object (MinIO)', ms: object.ms },
    ],
  };
}
