import { msToNumber } from '@temporalio/common/lib/time.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivities } from '../../activities/index.ts';
import { EliteQuote, EliteRequest } from '../../libs/db/index.ts';
import { ELITE_DURATIONS, ELITE_PROMISE_LABELS, eliteWorkflowId, type EliteActor, type EliteDurationName, type ElitePromiseName } from '../../libs/domain/index.ts';
import { act, eliteEvents, eventOf, eventsOf, insertEliteRequest, newEliteActor, TEST_QUOTE, type EliteHandle } from '../../testing/elite-requests.ts';
import { openDeps, testConfig } from '../../testing/index.ts';
import { timeSkippingForFile } from '../../testing/time-skipping.ts';
import { eliteStateQuery, type EliteInput, type EliteState } from './messages.ts';
import type { eliteRequestWorkflow } from './workflow.ts';

// The Elite workflow's timers at their real lengths (libs/domain ELITE_DURATIONS: hours and days), in Temporal's
// time-skipping test server. The activities are the real ones over the test profile's PostgreSQL, stripe-mock and
// mail catcher, except sendEliteProof and decideEliteProof: those copy the book's PDF from MinIO and draw its press
// cover, so here they only record their calls. (Everything else the run does: elite.integration.test.ts.)

const ms = (name: EliteDurationName) => msToNumber(ELITE_DURATIONS[name]);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A timer's event is written by the workflow task it wakes, a moment of server time after it fires. */
const ON_TIME = 60_000;

let deps: Awaited<ReturnType<typeof openDeps>>;
const proofCalls: { activity: string; args: unknown[] }[] = [];
// Opened before the worker starts (the activities need it), closed after it stops.
beforeAll(async () => {
  deps = await openDeps(testConfig());
});
afterAll(async () => {
  await deps?.close();
});
const skipping = timeSkippingForFile(() => ({
  ...createActivities(deps),
  sendEliteProof: async (...args: unknown[]) => void proofCalls.push({ activity: 'sendEliteProof', args }),
  decideEliteProof: async (...args: unknown[]) => void proofCalls.push({ activity: 'decideEliteProof', args }),
}));

const orm = () => deps.orm;
const requestRow = (id: string) => orm().em.fork().findOneOrFail(EliteRequest, { id });
const at = async (requestId: string, kind: Parameters<typeof eventsOf>[2], nth = 1) => (await eventOf(orm(), requestId, kind, nth)).at.getTime();

interface Opened {
  requestId: string;
  author: EliteActor;
  team: EliteActor;
  handle: EliteHandle;
}

/** A request's row and its run with the default durations (`state`: a run continued with it). */
async function open({ prepaid = false, state }: { prepaid?: boolean; state?: (now: number) => EliteState } = {}): Promise<Opened> {
  const author = await newEliteActor(orm(), 'author');
  const team = await newEliteActor(orm(), 'team');
  const requestId = await insertEliteRequest(orm(), author, { prepaid });
  const input: EliteInput = { requestId, prepaid, bookReady: true, ...(state ? { state: state(await skipping.env.currentTimeMs()) } : {}) };
  const handle = await skipping.env.client.workflow.start<typeof eliteRequestWorkflow>('eliteRequestWorkflow', {
    workflowId: eliteWorkflowId(requestId),
    taskQueue: skipping.taskQueue,
    args: [input],
  });
  return { requestId, author, team, handle };
}

/** When the run's promise `name` falls due (epoch ms). */
const dueAt = async (handle: EliteHandle, name: ElitePromiseName) => Date.parse((await handle.query(eliteStateQuery)).promises.find((p) => p.name === name)?.dueAt ?? '');
/** That `time` (epoch ms) is when `due` fell due, or a moment of server time after it. */
function expectOnTime(time: number | undefined, due: number): void {
  expect((time ?? 0) - due).toBeGreaterThanOrEqual(0);
  expect((time ?? 0) - due).toBeLessThan(ON_TIME);
}
const kinds = async (requestId: string) => (await eliteEvents(orm(), requestId)).map((e) => e.kind);

