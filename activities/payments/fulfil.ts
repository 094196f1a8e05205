import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { BookCredit, CheckoutSession, EliteQuote, EliteRequest, Payment, PrintOrder, Profile, Sale, StripeEvent, User } from '../../libs/db/index.ts';
import { chargeMismatch, isUuid, PaymentMismatchMessages, PRODUCT_IDS, productOffer, toCents, type ExpectedCharge, type PaymentStatus, type ProductId } from '../../libs/domain/index.ts';
import { amountInCents, type CheckoutDeps, type CheckoutSessionFields } from '../../libs/payments/index.ts';
import { sessionLineItems, type StatedLineItems } from './line-items.ts';

export interface AppliedEvent {
  /** The payment the event is about; null when it names no usable Checkout Session. */
  paymentId: string | null;
  /** This event is the one that made the payment paid: its receipt is due. */
  newlyPaid: boolean;
  /** The print order the payment is for (its workflow waits for it), and the session that paid it; null for an offer. */
  printOrderId: string | null;
  /** The Elite request whose accepted quote the payment is for (its workflow waits for it); null otherwise. */
  eliteRequestId: string | null;
  /** The shop sale the payment is for (its workflow waits for it); null otherwise. */
  saleId: string | null;
  sessionId: string | null;
}

const NOTHING: AppliedEvent = { paymentId: null, newlyPaid: false, printOrderId: null, eliteRequestId: null, saleId: null, sessionId: null };

/** The status a Checkout Session event asks for; null for an event that is not about a Checkout Session's payment. */
function requestedStatus(type: string, session: Partial<CheckoutSessionFields>): PaymentStatus | null {
  switch (type) {
    case 'checkout.session.completed':
      // Cards are paid at completion; delayed methods (bank debits) complete unpaid and report later.
      return session.payment_status === 'unpaid' ? 'pending' : 'paid';
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'expired';
    default:
      return null;
  }
}

/**
 * Events may arrive late or twice: paid is final, pending only ever opens a payment, failed and expired end an unpaid
 * one. A session that does not charge what Pressroom created it for is a mismatch, and stays one: nothing is fulfilled.
 */
function statusAfter(current: PaymentStatus | null, requested: PaymentStatus, mismatched: boolean): PaymentStatus {
  if (current === 'paid' || current === 'mismatch') return current;
  if (mismatched) return 'mismatch';
  if (current === null) return requested;
  if (requested === 'pending') return current;
  return requested;
}

