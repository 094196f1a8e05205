import type { Client } from '@temporalio/client';
import type { MailDigestInput } from '../../../workflows/notify/digest.ts';
import { ensureIntervalSchedule } from './interval-schedule.ts';

export interface DigestSchedule {
  scheduleId: string;
  everySeconds: number;
  taskQueue: string;
  input?: MailDigestInput;
}

/**
 * The durable schedule that runs `mailDigestWorkflow` every `everySeconds` (MAIL_DIGEST_EVERY_SECONDS); a round still
 * running when the next is due is skipped, so two rounds never mail the same batch at once.
 */
export async function ensureDigestSchedule(client: Client, { scheduleId, everySeconds, taskQueue, input = {} }: DigestSchedule): Promise<void> {
  await ensureIntervalSchedule(client, { scheduleId, workflowType: 'mailDigestWorkflow', everySeconds, taskQueue, args: [input] });
}
