import { msToNumber } from '@temporalio/common/lib/time.js';
import { allHandlersFinished, condition, log, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { createActivities } from '../../activities/index.ts';
import { BOOK_REQUEST_RESPONSE_TIME, bookRequestTransitionProblem, isFinalBookRequestStatus, type BookRequestStatus } from '../../libs/domain/index.ts';
import { bookkeepingOptions, mailOptions } from '../activity-options.ts';
import { changeStatusUpdate, statusQuery, type BookRequestInput } from './messages.ts';

type Activities = ReturnType<typeof createActivities>;
const { sendMail } = proxyActivities<Activities>(mailOptions);
const { recordResponseDeadline, recordOverdue, recordStatusChange } = proxyActivities<Activities>(bookkeepingOptions);

/**
 * One book request, from submission until the team completes or cancels it (id `book-request-<id>`). It mails the
 * author and support, records when the team must answer by, and waits for the team's status changes (the
 * `changeStatus` update); a request still pending at the deadline gets the breach recorded and keeps waiting.
 */
export async function bookRequestWorkflow({ requestId, respondWithin = BOOK_REQUEST_RESPONSE_TIME }: BookRequestInput): Promise<{ status: BookRequestStatus }> {
  let status: BookRequestStatus = 'pending';
  // Changes reach the row one after another, in the order they were accepted.
  let written: Promise<void> = Promise.resolve();

  setHandler(statusQuery, () => status);
  setHandler(
    changeStatusUpdate,
    async ({ status: next, by }) => {
      status = next;
      const change = { status: next, by, at: new Date().toISOString() };
      const write = written.then(() => recordStatusChange(requestId, change));
      written = write;
      await write;
      return { status: next };
    },
    {
      validator: ({ status: next, by }) => {
        const problem = bookRequestTransitionProblem(status, next);
        if (problem) throw new Error(problem);
        if (typeof by !== 'string' || !by.trim()) throw new Error('A status change names who made it');
      },
    },
  );

  // Mail never holds up the request: SMTP may be down for a while, and a message that cannot be sent is only logged.
  const mailed = sendMail('book-request', requestId).then(
    () => undefined,
    (error: Error) => log.warn('book request mail not sent', { requestId, error: error.message }),
  );

  // The promise runs from the request's submission, however long the first activities take.
  const respondBy = workflowInfo().startTime.getTime() + msToNumber(respondWithin);
  await recordResponseDeadline(requestId, new Date(respondBy).toISOString());
  const left = respondBy - Date.now();
  const answered = left > 0 ? await condition(() => status !== 'pending', left) : status !== 'pending';
  if (!answered) await recordOverdue(requestId, new Date().toISOString());

  await condition(() => isFinalBookRequestStatus(status));
  await condition(allHandlersFinished);
  await mailed;
  return { status };
}
