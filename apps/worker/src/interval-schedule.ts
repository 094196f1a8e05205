import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';

export interface IntervalSchedule {
  scheduleId: string;
  workflowType: string;
  everySeconds: number;
  taskQueue: string;
  args: unknown[];
}

/**
 * A durable schedule that starts `workflowType` every `everySeconds`: created once, and brought up to date when the
 * interval, the task queue or the arguments changed. A round still running when the next is due is skipped.
 */
export async function ensureIntervalSchedule(client: Client, { scheduleId, workflowType, everySeconds, taskQueue, args }: IntervalSchedule): Promise<void> {
  const spec = { intervals: [{ every: `${everySeconds} seconds` as const }] };
  const action = { type: 'startWorkflow' as const, workflowType, workflowId: scheduleId, taskQueue, args };
  try {
    await client.schedule.create({ scheduleId, spec, action, policies: { overlap: ScheduleOverlapPolicy.SKIP } });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    await client.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec, action }));
  }
}
