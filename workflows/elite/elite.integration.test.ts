import { randomUUID } from 'node:crypto';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { tsToMs } from '@temporalio/common/lib/time.js';
import { describe, expect, it } from 'vitest';
import { EliteQuote, eliteIncludedOrders, EliteRequest, EliteRevision, PrintOrder, StripeEvent } from '../../libs/db/index.ts';
import {
  ELITE_PROMISE_LABELS,
  eliteFileKey,
  EliteMessages,
  EliteNotes,
  EliteRefusals,
  innermostMessage,
  packageWorkflowId,
  paymentWorkflowId,
  type EliteActor,
} from '../../libs/domain/index.ts';
import { eliteCheckoutMetadata } from '../../libs/payments/index.ts';
import { act, eliteEvents, eventOf, eventsOf, insertEliteRequest, newEliteActor, produceAndShip, quoteAndPay, startEliteRequest, stateReaching, TEST_QUOTE, type EliteHandle } from '../../testing/elite-requests.ts';
import { eventually, startWorker } from '../../testing/index.ts';
import { mailTo } from '../../testing/mail-inbox.ts';
import { printStackForFile } from '../../testing/print-orders.ts';
import { insertSavedBook } from '../../testing/saved-books.ts';
import { sessionEvent } from '../../testing/stripe-events.ts';
import { ProjectIdAttribute } from '../search-attributes.ts';
import { paymentWorkflow } from '../payment/workflow.ts';
import { elitePaidSignal, eliteStateQuery, type EliteInput } from './messages.ts';

// The workflow on its own, with the real activities: the author's and the team's actions are its update, payments the
// payment workflow's signal, the print provider the Lulu simulator. (The API's routes: apps/api/src/elite-requests.)
const stack = printStackForFile('elite');
const orm = () => stack.engine.deps.orm;
const requestRow = (id: string) => orm().em.fork().findOneOrFail(EliteRequest, { id });
const kinds = async (requestId: string) => (await eliteEvents(orm(), requestId)).map((e) => e.kind);

interface Opened {
  requestId: string;
  author: EliteActor;
  team: EliteActor;
  handle: EliteHandle;
}

/** A request on a completed book (or paid up front, without one) and its run, with the durations given. */
async function open(input: Partial<Omit<EliteInput, 'requestId'>> = {}, taskQueue?: string): Promise<Opened> {
  const prepaid = input.prepaid ?? false;
  const author = await newEliteActor(orm(), 'author');
  const team = await newEliteActor(orm(), 'team');
  const bookProjectId = prepaid ? null : await insertSavedBook(stack.engine.deps, author.id);
  const requestId = await insertEliteRequest(orm(), author, { bookProjectId, prepaid });
  const handle = await startEliteRequest(stack, requestId, { prepaid, bookReady: !prepaid, ...input }, taskQueue);
  return { requestId, author, team, handle };
}

/** The words an action was refused with (its update failed; the run goes on). */
async function refusal(update: Promise<unknown>): Promise<string> {
  const error = await update.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(WorkflowUpdateFailedError);
  return innermostMessage(error);
}

const assign = ({ handle, team }: Opened) => act(handle, team, { action: 'assign', assignee: { id: team.id, email: team.email } });

