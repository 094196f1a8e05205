import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EliteQuote, EliteRequest, EliteRevision, PrintOrder } from '../../libs/db/index.ts';
import { DEFAULT_POD_PACKAGE_ID, eliteFileKey, packageWorkflowId, paymentWorkflowId, printOrderWorkflowId } from '../../libs/domain/index.ts';
import { eliteCheckoutMetadata } from '../../libs/payments/index.ts';
import { activityFailed, drillWithPrintSimulator, expectOneMailPerDelivery, outage, paymentsFor, storeSessionPaid, workWaiting } from '../../testing/drill-checks.ts';
import { act, eliteEvents, eventOf, eventsOf, insertEliteRequest, newEliteActor, startEliteRequest, stateReaching, TEST_QUOTE } from '../../testing/elite-requests.ts';
import type { DrillService } from '../../testing/fault-drill.ts';
import { eventually, type Engine } from '../../testing/index.ts';
import { orderReaching, TEST_ADDRESS } from '../../testing/print-orders.ts';
import { insertSavedBook } from '../../testing/saved-books.ts';
import { refreshSignal } from '../print-order/messages.ts';

// The fault drill of an Elite request (issue 32): the worker, PostgreSQL, MinIO and the Temporal server, each killed
// with -9 twice in one request, while its book is rebuilt from a revised manuscript and while a proof waits for the
// author, and started again, on the drill's own services (testing/drill-checks.ts).
const { sim, drill } = drillWithPrintSimulator();

const orm = () => drill().deps.orm;
/** The helpers of testing/elite-requests.ts take a print stack: the drill's client and task queue stand in. */
const stack = () => ({ engine: { client: drill().client, deps: drill().deps, stop: async () => undefined } as Engine, config: drill().config });
const REMIND_EVERY_MS = 1_500;
const chapter = (title: string) => `# ${title}\n\n${'The sea was calm that morning, and the boats went out early. '.repeat(150)}\n`;

