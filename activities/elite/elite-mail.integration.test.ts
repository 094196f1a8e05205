import { describe, expect, it } from 'vitest';
import { BookCredit, MailDelivery, MailDigestItem, Notification, Payment, StripeEvent } from '../../libs/db/index.ts';
import {
  eliteEventMailId,
  SUPPORT_PROMISES,
  type EliteEventKind,
  type EliteEventRecord,
} from '../../libs/domain/index.ts';
import { eliteCheckoutMetadata } from '../../libs/payments/index.ts';
import { mailTo, waitForMail, waitForSubject } from '../../testing/mail-inbox.ts';
import { newAuthor } from '../../testing/print-orders.ts';
import { sql } from '../../testing/sql.ts';
import { newSessionId, sessionEvent } from '../../testing/stripe-events.ts';
import {
  config,
  deps,
  act,
  openEliteActivities,
  em,
  state,
  event,
  quoteRecord,
  insertRequest,
  type TestRequest,
} from '../../testing/elite-activities.ts';

// The Elite workflow's activities on their own: the quote's payment, and the mail each event sends.
openEliteActivities();

describe("an Elite quote's payment", () => {
  /** Stores Stripe's event as the webhook does and applies it. */
  async function apply(session: Parameters<typeof sessionEvent>[1]) {
    const stripeEvent = sessionEvent('checkout.session.completed', session);
    await em().insert(StripeEvent, { id: stripeEvent.id, type: stripeEvent.type, payload: stripeEvent as unknown as Record<string, unknown>, receivedAt: new Date() });
    return act.applyStripeEvent(stripeEvent.id);
  }

  it('becomes a payment naming the request, granting nothing, and its receipt names the Elite Service', async () => {
    const request = await insertRequest();
    const quote = quoteRecord();
    await act.saveEliteQuote(request.requestId, quote);
    const { sessionId } = await act.openEliteCheckout(request.requestId, quote.id, new Date(Date.now() + 86_400_000).toISOString());
    const applied = await apply({ id: sessionId, client_reference_id: request.author.id, customer_details: { email: request.author.email }, amount_total: 125_000, metadata: { ...eliteCheckoutMetadata(request.requestId, request.author.id) } });
    expect(applied).toMatchObject({ newlyPaid: true, eliteRequestId: request.requestId, printOrderId: null, sessionId });

    const payment = await em().findOneOrFail(Payment, { id: applied.paymentId as string });
    expect(payment).toMatchObject({ status: 'paid', eliteRequestId: request.requestId, productId: null, printOrderId: null, amount: 125_000 });
    expect(payment.user?.id).toBe(request.author.id);
    expect(await em().count(BookCredit, { payment: payment.id })).toBe(0);

    await act.sendMail('purchase-receipt', payment.id);
    const receipt = await waitForSubject(request.author.email, `Your receipt: Elite Service: ${request.topic}`);
    expect(receipt.text).toContain('Amount: $1,250.00');

    // The worker dies after the SMTP server took the receipt, before its delivery was recorded: the retry sends it again,
    // as the same message (one Message-ID, made from the delivery's key), which the author's mail system shows once.
    const key = `purchase-receipt:${payment.id}`;
    expect(await em().nativeDelete(MailDelivery, { key })).toBe(1);
    await act.sendMail('purchase-receipt', payment.id);
    const copies = await waitForMail(request.author.email, 2);
    expect(copies.map((copy) => copy.subject)).toEqual([receipt.subject, receipt.subject]);
    expect(copies[0]?.messageId).toMatch(/^<?[0-9a-f]{40}@pressroom\.local>?$/);
    expect(copies[1]?.messageId).toBe(copies[0]?.messageId);
  });

  it("is found from the session's metadata when this server did not record the session, held to the accepted quote", async () => {
    const request = await insertRequest();
    const quote = quoteRecord({ amountCents: 50_000 });
    await act.saveEliteQuote(request.requestId, quote);
    await act.closeEliteQuote(quote.id, 'accepted');
    const applied = await apply({ id: newSessionId(), amount_total: 50_000, metadata: { ...eliteCheckoutMetadata(request.requestId, null) } });
    expect(applied).toMatchObject({ newlyPaid: true, eliteRequestId: request.requestId });
    const payment = await em().findOneOrFail(Payment, { id: applied.paymentId as string });
    expect(payment).toMatchObject({ eliteRequestId: request.requestId, productId: null, amount: 50_000 });
    expect(payment.user?.id).toBe(request.author.id);
  });
});