describe('Elite request timers, at their real lengths (time-skipping)', () => {
  it('reminds the assignee 4 hours before the 24-hour quote promise, records the breach when it is due, and goes on', async () => {
    const { handle, requestId, team } = await open();
    await act(handle, team, { action: 'assign', assignee: { id: team.id, email: team.email } });
    const due = await dueAt(handle, 'quote');
    expect(Math.abs(due - ms('quoteWithin') - (await at(requestId, 'received')))).toBeLessThan(ON_TIME);

    await skipping.skip(handle, ms('quoteWithin') - ms('remindBefore') - HOUR);
    expect(await kinds(requestId)).not.toContain('sla_reminder');
    await skipping.skip(handle, 2 * HOUR + ms('remindBefore'));

    const reminder = await eventOf(orm(), requestId, 'sla_reminder');
    expect(reminder).toMatchObject({ by: null, note: ELITE_PROMISE_LABELS.quote, data: { promise: 'quote', assignee: team.email } });
    expectOnTime(reminder.at.getTime(), due - ms('remindBefore'));
    const breach = await eventOf(orm(), requestId, 'sla_breached');
    expect(breach).toMatchObject({ by: null, data: { promise: 'quote', dueAt: new Date(due).toISOString() } });
    expectOnTime(breach.at.getTime(), due);
    expect(await requestRow(requestId)).toMatchObject({ status: 'received', slaBreached: true });

    // The request goes on: a late quote still meets the promise, late.
    await act(handle, team, { action: 'send_quote', quote: TEST_QUOTE });
    expect((await eventOf(orm(), requestId, 'promise_met')).data).toMatchObject({ promise: 'quote', late: true });
    await act(handle, team, { action: 'cancel', reason: 'Test over' });
    expect(await handle.result()).toEqual({ status: 'cancelled' });
  });

  it('expires a quote left unaccepted for 14 days, closing it as expired', async () => {
    const { handle, requestId, team } = await open();
    const sent = await act(handle, team, { action: 'send_quote', quote: TEST_QUOTE });
    const validUntil = Date.parse(sent.quote?.validUntil ?? '');
    expect(validUntil - (await at(requestId, 'quote_sent'))).toBe(ms('quoteValidFor'));

    expect(await handle.result()).toEqual({ status: 'expired' });
    const expired = await eventOf(orm(), requestId, 'quote_expired');
    expect(expired.data).toEqual({ quoteId: sent.quote?.id, validUntil: sent.quote?.validUntil });
    expectOnTime(expired.at.getTime(), validUntil);
    expect(await orm().em.fork().findOneOrFail(EliteQuote, { id: sent.quote?.id })).toMatchObject({ status: 'expired' });
    expect(await requestRow(requestId)).toMatchObject({ status: 'expired', dueAt: null, slaBreached: false });
  });

  it('expires an accepted quote left unpaid for the 3-day payment window', async () => {
    const { handle, requestId, author, team } = await open();
    await act(handle, team, { action: 'send_quote', quote: TEST_QUOTE });
    const accepted = await act(handle, author, { action: 'accept_quote' });
    const payBy = Date.parse(accepted.payBy ?? '');
    expect(payBy - (await at(requestId, 'quote_accepted'))).toBe(ms('paymentWindow'));

    expect(await handle.result()).toEqual({ status: 'expired' });
    const expired = await eventOf(orm(), requestId, 'payment_expired');
    expect(expired.data).toEqual({ payBy: accepted.payBy });
    expectOnTime(expired.at.getTime(), payBy);
    expect(await orm().em.fork().findOneOrFail(EliteQuote, { id: accepted.quote?.id })).toMatchObject({ status: 'accepted' });
  });

  it('keeps the production promises: one met in time stops its timer, the 14-day books promise is reminded and breached', async () => {
    const { handle, requestId, team } = await open({ prepaid: true });
    const booksDue = await dueAt(handle, 'books');
    expect(booksDue - (await dueAt(handle, 'first_chapters'))).toBe(ms('booksWithin') - ms('firstChaptersWithin'));
    await skipping.skip(handle, DAY);
    await act(handle, team, { action: 'start_step', step: 'editing' });
    await act(handle, team, { action: 'finish_step', step: 'editing' });
    expect((await eventOf(orm(), requestId, 'promise_met')).data).toMatchObject({ promise: 'first_chapters', late: false });

    await skipping.skip(handle, ms('booksWithin'));
    const [reminder, ...otherReminders] = await eventsOf(orm(), requestId, 'sla_reminder');
    expect(otherReminders).toEqual([]);
    expect(reminder).toMatchObject({ note: ELITE_PROMISE_LABELS.books, data: { promise: 'books' } });
    expectOnTime(reminder?.at.getTime(), booksDue - ms('remindBefore'));
    const breaches = await eventsOf(orm(), requestId, 'sla_breached');
    expect(breaches.map((b) => b.data)).toEqual([{ promise: 'books', dueAt: new Date(booksDue).toISOString() }]);
    expectOnTime(breaches[0]?.at.getTime(), booksDue);
    expect(await requestRow(requestId)).toMatchObject({ status: 'in_production', slaBreached: true });

    await act(handle, team, { action: 'cancel', reason: 'Test over' });
    expect(await handle.result()).toEqual({ status: 'cancelled' });
  });
});
