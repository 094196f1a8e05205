import { randomUUID } from 'node:crypto';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import type { Duration } from '@temporalio/common';
import { Worker } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { workflowBundle } from '../../apps/worker/src/worker.ts';
import { BookRequest, User, createAccount } from '../../libs/db/index.ts';
import { bookRequestTransitionProblem, bookRequestWorkflowId, innermostMessage, type BookRequestStatus } from '../../libs/domain/index.ts';
import { engineForFile, eventually, testConfig } from '../../testing/index.ts';
import { changeStatusUpdate, statusQuery } from './messages.ts';
import { bookRequestWorkflow } from './workflow.ts';

const config = testConfig({ TEMPORAL_TASK_QUEUE: `book-request-${randomUUID()}` });
const engine = engineForFile(config);

async function storedRequest(): Promise<string> {
  const em = engine.deps.orm.em.fork();
  const { user } = await createAccount(em, { email: `wf-${randomUUID()}@example.com`, password: 'a sturdy passphrase', provider: 'email' });
  const request = em.create(BookRequest, { id: randomUUID(), user: em.getReference(User, user.id), name: 'Ada Writer', email: `wf-author-${randomUUID()}@example.com`, bookTopic: 'Workflows', bookDescription: 'A request the workflow carries.', status: 'pending', createdAt: new Date() });
  await em.flush();
  return request.id;
}

const start = (requestId: string, respondWithin: Duration) =>
  engine.client.workflow.start(bookRequestWorkflow, { workflowId: bookRequestWorkflowId(requestId), taskQueue: config.TEMPORAL_TASK_QUEUE, args: [{ requestId, respondWithin }] });

describe('bookRequestWorkflow', () => {
  it('records a breach, then applies concurrent changes one after another, and replays deterministically', async () => {
    const id = await storedRequest();
    const handle = await start(id, '1 second');
    const overdue = await eventually(() => engine.deps.orm.em.fork().findOneOrFail(BookRequest, { id }), (row) => Boolean(row.overdueAt));
    expect(overdue.overdueAt).toBeTruthy();
    expect(await handle.query(statusQuery)).toBe('pending');

    const refused = await handle.executeUpdate(changeStatusUpdate, { args: [{ status: 'in_progress', by: ' ' }] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WorkflowUpdateFailedError);
    expect(innermostMessage(refused)).toBe('A status change names who made it');

    // Two team members at once: whichever comes second is judged against the first one's result.
    const answers = await Promise.allSettled([
      handle.executeUpdate(changeStatusUpdate, { args: [{ status: 'in_progress', by: 'first@example.com' }] }),
      handle.executeUpdate(changeStatusUpdate, { args: [{ status: 'cancelled', by: 'second@example.com' }] }),
    ]);
    const final = await handle.query(statusQuery);
    if (final !== 'cancelled') expect(await handle.executeUpdate(changeStatusUpdate, { args: [{ status: 'cancelled', by: 'third@example.com' }] })).toEqual({ status: 'cancelled' });
    expect(await handle.result()).toEqual({ status: 'cancelled' });

    const row = await engine.deps.orm.em.fork().findOneOrFail(BookRequest, { id });
    const chain = ['pending', ...row.statusHistory.map((c) => c.status)];
    expect(row.status).toBe('cancelled');
    expect(chain.slice(1).every((to, i) => bookRequestTransitionProblem(chain[i] as BookRequestStatus, to) === null)).toBe(true);
    expect(row.statusHistory.length).toBe(answers.filter((a) => a.status === 'fulfilled').length + (final !== 'cancelled' ? 1 : 0));

    await Worker.runReplayHistory({ workflowBundle: await workflowBundle(), replayName: 'book-request' }, await handle.fetchHistory());
  });
});