/** An offer (productId), a print order's copies (printOrderId), an Elite request's quote (eliteRequestId) or a shop sale (saleId): one of them. */
interface Purchase {
  productId: ProductId | null;
  printOrderId: string | null;
  eliteRequestId: string | null;
  saleId: string | null;
  priceId: string;
  /** What the session says it charged (cents), or what was expected when it says nothing. */
  amount: number;
  currency: string;
  user: User | null;
  /** What Pressroom created the session for; null when it priced nothing (an Elite request without an accepted quote). */
  expected: ExpectedCharge | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** What was bought and by whom: from the session this server started, else from what the session itself carries. */
async function purchaseOf(em: EntityManager, session: Partial<CheckoutSessionFields> & { id: string }): Promise<Purchase | null> {
  const started = await em.findOne(CheckoutSession, { id: session.id }, { populate: ['user'] });
  if (started) {
    return {
      productId: started.productId ?? null,
      printOrderId: started.printOrderId ?? null,
      eliteRequestId: started.eliteRequestId ?? null,
      saleId: started.saleId ?? null,
      priceId: started.priceId,
      ...charged(session, started.amount, started.currency),
      user: started.user ?? null,
      expected: { amount: started.amount, currency: started.currency, priceId: started.productId ? started.priceId : null },
    };
  }
  const metadata = session.metadata ?? {};
  const printOrderId = text(metadata.print_order_id);
  if (printOrderId) return printPurchaseOf(em, session, printOrderId);
  const eliteRequestId = text(metadata.elite_request_id);
  if (eliteRequestId) return elitePurchaseOf(em, session, eliteRequestId);
  const saleId = text(metadata.sale_id);
  if (saleId) return salePurchaseOf(em, session, saleId);
  const productId = PRODUCT_IDS.find((id) => id === metadata.product_id);
  if (!productId) return null;
  const offer = productOffer(productId);
  const userId = text(metadata.user_id) ?? text(session.client_reference_id);
  const user = userId && isUuid(userId) ? await em.findOne(User, { id: userId }) : null;
  return {
    productId,
    printOrderId: null,
    eliteRequestId: null,
    saleId: null,
    priceId: text(metadata.price_id) ?? '',
    ...charged(session, amountInCents(offer), offer.currency),
    user,
    expected: { amount: amountInCents(offer), currency: offer.currency },
  };
}

/** What the session says it charged; what was expected where it says nothing (the mismatch names that). */
const charged = (session: Partial<CheckoutSessionFields>, amount: number, currency: string) => ({
  amount: typeof session.amount_total === 'number' ? session.amount_total : amount,
  currency: text(session.currency)?.toLowerCase() ?? currency.toLowerCase(),
});

/** A print order's payment known only from its session (one this server did not record): the order names the buyer. */
async function printPurchaseOf(em: EntityManager, session: Partial<CheckoutSessionFields>, printOrderId: string): Promise<Purchase | null> {
  const order = isUuid(printOrderId) ? await em.findOne(PrintOrder, { id: printOrderId }, { populate: ['user'] }) : null;
  if (!order) return null;
  const expected = { amount: toCents(order.totalCost), currency: order.currency.toLowerCase() };
  return { productId: null, printOrderId: order.id, eliteRequestId: null, saleId: null, priceId: '', ...charged(session, expected.amount, expected.currency), user: order.user ?? null, expected };
}

/** An Elite quote's payment known only from its session: the request names the buyer, its accepted quote the amount. */
async function elitePurchaseOf(em: EntityManager, session: Partial<CheckoutSessionFields>, eliteRequestId: string): Promise<Purchase | null> {
  const request = isUuid(eliteRequestId) ? await em.findOne(EliteRequest, { id: eliteRequestId }, { populate: ['user'] }) : null;
  if (!request) return null;
  const quote = await em.findOne(EliteQuote, { request: request.id, status: 'accepted' });
  const expected = quote ? { amount: quote.amountCents, currency: quote.currency.toLowerCase() } : null;
  return {
    productId: null,
    printOrderId: null,
    eliteRequestId: request.id,
    saleId: null,
    priceId: '',
    ...charged(session, expected?.amount ?? 0, expected?.currency ?? 'usd'),
    user: request.user,
    expected,
  };
}

/** A sale's payment known only from its session: the sale names the buyer and the amount. */
async function salePurchaseOf(em: EntityManager, session: Partial<CheckoutSessionFields>, saleId: string): Promise<Purchase | null> {
  const sale = isUuid(saleId) ? await em.findOne(Sale, { id: saleId }, { populate: ['buyer'] }) : null;
  if (!sale) return null;
  const expected = { amount: sale.priceCents, currency: sale.currency.toLowerCase() };
  return { productId: null, printOrderId: null, eliteRequestId: null, saleId: sale.id, priceId: '', ...charged(session, expected.amount, expected.currency), user: sale.buyer ?? null, expected };
}

/** What a newly paid payment grants: a book credit (AI Book Generator) or the Elite entitlement on the buyer's profile. */
async function grant(em: EntityManager, payment: Payment): Promise<void> {
  // A print order's or an Elite quote's payment grants nothing here: its workflow, told by the payment workflow, goes on.
  if (!payment.productId) return;
  if (productOffer(payment.productId).grants === 'book_credit') {
    em.create(BookCredit, { id: randomUUID(), user: payment.user ?? null, payment, status: 'available' });
    return;
  }
  if (!payment.user) return;
  const profile = await em.findOne(Profile, { user: payment.user.id });
  if (profile) profile.subscriptionStatus = 'active';
}

const sessionOf = (event: StripeEvent) => ((event.payload.data as { object?: unknown } | undefined)?.object ?? {}) as Partial<CheckoutSessionFields>;

/** The line items of the session an event may pay (read from Stripe, outside any transaction); undefined without any to read. */
async function lineItemsOf(orm: MikroORM, checkout: CheckoutDeps, eventId: string): Promise<StatedLineItems | undefined> {
  const event = await orm.em.fork().findOne(StripeEvent, { id: eventId });
  const session = event ? sessionOf(event) : {};
  const paying = event?.type === 'checkout.session.completed' || event?.type === 'checkout.session.async_payment_succeeded';
  const sessionId = text(session.id);
  return paying && session.object === 'checkout.session' && sessionId ? sessionLineItems(checkout, sessionId) : undefined;
}

/** Applies one stored event to the payment of its session, in the caller's transaction. */
async function apply(em: EntityManager, event: StripeEvent, lineItems: StatedLineItems | undefined): Promise<AppliedEvent> {
  const session = sessionOf(event);
  const requested = session.object === 'checkout.session' ? requestedStatus(event.type, session) : null;
  const sessionId = text(session.id);
  if (!requested || !sessionId) return NOTHING;
  // Events of one session are applied one at a time, whatever order and however often they come.
  await em.getConnection().execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`payment:${sessionId}`], 'all', em.getTransactionContext());

  let payment = await em.findOne(Payment, { stripeSessionId: sessionId }, { populate: ['user'] });
  const purchase = await purchaseOf(em, { ...session, id: sessionId });
  if (!payment && !purchase) return NOTHING;
  // Every event is held against what Pressroom created (a session it cannot place again, against its first event's charge).
  const expected = purchase ? purchase.expected : payment ? { amount: payment.amount, currency: payment.currency } : null;
  const mismatch = expected ? chargeMismatch(expected, lineItems ? { ...session, line_items: lineItems } : session) : PaymentMismatchMessages.unpriced;
  const current = payment?.status ?? null;
  const status = statusAfter(current, requested, mismatch !== null);
  const now = new Date();
  if (!payment) {
    const { expected: _, ...bought } = purchase as Purchase;
    payment = em.create(Payment, { id: randomUUID(), ...bought, status, stripeSessionId: sessionId, lastEventId: event.id });
  } else if (status !== current) {
    payment.status = status;
    payment.lastEventId = event.id;
  }
  if (status === 'mismatch') payment.mismatch ??= mismatch;
  payment.email = text(session.customer_details?.email) ?? text(session.customer_email) ?? payment.email ?? payment.user?.email ?? null;
  payment.stripePaymentIntentId = text(session.payment_intent) ?? payment.stripePaymentIntentId ?? null;
  payment.stripeCustomerId = text(session.customer) ?? payment.stripeCustomerId ?? null;
  if (status === 'paid' && current !== 'paid') {
    payment.paidAt = now;
    await grant(em, payment);
  }
  // A retry of the event that paid (its first attempt committed but was not reported) still asks for the receipt;
  // the receipt itself is sent once whatever asks.
  return {
    paymentId: payment.id,
    newlyPaid: payment.status === 'paid' && payment.lastEventId === event.id,
    printOrderId: payment.printOrderId ?? null,
    eliteRequestId: payment.eliteRequestId ?? null,
    saleId: payment.saleId ?? null,
    sessionId,
  };
}

export function createPaymentActivities({ orm, checkout }: { orm: MikroORM; checkout: CheckoutDeps }) {
  return {
    /**
     * Brings the payment of a stored Stripe event's Checkout Session up to date, and grants what a new payment buys
     * when the session charged what Pressroom created it for.
     */
    async applyStripeEvent(eventId: string): Promise<AppliedEvent> {
      const lineItems = await lineItemsOf(orm, checkout, eventId);
      return orm.em.fork().transactional(async (em) => {
        const event = await em.findOne(StripeEvent, { id: eventId });
        if (!event) return NOTHING;
        const applied = await apply(em, event, lineItems);
        event.processedAt = new Date();
        return applied;
      });
    },
  };
}