describe('Elite request fault drill', () => {
  it.each<DrillService>(['worker', 'postgres', 'minio', 'temporal'])('completes with one payment, one rebuild, one print job and one mail per event when %s is killed while the book is rebuilt and while a proof waits for the author', async (service) => {
    const author = await newEliteActor(orm(), 'author');
    const team = await newEliteActor(orm(), 'team');
    const bookProjectId = await insertSavedBook(drill().deps, author.id);
    const requestId = await insertEliteRequest(orm(), author, { bookProjectId });
    const handle = await startEliteRequest(stack(), requestId, { prepaid: false, bookReady: true, durations: { proofReminderEvery: `${REMIND_EVERY_MS} ms` }, rebuildHeartbeatTimeout: '10 seconds' });

    // Quoted, accepted and paid through Stripe's webhook.
    await act(handle, team, { action: 'send_quote', quote: TEST_QUOTE });
    await act(handle, author, { action: 'accept_quote' });
    const awaiting = await orm().em.fork().findOneOrFail(EliteRequest, { id: requestId });
    const paid = await storeSessionPaid(drill(), { id: awaiting.stripeSessionId as string, userId: author.id, email: author.email, amountCents: TEST_QUOTE.amountCents, metadata: { ...eliteCheckoutMetadata(requestId, author.id) } });
    expect(await (await paid.deliver()).result()).toMatchObject({ newlyPaid: true });
    await stateReaching(handle, 'in_production');

    // A revised manuscript: the book is rebuilt by a child packaging run, and the service dies while it typesets.
    await act(handle, team, { action: 'start_step', step: 'editing' });
    const revisionId = randomUUID();
    const manuscriptKey = eliteFileKey({ id: requestId, userId: author.id }, `revisions/${revisionId}/manuscript.md`);
    // Long enough for the printer's page minimum: the copies are printed from the rebuilt book.
    const chapters = ['Harbour', 'Open Water', 'Fog', 'The Storm', 'Driftwood', 'The Lighthouse', 'Nets', 'Home'].map(chapter);
    await drill().deps.storage.put(manuscriptKey, Buffer.from(chapters.join('\n')), 'text/markdown');
    const em = orm().em.fork();
    em.create(EliteRevision, { id: revisionId, request: em.getReference(EliteRequest, requestId), manuscriptKey, filename: 'manuscript.md', by: team.email, at: new Date() });
    await em.flush();
    await act(handle, team, { action: 'upload_revision', revisionId, filename: 'manuscript.md' });
    const revised = await eventOf(orm(), requestId, 'revision_uploaded');
    const rebuild = drill().client.workflow.getHandle(packageWorkflowId(revised.data.projectId as string, revised.data.run as number));
    await eventually(() => rebuild.describe().then(({ raw }) => raw.pendingActivities?.length ?? 0, () => 0), (pending) => pending > 0, 60_000);
    // PostgreSQL and MinIO are felt when an attempt fails; a dead worker's attempt is retried after its heartbeat time-out.
    await outage(drill(), service, service === 'postgres' || service === 'minio' ? { felt: () => activityFailed(rebuild) } : {});
    const rebuilt = await eventOf(orm(), requestId, 'book_rebuilt', 1, 180_000);
    expect(rebuilt.data).toMatchObject({ pageCount: expect.any(Number) });
    expect(rebuilt.data.error).toBeUndefined();

    for (const step of ['editing', 'cover_design'] as const) {
      if (step !== 'editing') await act(handle, team, { action: 'start_step', step });
      await act(handle, team, { action: 'finish_step', step });
    }
    await act(handle, team, { action: 'send_proof', note: 'First proof' });
    await eventOf(orm(), requestId, 'proof_reminder', 1, 30_000);

    // The proof waits for the author (reminded every few seconds) while the service is down.
    const remindersBefore = (await eventsOf(orm(), requestId, 'proof_reminder')).length;
    if (service === 'minio') {
      // Nothing waiting reads storage: the author asks for changes and the team's second proof is drawn during the outage.
      let secondProof: Promise<unknown> = Promise.resolve();
      await outage(drill(), service, {
        meanwhile: async () => {
          await act(handle, author, { action: 'request_changes', comment: 'Please enlarge the title on the cover.' });
          secondProof = act(handle, team, { action: 'send_proof', note: 'Second proof' });
        },
        felt: () => activityFailed(handle),
      });
      await secondProof;
    } else {
      await outage(drill(), service, service === 'worker' ? { felt: () => workWaiting(handle) } : service === 'postgres' ? { felt: () => activityFailed(handle) } : {});
    }
    // The reminders go on after the outage: no timer was lost.
    await eventsOf(orm(), requestId, 'proof_reminder', remindersBefore + 1, 60_000);
    await act(handle, author, { action: 'approve_proof', shippingAddress: TEST_ADDRESS });

    const printing = await act(handle, team, { action: 'start_printing', podPackageId: DEFAULT_POD_PACKAGE_ID, shippingLevel: 'MAIL' });
    const orderId = printing.printOrderId as string;
    await eventually(() => orm().em.fork().findOne(PrintOrder, { id: orderId }), (order) => order !== null);
    const placed = await eventually(() => orm().em.fork().findOneOrFail(PrintOrder, { id: orderId }), (o) => ['submitted', 'failed', 'error'].includes(o.orderStatus), 60_000);
    expect({ status: placed.orderStatus, error: placed.errorMessage ?? null }).toEqual({ status: 'submitted', error: null });
    const submitted = await orderReaching(orm(), orderId, 'submitted');
    sim.setStatus(submitted.luluJobId as string, 'SHIPPED');
    await drill().client.workflow.getHandle(printOrderWorkflowId(orderId)).signal(refreshSignal);
    await stateReaching(handle, 'shipped', 60_000);
    await act(handle, author, { action: 'confirm_receipt' });
    await act(handle, team, { action: 'complete' });
    expect(await handle.result()).toEqual({ status: 'completed' });

    // Nothing lost and nothing done twice: each step on the timeline once, one payment, one print job, one mail per message.
    const kinds = (await eliteEvents(orm(), requestId)).map((event) => event.kind);
    const count = (kind: string) => kinds.filter((k) => k === kind).length;
    const rounds = service === 'minio' ? 2 : 1;
    expect(
      ['received', 'quote_sent', 'quote_accepted', 'paid', 'revision_uploaded', 'book_rebuilt', 'proof_sent', 'proof_approved', 'printing_started', 'shipped', 'delivered', 'completed'].map((kind) => [kind, count(kind)]),
    ).toEqual([
      ['received', 1],
      ['quote_sent', 1],
      ['quote_accepted', 1],
      ['paid', 1],
      ['revision_uploaded', 1],
      ['book_rebuilt', 1],
      ['proof_sent', rounds],
      ['proof_approved', 1],
      ['printing_started', 1],
      ['shipped', 1],
      ['delivered', 1],
      ['completed', 1],
    ]);
    expect(count('proof_reminder')).toBeGreaterThan(remindersBefore);
    const row = await orm().em.fork().findOneOrFail(EliteRequest, { id: requestId }, { populate: ['bookProject.generatorProject'] });
    expect(row).toMatchObject({ status: 'completed', printOrderId: orderId, paidAt: expect.any(Date) });
    const project = row.bookProject?.generatorProject;
    expect(project?.id).toBe(revised.data.projectId);
    expect(await drill().deps.storage.stat(project?.pdfKey as string)).not.toBeNull();
    expect(await orm().em.fork().findOneOrFail(EliteQuote, { request: requestId })).toMatchObject({ status: 'accepted' });
    const payments = await paymentsFor(drill(), { eliteRequestId: requestId });
    expect(payments.map((p) => [p.status, p.amount, p.stripeSessionId])).toEqual([['paid', TEST_QUOTE.amountCents, awaiting.stripeSessionId]]);
    expect(await drill().client.workflow.getHandle(paymentWorkflowId(paid.eventId)).result()).toMatchObject({ newlyPaid: true });
    const order = await orm().em.fork().findOneOrFail(PrintOrder, { id: orderId });
    expect(order).toMatchObject({ orderStatus: 'shipped', quantity: TEST_QUOTE.copies });
    expect([...sim.jobs.values()].filter((job) => job.json.external_id === order.externalId)).toHaveLength(1);
    expect(await orm().em.fork().count(PrintOrder, { user: author.id })).toBe(1);
    await expectOneMailPerDelivery(drill(), author.email);
  }, 420_000);
});
