import type { EntityManager } from '@mikro-orm/postgresql';
import type { ElitePrintOrderSummary, EliteQuoteView, EliteRequestView } from '../../../../libs/contracts/index.ts';
import { EliteProof, EliteQuote, EliteRequest, EliteRequestEvent, type PrintOrder } from '../../../../libs/db/index.ts';
import { DEFAULT_PAPER, DEFAULT_TRIM_SIZE, elitePromiseLabel, ELITE_STATUS_LABELS, eliteActionsFor, type EliteActorRole, type EliteFacts, type EliteStatus } from '../../../../libs/domain/index.ts';
import { printOrdersByIds } from '../print-orders/print-orders.module.ts';

/** Where the caller downloads a proof round's files (the author's routes, or the back office's). */
export type EliteProofUrls = (round: number) => { pdf_url: string; cover_url: string };

/** The author's routes for a request's proof files. */
export const authorProofUrls =
  (requestId: string): EliteProofUrls =>
  (round) => ({ pdf_url: `/api/elite-requests/${requestId}/proofs/${round}/pdf`, cover_url: `/api/elite-requests/${requestId}/proofs/${round}/cover` });

/** The relations a view reads from the row itself: load rows with `populate: ELITE_VIEW_POPULATE`. */
export const ELITE_VIEW_POPULATE = ['bookProject.generatorProject'] as const;

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** The request's book has its PDF and cover: a proof can be made of it. */
export function eliteBookReady(row: EliteRequest): boolean {
  const project = row.bookProject?.generatorProject;
  // While a revision is being rebuilt the workflow refuses a proof, so the buttons do too.
  return Boolean(project?.pdfKey && project.coverPdfKey) && project?.buildStatus !== 'building';
}

/** What the action rule of libs/domain needs to know of the request, as its projection says. */
export function eliteFactsOf(row: EliteRequest): EliteFacts {
  return { status: row.status, step: row.step ?? null, stepStarted: row.stepStarted, proof: row.proofState ?? null, bookReady: eliteBookReady(row) };
}

export function eliteQuoteView(quote: EliteQuote): EliteQuoteView {
  return {
    id: quote.id,
    amount_cents: quote.amountCents,
    currency: quote.currency,
    copies: quote.copies,
    timeline: quote.timeline,
    includes: quote.includes,
    message: quote.message,
    sent_by: quote.sentBy,
    sent_at: quote.sentAt.toISOString(),
    valid_until: quote.validUntil.toISOString(),
    status: quote.status,
  };
}

function printOrderSummary(order: PrintOrder): ElitePrintOrderSummary {
  return {
    id: order.id,
    order_status: order.orderStatus,
    quantity: order.quantity,
    tracking_id: order.trackingId ?? null,
    carrier_name: order.carrierName ?? null,
    tracking_urls: order.trackingUrls ?? [],
    shipped_at: iso(order.shippedAt),
  };
}

/**
 * Requests as their author (role 'author') or the team (role 'team') reads them: the row with its timeline (oldest
 * first), proof rounds, the quote in force, its book, print order and promises, and the actions open to the caller.
 * Load the rows with ELITE_VIEW_POPULATE; the rest is read here in one query per kind, whatever the number of rows.
 * The one home of the view: the back office builds its own by adding its fields to this one.
 */
export async function loadEliteRequestViews(em: EntityManager, rows: EliteRequest[], role: EliteActorRole, urls: (row: EliteRequest) => EliteProofUrls): Promise<EliteRequestView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const orderIds = rows.flatMap((row) => (row.printOrderId ? [row.printOrderId] : []));
  const [events, proofs, quotes, orders] = await Promise.all([
    em.find(EliteRequestEvent, { request: { $in: ids } }, { orderBy: { at: 'asc', id: 'asc' } }),
    em.find(EliteProof, { request: { $in: ids } }, { orderBy: { round: 'asc' } }),
    em.find(EliteQuote, { request: { $in: ids }, status: { $in: ['open', 'accepted'] } }, { orderBy: { sentAt: 'desc', id: 'desc' } }),
    printOrdersByIds(em, orderIds),
  ]);
  const of = <T extends { request: { id: string } }>(list: T[], id: string) => list.filter((item) => item.request.id === id);
  return rows.map((row) => {
    const project = row.bookProject?.generatorProject;
    const book = row.bookProject
      ? { id: row.bookProject.id, title: row.bookProject.title, author: row.bookProject.author, pdf_available: Boolean(project?.pdfKey), cover_available: Boolean(project?.coverPdfKey), trim_size: project?.trimSize ?? DEFAULT_TRIM_SIZE, paper: project?.paper ?? DEFAULT_PAPER }
      : null;
    const quote = of(quotes, row.id)[0];
    const order = row.printOrderId ? orders.find((o) => o.id === row.printOrderId) : undefined;
    const proofUrls = urls(row);
    const status: EliteStatus = row.status;
    const awaitingPayment = status === 'awaiting_payment';
    // Once the books have shipped no production step is in hand (runs from before kept "printing, started").
    const produced = status === 'shipped' || status === 'delivered' || status === 'completed';
    return {
      id: row.id,
      status,
      status_label: ELITE_STATUS_LABELS[status],
      step: produced ? null : (row.step ?? null),
      step_started: produced ? false : row.stepStarted,
      proof_state: row.proofState ?? null,
      prepaid: row.prepaid,
      book,
      topic: row.topic,
      contact_method: row.contactMethod,
      preferred_timeline: row.preferredTimeline ?? null,
      print_quantity: row.printQuantity ?? null,
      budget_range: row.budgetRange ?? null,
      additional_requirements: row.additionalRequirements ?? null,
      user_name: row.userName,
      user_email: row.userEmail,
      user_phone: row.userPhone ?? null,
      quote: quote ? eliteQuoteView(quote) : null,
      checkout_url: awaitingPayment ? (row.checkoutUrl ?? null) : null,
      pay_by: awaitingPayment ? iso(row.payBy) : null,
      copies: row.copies ?? null,
      shipping_address: row.shippingAddress ?? null,
      print_order: order ? printOrderSummary(order) : null,
      promises: (row.promises ?? []).map((promise) => ({
        name: promise.name,
        label: elitePromiseLabel(promise.name, row.copies),
        due_at: promise.dueAt,
        met_at: promise.metAt,
        reminded_at: promise.remindedAt,
        breached_at: promise.breachedAt,
      })),
      sla_breached: row.slaBreached,
      due_at: iso(row.dueAt),
      cancel_reason: row.cancelReason ?? null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      timeline: of(events, row.id).map((event) => ({ id: event.id, at: event.at.toISOString(), kind: event.kind, by: event.by ?? null, note: event.note ?? null, step: event.step ?? null })),
      proofs: of(proofs, row.id).map((proof) => ({
        round: proof.round,
        note: proof.note ?? null,
        sent_by: proof.sentBy,
        sent_at: proof.sentAt.toISOString(),
        decision: proof.decision ?? null,
        comment: proof.comment ?? null,
        decided_at: iso(proof.decidedAt),
        ...proofUrls(proof.round),
      })),
      actions: eliteActionsFor(eliteFactsOf(row), role),
    };
  });
}

/** One request's view (see loadEliteRequestViews). */
export async function loadEliteRequestView(em: EntityManager, row: EliteRequest, role: EliteActorRole, urls: EliteProofUrls): Promise<EliteRequestView> {
  const [view] = await loadEliteRequestViews(em, [row], role, () => urls);
  return view as EliteRequestView;
}
