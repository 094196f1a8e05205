import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../../activities/index.ts';
import type { MailKind } from '../../libs/domain/index.ts';
import { mailOptions } from '../activity-options.ts';

const { sendMail } = proxyActivities<ReturnType<typeof createActivities>>(mailOptions);

/**
 * Mails what a stored row calls for (a book request, Elite project details). Started with the id `mail-<kind>-<id>`,
 * so one row is mailed by one run however often the start is repeated; the request that stored the row never waits on SMTP.
 */
export async function mailWorkflow(kind: MailKind, id: string): Promise<{ sent: number }> {
  return sendMail(kind, id);
}
