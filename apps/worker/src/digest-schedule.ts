import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import type { MailDigestInput } from '../../../workflows/notify/digest.ts';

export interface DigestSchedule {
  scheduleId: string;
  everySeconds: number;
  taskQueue: string;
  input?: MailDigestInput;
}

/**
 * The durable schedule that runs `mailDigestWorkflow` every `everySeconds` (MAIL_DIGEST_EVERY_SECONDS): created once,
 * and brought up to date when the interval or the task queue changed. A round still running when the next is due is
 * skipped, so two rounds never mail the same batch at once.
 */
export async function ensureDigestSchedule(client: Client, { scheduleId, everySeconds, taskQueue, input = {} }: DigestSchedule): Promise<void> {
  const spec = { intervals: [{ every: `${everySeconds} seconds` as const }] };
  const action = { type: 'startWorkflow' as const, workflowType: 'mailDigestWorkflow', workflowId: scheduleId, taskQueue, args: [input] };
  try {
    await client.schedule.create({ scheduleId, spec, action, policies: { overlap: ScheduleOverlapPolicy.SKIP } });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    await client.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec, action }));
  }
}