describe('Elite request workflow', () => {
  it('reminds the assignee before the quote promise is due, records the breach, escalates it to the admins, and goes on', async () => {
    const admin = await newEliteActor(orm(), 'team', { admin: true });
    const opened = await open({ durations: { quoteWithin: '4 seconds', remindBefore: '2 seconds' } });
    const { handle, requestId, team } = opened;
    await assign(opened);

    const reminder = await eventOf(orm(), requestId, 'sla_reminder');
    expect(reminder).toMatchObject({ by: null, note: ELITE_PROMISE_LABELS.quote, data: { promise: 'quote', assignee: team.email } });
    const breach = await eventOf(orm(), requestId, 'sla_breached');
    expect(breach).toMatchObject({ by: null, note: ELITE_PROMISE_LABELS.quote, data: { promise: 'quote' } });
    const breached = await requestRow(requestId);
    expect(breached).toMatchObject({ status: 'received', slaBreached: true });
    expect(breached.promises).toEqual([{ name: 'quote', dueAt: expect.any(String), metAt: null, remindedAt: expect.any(String), breachedAt: expect.any(String) }]);
    // The reminder went to the assigned member, the escalation to the admins.
    expect((await eventually(() => mailTo(team.email), (mails) => mails.length >= 1, 15_000)).length).toBeGreaterThanOrEqual(1);
    const escalations = await eventually(() => mailTo(admin.email), (mails) => mails.some((m) => m.text.includes(requestId)), 15_000);
    expect(escalations.some((m) => m.text.includes(requestId))).toBe(true);

    // The request goes on: a late quote still meets the promise, late.
    const quoted = await act(handle, team, { action: 'send_quote', quote: TEST_QUOTE });
    expect(quoted.status).toBe('quoted');
    expect(quoted.promises[0]).toMatchObject({ name: 'quote', metAt: expect.any(String), breachedAt: breach.at.toISOString() });
    const met = await eventOf(orm(), requestId, 'promise_met');
    expect(met.data).toMatchObject({ promise: 'quote', late: true });
    expect(await eventually(() => requestRow(requestId), (row) => row.firstQuotedAt !== null && row.slaBreached)).toMatchObject({ status: 'quoted', slaBreached: true });
    await act(handle, team, { action: 'cancel', reason: 'Test over' });
    expect(await handle.result()).toEqual({ status: 'cancelled' });
  });

  it('expires a quote left unaccepted past its validity, and an accepted quote left unpaid past the payment window', async () => {
    const unaccepted = await open({ durations: { quoteValidFor: '2 seconds' } });
    const sent = await act(unaccepted.handle, unaccepted.team, { action: 'send_quote', quote: TEST_QUOTE });
    expect(await unaccepted.handle.result()).toEqual({ status: 'expired' });
    await eventsOf(orm(), unaccepted.requestId, 'quote_expired');
    expect(await requestRow(unaccepted.requestId)).toMatchObject({ status: 'expired', dueAt: null });
    expect(await orm().em.fork().findOneOrFail(EliteQuote, { id: sent.quote?.id })).toMatchObject({ status: 'expired', amountCents: TEST_QUOTE.amountCents, copies: TEST_QUOTE.copies });

    const unpaid = await open({ durations: { paymentWindow: '2 seconds' } });
    await act(unpaid.handle, unpaid.team, { action: 'send_quote', quote: TEST_QUOTE });
    const accepted = await act(unpaid.handle, unpaid.author, { action: 'accept_quote' });
    expect(accepted.status).toBe('awaiting_payment');
    expect(await unpaid.handle.result()).toEqual({ status: 'expired' });
    const expired = await eventOf(orm(), unpaid.requestId, 'payment_expired');
    expect(expired.data).toEqual({ payBy: accepted.payBy });
    expect(await orm().em.fork().findOneOrFail(EliteQuote, { id: accepted.quote?.id })).toMatchObject({ status: 'accepted' });
  });

  it('reminds the author of a proof waiting for them every proofReminderEvery, on timers of that length, until they decide', async () => {
    const opened = await open({ durations: { proofReminderEvery: '2 seconds' } });
    const { handle, requestId, author, team } = opened;
    await quoteAndPay(orm(), handle, requestId, author, team);
    for (const step of ['editing', 'cover_design'] as const) {
      await act(handle, team, { action: 'start_step', step });
      await act(handle, team, { action: 'finish_step', step });
    }
    expect(await act(handle, team, { action: 'send_proof' })).toMatchObject({ proof: 'awaiting_author', proofRound: 1 });
    const sent = await eventOf(orm(), requestId, 'proof_sent');
    const [first, second] = await eventsOf(orm(), requestId, 'proof_reminder', 2);
    expect(first).toMatchObject({ by: null, step: 'proof', data: { round: 1 } });
    expect(first?.at.getTime()).toBeGreaterThanOrEqual(sent.at.getTime() + 2_000);
    expect(second?.at.getTime()).toBeGreaterThanOrEqual((first?.at.getTime() ?? 0) + 2_000);
    // The reminders' timers, as the run's history recorded them: the input's two seconds.
    const history = await handle.fetchHistory();
    const timers = (history.events ?? []).flatMap((e) => (e.timerStartedEventAttributes ? [tsToMs(e.timerStartedEventAttributes.startToFireTimeout)] : []));
    expect(timers.filter((ms) => ms === 2_000).length).toBeGreaterThanOrEqual(2);

    expect(await act(handle, author, { action: 'request_changes', comment: 'Please enlarge the title.' })).toMatchObject({ proof: 'changes_requested' });
    await act(handle, author, { action: 'cancel', reason: 'Test over' });
    expect(await handle.result()).toEqual({ status: 'cancelled' });
  });

  it("ends with the author's decline of the quote, with their reason", async () => {
    const { handle, requestId, author, team } = await open();
    const sent = await act(handle, team, { action: 'send_quote', quote: TEST_QUOTE });
    expect(await act(handle, author, { action: 'decline_quote', reason: 'Over my budget' })).toMatchObject({ status: 'declined' });
    expect(await handle.result()).toEqual({ status: 'declined' });
    const declined = await eventOf(orm(), requestId, 'quote_declined');
    expect(declined).toMatchObject({ by: author.email, note: 'Over my budget', data: { quoteId: sent.quote?.id } });
    expect(await orm().em.fork().findOneOrFail(EliteQuote, { id: sent.quote?.id })).toMatchObject({ status: 'declined' });
    expect(await requestRow(requestId)).toMatchObject({ status: 'declined' });
  });

  it('is cancelled by the author or by the team with the reason; an open quote closes as declined', async () => {
    const byAuthor = await open();
    const sent = await act(byAuthor.handle, byAuthor.team, { action: 'send_quote', quote: TEST_QUOTE });
    await act(byAuthor.handle, byAuthor.author, { action: 'cancel', reason: 'I found another printer' });
    expect(await byAuthor.handle.result()).toEqual({ status: 'cancelled' });
    expect(await requestRow(byAuthor.requestId)).toMatchObject({ status: 'cancelled', cancelReason: 'I found another printer' });
    expect(await orm().em.fork().findOneOrFail(EliteQuote, { id: sent.quote?.id })).toMatchObject({ status: 'declined' });
    const cancelled = await eventOf(orm(), byAuthor.requestId, 'cancelled');
    expect(cancelled).toMatchObject({ by: byAuthor.author.email, note: 'I found another printer', data: { role: 'author' } });

    // Paid up front and in production: the team cancels it (a reason is required).
    const byTeam = await open({ prepaid: true });
    expect(await refusal(act(byTeam.handle, byTeam.team, { action: 'cancel', reason: '  ' }))).toBe('Give the reason for cancelling');
    await act(byTeam.handle, byTeam.team, { action: 'cancel', reason: 'The author asked us by phone' });
    expect(await byTeam.handle.result()).toEqual({ status: 'cancelled' });
    const byTeamEvent = await eventOf(orm(), byTeam.requestId, 'cancelled');
    expect(byTeamEvent).toMatchObject({ by: byTeam.team.email, note: 'The author asked us by phone', step: 'editing', data: { role: 'team' } });
    expect(await requestRow(byTeam.requestId)).toMatchObject({ status: 'cancelled', cancelReason: 'The author asked us by phone', dueAt: null });
  });

  it("refuses the team's and the author's actions in the wrong state or from the wrong role, with the domain's words", async () => {
    const received = await open();
    const { handle, author, team } = received;
    expect(await refusal(act(handle, author, { action: 'accept_quote' }))).toBe(EliteRefusals.decide);
    expect(await refusal(act(handle, author, { action: 'send_quote', quote: TEST_QUOTE }))).toBe(EliteRefusals.team);
    expect(await refusal(act(handle, team, { action: 'decline_quote' }))).toBe(EliteRefusals.author);
    expect(await refusal(act(handle, team, { action: 'start_step', step: 'editing' }))).toBe(EliteRefusals.notProduction);
    expect(await refusal(act(handle, team, { action: 'complete' }))).toBe(EliteRefusals.complete);
    expect(await refusal(act(handle, team, { action: 'send_quote', quote: { ...TEST_QUOTE, amountCents: 50 } }))).toMatch(/^A quote's amount must be/);
    expect(await handle.query(eliteStateQuery)).toMatchObject({ status: 'received', quote: null });

    const producing = await open({ prepaid: true });
    const act2 = (actor: EliteActor, payload: Parameters<typeof act>[2]) => act(producing.handle, actor, payload);
    expect(await refusal(act2(producing.team, { action: 'finish_step', step: 'editing' }))).toBe(EliteRefusals.notStarted('editing'));
    expect(await refusal(act2(producing.team, { action: 'start_step', step: 'cover_design' }))).toBe(EliteRefusals.step('cover_design'));
    expect(await refusal(act2(producing.team, { action: 'start_step', step: 'proof' }))).toBe(EliteRefusals.teamOnly('proof'));
    expect(await refusal(act2(producing.team, { action: 'upload_revision', revisionId: randomUUID(), filename: 'book.md' }))).toBe(EliteRefusals.revision);
    expect(await refusal(act2(producing.team, { action: 'send_proof' }))).toBe(EliteRefusals.proof);
    expect(await refusal(act2(producing.team, { action: 'start_printing', podPackageId: 'x', shippingLevel: 'MAIL' }))).toBe(EliteRefusals.printing);
    expect(await refusal(act2(producing.author, { action: 'approve_proof', shippingAddress: { name: '', address_line1: '', city: '', postcode: '', country: 'US', phone: '' } }))).toBe(EliteRefusals.noProof);
    expect(await refusal(act2(producing.author, { action: 'send_quote', quote: TEST_QUOTE }))).toBe(EliteRefusals.team);
    expect(await act2(producing.team, { action: 'start_step', step: 'editing' })).toMatchObject({ status: 'in_production', step: 'editing', stepStarted: true });
    expect(await refusal(act2(producing.team, { action: 'start_step', step: 'editing' }))).toBe(EliteRefusals.started('editing'));

    // Nothing refused reached the timeline.
    await eventsOf(orm(), producing.requestId, 'step_started');
    expect((await kinds(producing.requestId)).sort()).toEqual(['received', 'step_started']);
    expect(await kinds(received.requestId)).toEqual(['received']);
    await Promise.all([handle.terminate('test over'), producing.handle.terminate('test over')]);
  });

  it('opens Stripe Checkout for an accepted quote; its payment, through the payment workflow, starts production with the quoted copies and promises', async () => {
    const { handle, requestId, author, team } = await open();
    await act(handle, team, { action: 'send_quote', quote: TEST_QUOTE });
    const accepted = await act(handle, author, { action: 'accept_quote' });
    expect(accepted).toMatchObject({ status: 'awaiting_payment', payBy: expect.any(String), paidWith: null });
    const awaiting = await requestRow(requestId);
    expect(awaiting).toMatchObject({ status: 'awaiting_payment' });
    const sessionId = awaiting.stripeSessionId as string;
    expect(sessionId).toMatch(/^cs_/);
    expect(awaiting.checkoutUrl).toContain(sessionId);
    const acceptedEvent = await eventOf(orm(), requestId, 'quote_accepted');
    expect(acceptedEvent).toMatchObject({ by: author.email, data: { checkoutUrl: awaiting.checkoutUrl, sessionId, amountCents: TEST_QUOTE.amountCents } });

    // Stripe's event for the session, as the webhook stores it and starts its fulfilment.
    const event = sessionEvent('checkout.session.completed', {
      id: sessionId,
      client_reference_id: author.id,
      customer_details: { email: author.email },
      amount_total: TEST_QUOTE.amountCents,
      metadata: { ...eliteCheckoutMetadata(requestId, author.id) },
    });
    await orm().em.fork().insert(StripeEvent, { id: event.id, type: event.type, payload: event as unknown as Record<string, unknown>, receivedAt: new Date() });
    const fulfilled = await stack.engine.client.workflow.execute(paymentWorkflow, { workflowId: paymentWorkflowId(event.id), taskQueue: stack.config.TEMPORAL_TASK_QUEUE, args: [event.id] });
    expect(fulfilled).toMatchObject({ newlyPaid: true });

    const producing = await stateReaching(handle, 'in_production');
    expect(producing).toMatchObject({ step: 'editing', stepStarted: false, copies: TEST_QUOTE.copies, paidWith: sessionId, payBy: null });
    // The book is already written: no first chapters are promised; the books are the quote's copies.
    expect(producing.promises.map((p) => [p.name, p.metAt === null])).toEqual([['quote', false], ['books', true]]);
    const paid = await eventOf(orm(), requestId, 'paid');
    expect(paid).toMatchObject({ note: null, data: { sessionId } });
    expect(await requestRow(requestId)).toMatchObject({ status: 'in_production', step: 'editing', copies: TEST_QUOTE.copies, paidAt: expect.any(Date) });

    // A second payment is not taken for the request: it is noted as owed back.
    await handle.signal(elitePaidSignal, { sessionId: 'cs_test_twice' });
    const again = await eventOf(orm(), requestId, 'paid', 2);
    expect(again).toMatchObject({ data: { sessionId: 'cs_test_twice', refundDue: true } });
    expect(again.note).toContain('a refund is due');
    expect((await handle.query(eliteStateQuery)).paidWith).toBe(sessionId);
    await handle.terminate('test over');
  });

  it('makes an uploaded manuscript the book and rebuilds it in a child packaging run; a manuscript without chapters is refused and changes nothing', async () => {
    const { handle, requestId, author, team } = await open({ prepaid: true });
    await act(handle, team, { action: 'start_step', step: 'editing' });
    const upload = async (body: string) => {
      const revisionId = randomUUID();
      const manuscriptKey = eliteFileKey({ id: requestId, userId: author.id }, `revisions/${revisionId}/manuscript.md`);
      await stack.engine.deps.storage.put(manuscriptKey, Buffer.from(body), 'text/markdown');
      const em = orm().em.fork();
      em.create(EliteRevision, { id: revisionId, request: em.getReference(EliteRequest, requestId), manuscriptKey, filename: 'manuscript.md', by: team.email, at: new Date() });
      await em.flush();
      return act(handle, team, { action: 'upload_revision', revisionId, filename: 'manuscript.md' });
    };

    expect(await refusal(upload('A manuscript with no chapter headings at all.'))).toBe(EliteMessages.manuscriptEmpty);
    expect(await handle.query(eliteStateQuery)).toMatchObject({ status: 'in_production', bookReady: false });
    expect(await kinds(requestId)).not.toContain('revision_uploaded');
    expect((await requestRow(requestId)).bookProject).toBeNull();

    const chapter = (title: string) => `# ${title}\n\n${'The sea was calm that morning, and the boats went out early. '.repeat(60)}\n`;
    const uploaded = await upload([chapter('Harbour'), chapter('Open Water'), chapter('Home')].join('\n'));
    expect(uploaded.promises.find((p) => p.name === 'first_chapters')?.metAt).toEqual(expect.any(String));
    const revised = await eventOf(orm(), requestId, 'revision_uploaded');
    expect(revised).toMatchObject({ by: team.email, note: 'manuscript.md', step: 'editing', data: { chapters: 3 } });

    const rebuilt = await eventOf(orm(), requestId, 'book_rebuilt', 1, 120_000);
    expect(rebuilt.data).toMatchObject({ pageCount: expect.any(Number) });
    expect(await handle.query(eliteStateQuery)).toMatchObject({ bookReady: true });
    const book = await orm().em.fork().findOneOrFail(EliteRequest, { id: requestId }, { populate: ['bookProject.generatorProject'] });
    const project = book.bookProject?.generatorProject;
    expect(project?.id).toBe(revised.data.projectId);
    expect(project).toMatchObject({ pdfKey: expect.any(String), coverPdfKey: expect.any(String) });
    expect((await handle.describe()).typedSearchAttributes.get(ProjectIdAttribute)).toBe(project?.id);
    // The rebuild rides out a storage or database outage of a minute or more: its builds retry up to 8 times, 30 s apart at most.
    const child = stack.engine.client.workflow.getHandle(packageWorkflowId(project?.id as string, rebuilt.data.run as number));
    const builds = ((await child.fetchHistory()).events ?? []).flatMap((e) => e.activityTaskScheduledEventAttributes ?? []).filter((a) => a.activityType?.name?.startsWith('build'));
    expect(builds.map((a) => a.activityType?.name).sort()).toEqual(['buildCover', 'buildDocx', 'buildEpub', 'buildInterior', 'buildQuartoZip']);
    for (const build of builds) expect({ attempts: build.retryPolicy?.maximumAttempts, longest: tsToMs(build.retryPolicy?.maximumInterval) }).toEqual({ attempts: 8, longest: 30_000 });
    await handle.terminate('test over');
  });

  it('loses nothing when its worker is stopped while it waits, and a new worker carries on', async () => {
    const taskQueue = `elite-worker-${randomUUID()}`;
    const settings = { ...stack.config, TEMPORAL_TASK_QUEUE: taskQueue };
    let worker: Awaited<ReturnType<typeof startWorker>> | null = await startWorker(settings, stack.engine.deps);
    try {
      const opened = await open({ durations: { quoteWithin: '12 seconds', remindBefore: '6 seconds' } }, taskQueue);
      const { handle, requestId, author, team } = opened;
      await assign(opened);
      // Stopped once the run has nothing under way: it waits on its timers.
      const quiet = await eventually(() => handle.describe(), ({ raw }) => !raw.pendingWorkflowTask && !raw.pendingActivities?.length, 15_000);
      expect(quiet.raw.pendingActivities ?? []).toHaveLength(0);
      await worker.stop();
      worker = null;

      // The reminder falls due with no worker to run it: the request waits where it was.
      const remindAt = Date.parse((await requestRow(requestId)).promises[0]?.dueAt as string) - 6_000;
      const due = await eventually(async () => (await handle.describe()).raw.pendingWorkflowTask ?? null, (task) => task !== null && Date.now() > remindAt, 20_000);
      expect(due).not.toBeNull();
      expect(await kinds(requestId)).not.toContain('sla_reminder');
      worker = await startWorker(settings, stack.engine.deps);

      await eventsOf(orm(), requestId, 'sla_breached');
      await act(handle, team, { action: 'send_quote', quote: TEST_QUOTE });
      await act(handle, author, { action: 'decline_quote' });
      expect(await handle.result()).toEqual({ status: 'declined' });
      expect((await kinds(requestId)).sort()).toEqual(['assigned', 'promise_met', 'quote_declined', 'quote_sent', 'received', 'sla_breached', 'sla_reminder']);
    } finally {
      await worker?.stop();
    }
  });

  it('continues as new when its history grows long, and the new run carries the whole state', async () => {
    const opened = await open({ historyLimit: 30 });
    const { handle, requestId, author, team } = opened;
    await assign(opened);
    await quoteAndPay(orm(), handle, requestId, author, team);
    await act(handle, team, { action: 'start_step', step: 'editing' });
    await act(handle, team, { action: 'finish_step', step: 'editing' });

    const latest = await eventually(() => handle.describe(), (run) => run.runId !== handle.firstExecutionRunId, 15_000);
    expect(latest.runId).not.toBe(handle.firstExecutionRunId);
    const state = await handle.query(eliteStateQuery);
    expect(state).toMatchObject({
      status: 'in_production',
      step: 'cover_design',
      stepStarted: false,
      assignee: { id: team.id, email: team.email },
      quote: { amountCents: TEST_QUOTE.amountCents, copies: TEST_QUOTE.copies },
      copies: TEST_QUOTE.copies,
      paidWith: expect.any(String),
      announced: true,
    });
    expect(state.promises.map((p) => [p.name, p.metAt !== null])).toEqual([['quote', true], ['books', false]]);
    await act(handle, team, { action: 'start_step', step: 'cover_design' });
    await act(handle, author, { action: 'cancel', reason: 'Test over' });
    expect(await handle.result()).toEqual({ status: 'cancelled' });
    const timeline = await kinds(requestId);
    expect(timeline.filter((k) => k === 'received')).toHaveLength(1);
    expect(timeline.filter((k) => k === 'step_started')).toHaveLength(2);
  });

  it('runs a paid request through editing, cover design, a proof with one change round and printing at the simulator to shipped, delivered once the author says so, and completed', async () => {
    const opened = await open();
    const { handle, requestId, author, team } = opened;
    await assign(opened);
    await quoteAndPay(orm(), handle, requestId, author, team);
    const project = (await orm().em.fork().findOneOrFail(EliteRequest, { id: requestId }, { populate: ['bookProject.generatorProject'] })).bookProject?.generatorProject;
    const bookCover = async () => stack.engine.deps.storage.getBuffer(project?.coverPdfKey as string);
    const coverBefore = await bookCover();
    const shipped = await produceAndShip(stack, handle, author, team, async () => {
      expect(await refusal(act(handle, author, { action: 'cancel', reason: 'Changed my mind' }))).toBe(EliteRefusals.cancel);
    });
    // Shipped is not delivered: no step is in hand any more, and the request waits for the author's word.
    expect(shipped).toMatchObject({ status: 'shipped', step: null, stepStarted: false, proofRound: 2, proof: null, shippedAt: expect.any(String), deliveredAt: null });
    expect(shipped.promises.every((p) => p.metAt !== null)).toBe(true);
    expect(shipped.promises.find((p) => p.name === 'books')).toBeDefined();
    // The run's state moves first; its activity writes the projection right after.
    expect(await eventually(() => requestRow(requestId), (row) => row.status === 'shipped', 15_000)).toMatchObject({ status: 'shipped', step: null, deliveredAt: null });
    expect(await refusal(act(handle, team, { action: 'confirm_receipt' }))).toBe(EliteRefusals.author);
    const delivered = await act(handle, author, { action: 'confirm_receipt' });
    expect(delivered).toMatchObject({ status: 'delivered', deliveredAt: expect.any(String) });
    expect(await eventOf(orm(), requestId, 'delivered')).toMatchObject({ by: author.email, note: EliteNotes.receiptConfirmed });
    // Cover design, the proofs and the print order drew their press covers into files of their own: the book's is untouched.
    expect((await bookCover()).equals(coverBefore)).toBe(true);

    const order = await orm().em.fork().findOneOrFail(PrintOrder, { id: delivered.printOrderId as string });
    expect(order).toMatchObject({ orderStatus: 'shipped', quantity: TEST_QUOTE.copies, contactEmail: author.email, carrierName: 'USPS' });
    expect(order.history.map((h) => h.note)).toContain(`Paid by elite-${requestId}`);
    // The copies cost the author what the quote said, and the promise named the quote's copies.
    expect((await eliteIncludedOrders(orm().em.fork(), [order.id])).get(order.id)).toEqual({ requestId, amountCents: TEST_QUOTE.amountCents, currency: TEST_QUOTE.currency });
    expect((await eventsOf(orm(), requestId, 'promise_met')).map((event) => event.note)).toContain(`${TEST_QUOTE.copies} bound books within 2 weeks`);
    const shippedEvent = await eventOf(orm(), requestId, 'shipped');
    expect(shippedEvent.note).toContain(order.trackingId as string);
    expect(shippedEvent.data).toMatchObject({ orderId: order.id, trackingId: order.trackingId });

    await act(handle, team, { action: 'complete' });
    expect(await handle.result()).toEqual({ status: 'completed' });
    const timeline = await kinds(requestId);
    const count = (kind: string) => timeline.filter((k) => k === kind).length;
    expect([count('step_started'), count('step_finished'), count('proof_sent'), count('changes_requested'), count('proof_approved')]).toEqual([2, 2, 2, 1, 1]);
    expect([count('printing_started'), count('shipped'), count('delivered'), count('completed'), count('promise_met')]).toEqual([1, 1, 1, 1, 2]);
    expect(await requestRow(requestId)).toMatchObject({ status: 'completed', printOrderId: order.id, completedAt: expect.any(Date), slaBreached: false });
  });
});
