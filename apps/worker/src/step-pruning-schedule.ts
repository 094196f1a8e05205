import type { Client } from '@temporalio/client';
import type { StepPruningInput } from '../../../workflows/maintenance/step-pruning.ts';
import { ensureIntervalSchedule } from './interval-schedule.ts';

export interface StepPruningSchedule {
  scheduleId?: string;
  everySeconds?: number;
  taskQueue: string;
  input: StepPruningInput;
}

/** The durable schedule `step-pruning`: once a day, recorded steps older than STEP_RETENTION_DAYS are removed. */
export async function ensureStepPruningSchedule(client: Client, { scheduleId = 'step-pruning', everySeconds = 86_400, taskQueue, input }: StepPruningSchedule): Promise<void> {
  await ensureIntervalSchedule(client, { scheduleId, workflowType: 'stepPruningWorkflow', everySeconds, taskQueue, args: [input] });
}