describe('Elite event mail', () => {
  const mailFor = async (request: TestRequest, kind: EliteEventKind, overrides: Partial<EliteEventRecord> = {}, after = state()) => {
    const recorded = event(kind, overrides);
    await act.recordEliteEvent(request.requestId, recorded, after);
    return act.sendMail('elite-event', eliteEventMailId(request.requestId, recorded.id));
  };

  it('tells the team of a new request with its notification payload and links, and confirms it to the author, once', async () => {
    const request = await insertRequest();
    const received = event('received');
    await act.recordEliteEvent(request.requestId, received, state());
    expect(await act.sendMail('elite-event', eliteEventMailId(request.requestId, received.id))).toEqual({ sent: 2 });
    expect(await act.sendMail('elite-event', eliteEventMailId(request.requestId, received.id))).toEqual({ sent: 0 });

    const notice = await waitForSubject(config.SUPPORT_EMAIL, request.topic);
    expect(notice.subject).toBe(`New Elite Service request from Ada Writer: ${request.topic}`);
    for (const line of [
      `user_id: ${request.author.id}`,
      'type: elite_service_request',
      `book_id: ${request.bookId}`,
      `book_title: ${request.topic}`,
      `user_email: ${request.author.email}`,
      'contact_method: email',
      'preferred_timeline: 2-weeks',
      'print_quantity: 10-25',
      'budget_range: 500-1000',
      'additional_requirements: Bigger margins, please',
      'pdf_available: true',
      'dashboard_url: http://localhost:4273/dashboard',
      `${config.PORTAL_URL}/admin/elite-requests/${request.requestId}/show`,
      `${config.TEMPORAL_UI_URL}/namespaces/${config.TEMPORAL_NAMESPACE}/workflows/elite-${request.requestId}`,
    ]) {
      expect(notice.text).toContain(line);
    }

    const [confirmation] = await waitForMail(request.author.email);
    expect(confirmation?.subject).toBe(`We received your Elite Service request: ${request.topic}`);
    expect(confirmation?.text).toContain(`Our team contacts you within ${SUPPORT_PROMISES.contact}, and you receive a detailed quote and timeline within ${SUPPORT_PROMISES.quote}.`);
    expect(confirmation?.text).toContain(`${config.PORTAL_URL}/elite-requests/${request.requestId}`);
    expect((await mailTo(request.author.email)).length).toBe(1);
  });

  it('sends the quote to the author, the acceptance to the assigned member, and a breach to every admin', async () => {
    const request = await insertRequest();
    const member = await newAuthor(deps.orm, 'Tess Team');
    const admin = await newAuthor(deps.orm, 'Ada Admin');
    await sql(config.DATABASE_URL, `update profiles set role = 'admin' where id = $1`, [admin.id]);
    const assigned = state({ assignee: { id: member.id, email: member.email } });
    const quote = quoteRecord();
    await act.saveEliteQuote(request.requestId, quote);

    expect(await mailFor(request, 'quote_sent', { by: member.email, data: { quoteId: quote.id } }, { ...assigned, status: 'quoted' })).toEqual({ sent: 1 });
    const quoted = await waitForSubject(request.author.email, 'Your Elite Service quote');
    for (const line of ['Amount: $1,250.00', 'Copies: 12 copies', 'Timeline: Three weeks', 'Includes: Editing\nCover design', 'Message: Here is our offer.']) expect(quoted.text).toContain(line);

    expect(await mailFor(request, 'quote_accepted', { by: request.author.email }, { ...assigned, status: 'awaiting_payment' })).toEqual({ sent: 1 });
    const accepted = await waitForSubject(member.email, 'accepted the quote');
    expect(accepted.text).toContain(`${config.PORTAL_URL}/admin/elite-requests/${request.requestId}/show`);

    // A step of the team's own is the author's news only: kept for their digest by default (libs/domain/mail-preferences.ts).
    expect(await mailFor(request, 'step_started', { by: member.email, step: 'editing' }, { ...assigned, status: 'in_production', step: 'editing', stepStarted: true })).toEqual({ sent: 0, queued: 1 });
    expect(await em().count(MailDigestItem, { user: request.author.id, subject: `Editing has started: ${request.topic}` })).toBe(1);

    const breached = { ...assigned, promises: [{ name: 'quote' as const, dueAt: '2026-11-23T10:00:00.000Z', metAt: null, remindedAt: '2026-11-23T06:00:00.000Z', breachedAt: '2026-11-23T10:00:00.000Z' }] };
    const sent = await mailFor(request, 'sla_breached', { data: { promise: 'quote' } }, breached);
    expect(sent.sent).toBeGreaterThanOrEqual(1);
    const escalation = await waitForSubject(admin.email, 'SLA breached');
    expect(escalation.subject).toBe(`SLA breached: Quote within 24 hours: ${request.topic}`);
    expect(escalation.text).toContain('due Mon, 23 Nov 2026 10:00:00 GMT');
    expect(await mailTo(member.email)).toHaveLength(1);
  });

  it("tells the team of the author's cancellation but not of its own", async () => {
    const byAuthor = await insertRequest();
    expect(await mailFor(byAuthor, 'cancelled', { by: byAuthor.author.email, note: 'Changed my mind' }, state({ status: 'cancelled', cancelReason: 'Changed my mind' }))).toEqual({ sent: 2 });
    const notice = await waitForSubject(config.SUPPORT_EMAIL, `Elite request cancelled: ${byAuthor.topic}`);
    expect(notice.text).toContain('Reason: Changed my mind');

    const byTeam = await insertRequest();
    expect(await mailFor(byTeam, 'cancelled', { by: 'team@example.com', note: 'Out of scope' }, state({ status: 'cancelled', cancelReason: 'Out of scope' }))).toEqual({ sent: 1 });
    const told = await waitForSubject(byTeam.author.email, 'was cancelled');
    expect(told.text).toContain('Reason: Out of scope');
  });

  it("tells the author of a rebuilt book once per run, and the team alone of a rebuild that failed; the timeline's own events mail no one", async () => {
    const request = await insertRequest();
    await sql(config.DATABASE_URL, `insert into mail_preferences (user_id, choices, updated_at) values ($1, '{"elite_progress":"now"}', now())`, [request.author.id]);
    const producing = state({ status: 'in_production', step: 'editing', stepStarted: true });
    expect(await mailFor(request, 'book_rebuilt', { note: 'The book could not be rebuilt: Typst failed', data: { run: 3, error: 'Typst failed' } }, producing)).toEqual({ sent: 1 });
    const failed = await waitForSubject(config.SUPPORT_EMAIL, `The revised book could not be rebuilt: ${request.topic}`);
    expect(failed.text).toContain('Note: The book could not be rebuilt: Typst failed');
    expect(await mailFor(request, 'revision_uploaded', { by: 'team@example.com', note: 'manuscript.md' }, producing)).toEqual({ sent: 0 });
    expect(await mailFor(request, 'book_rebuilt', { note: 'The book was rebuilt: 42 pages', data: { run: 4, pageCount: 42 } }, producing)).toEqual({ sent: 1 });
    const rebuilt = await waitForSubject(request.author.email, `Your revised book is ready: ${request.topic}`);
    expect(rebuilt.text).toContain('Note: The book was rebuilt: 42 pages');
    expect(await mailTo(request.author.email)).toHaveLength(1);
    expect(await em().count(Notification, { user: request.author.id })).toBe(1);
    // The same run rebuilt again (its cover redrawn for the press, as runs from before press-cover-per-proof did) is the same news: not mailed twice.
    expect(await mailFor(request, 'book_rebuilt', { note: 'The cover was drawn again', data: { run: 4, pageCount: 42 } }, producing)).toEqual({ sent: 0 });
    expect(await mailTo(request.author.email)).toHaveLength(1);
  });
});
