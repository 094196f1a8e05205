import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../../activities/index.ts';
import { pruningOptions } from '../activity-options.ts';

const { pruneSteps } = proxyActivities<ReturnType<typeof createActivities>>(pruningOptions);

export interface StepPruningInput {
  /** Steps recorded longer ago than this are removed (STEP_RETENTION_DAYS). */
  retentionDays: number;
}

/** One round of pruning recorded steps; the schedule `step-pruning` (apps/worker/src/step-pruning-schedule.ts) runs it daily. */
export async function stepPruningWorkflow(input: StepPruningInput): Promise<{ providerSteps: number; recordedSteps: number }> {
  return pruneSteps(input.retentionDays);
}
