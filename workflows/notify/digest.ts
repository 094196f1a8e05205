import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../../activities/index.ts';
import { mailOptions } from '../activity-options.ts';

const { sendMailDigests } = proxyActivities<ReturnType<typeof createActivities>>(mailOptions);

export interface MailDigestInput {
  /** Only these people's digests (a test's own accounts); everyone's when left out. */
  userIds?: string[];
}

/**
 * One round of digests: each person with news kept for them gets one message with all of it. The schedule
 * `mail-digests` (apps/worker/src/digest-schedule.ts) runs it every MAIL_DIGEST_EVERY, a day by default.
 */
export async function mailDigestWorkflow(input: MailDigestInput = {}): Promise<{ digests: number; items: number }> {
  return sendMailDigests(input.userIds ? { userIds: input.userIds } : {});
}
