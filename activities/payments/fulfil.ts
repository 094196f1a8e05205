import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { BookCredit, CheckoutSession, EliteQuote, EliteRequest, Payment, PrintOrder, Profile, StripeEvent, User } from '../../libs/db/index.ts';
import { isUuid, PRODUCT_IDS, productOffer, type PaymentStatus, type ProductId } from '../../libs/domain/index.ts';
import { amountInCents, type CheckoutSessionFields } from '../../libs/payments/index.ts';
import { cents } from '../print/checkout.ts';

export interface AppliedEvent {
  /** The payment the event is about; null when it names no usable Checkout Session. */
  paymentId: string | null;
  /** This event is the one that made the payment paid: its receipt is due. */
  newlyPaid: boolean;
  /** The print order the payment is for (its workflow waits for it), and the session that paid it; null for an offer. */
  printOrderId: string | null;
  /** The Elite request whose accepted quote the payment is for (its workflow waits for it); null otherwise. */
  eliteRequestId: string | null;
  sessionId: string | null;
}

const NOTHING: AppliedEvent = { paymentId: null, newlyPaid: false, printOrderId: null, eliteRequestId: null, sessionId: null };

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

/** Events may arrive late or twice: paid is final, pending only ever opens a payment, failed and expired end an unpaid one. */
function statusAfter(current: PaymentStatus | null, requested: PaymentStatus): PaymentStatus {
  if (current === null) return requested;
  if (current === 'paid' || requested === 'pending') return current;
  return requested;
}

/** An offer (productId), a print order's copies (printOrderId) or an Elite request's quote (eliteRequestId): one of them. */
interface Purchase {
  productId: ProductId | null;
  printOrderId: string | null;
  eliteRequestId: string | null;
  priceId: string;
  amount: number;
  currency: string;
  user: User | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** What was bought and by whom: from the session this server started, else from what the session itself carries. */
async function purchaseOf(em: EntityManager, session: Partial<CheckoutSessionFields> & { id: string }): Promise<Purchase | null> {
  const started = await em.findOne(CheckoutSession, { id: session.id }, { populate: ['user'] });
  if (started) {
    // What Stripe charged is the truth (the price in Stripe may differ from the offer's list price).
    const amount = typeof session.amount_total === 'number' ? session.amount_total : started.amount;
    return {
      productId: started.productId ?? null,
      printOrderId: started.printOrderId ?? null,
      eliteRequestId: started.eliteRequestId ?? null,
      priceId: started.priceId,
      amount,
      currency: text(session.currency) ?? started.currency,
      user: started.user ?? null,
    };
  }
  const metadata = session.metadata ?? {};
  const printOrderId = text(metadata.print_order_id);
  if (printOrderId) return printPurchaseOf(em, session, printOrderId);
  const eliteRequestId = text(metadata.elite_request_id);
  if (eliteRequestId) return elitePurchaseOf(em, session, eliteRequestId);
  const productId = PRODUCT_IDS.find((id) => id === metadata.product_id);
  if (!productId) return null;
  const offer = productOffer(productId);
  const userId = text(metadata.user_id) ?? text(session.client_reference_id);
  const user = userId && isUuid(userId) ? await em.findOne(User, { id: userId }) : null;
  return {
    productId,
    printOrderId: null,
    eliteRequestId: null,
    priceId: text(metadata.price_id) ?? '',
    amount: typeof session.amount_total === 'number' ? session.amount_total : amountInCents(offer),
    currency: text(session.currency) ?? offer.currency,
    user,
  };
}

/** A print order's payment known only from its session (one this server did not record): the order names the buyer. */
async function printPurchaseOf(em: EntityManager, session: Partial<CheckoutSessionFields>, printOrderId: string): Promise<Purchase | null> {
  const order = isUuid(printOrderId) ? await em.findOne(PrintOrder, { id: printOrderId }, { populate: ['user'] }) : null;
  if (!order) return null;
  return {
    productId: null,
    printOrderId: order.id,
    eliteRequestId: null,
    priceId: '',
    amount: typeof session.amount_total === 'number' ? session.amount_total : cents(order.totalCost),
    currency: text(session.currency) ?? order.currency.toLowerCase(),
    user: order.user,
  };
}

/** An Elite quote's payment known only from its session: the request names the buyer, its accepted quote the amount. */
async function elitePurchaseOf(em: EntityManager, session: Partial<CheckoutSessionFields>, eliteRequestId: string): Promise<Purchase | null> {
  const request = isUuid(eliteRequestId) ? await em.findOne(EliteRequest, { id: eliteRequestId }, { populate: ['user'] }) : null;
  if (!request) return null;
  const quote = await em.findOne(EliteQuote, { request: request.id, status: 'accepted' });
  const amount = typeof session.amount_total === 'number' ? session.amount_total : quote?.amountCents;
  if (amount === undefined) return null;
  return {
    productId: null,
    printOrderId: null,
    eliteRequestId: request.id,
    priceId: '',
    amount,
    currency: text(session.currency) ?? quote?.currency.toLowerCase() ?? 'usd',
    user: request.user,
  };
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

/** Applies one stored event to the payment of its session, in the caller's transaction. */
async function apply(em: EntityManager, event: StripeEvent): Promise<AppliedEvent> {
  const session = ((event.payload.data as { object?: unknown } | undefined)?.object ?? {}) as Partial<CheckoutSessionFields>;
  const requested = session.object === 'checkout.session' ? requestedStatus(event.type, session) : null;
  const sessionId = text(session.id);
  if (!requested || !sessionId) return NOTHING;
  // Events of one session are applied one at a time, whatever order and however often they come.
  await em.getConnection().execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`payment:${sessionId}`], 'all', em.getTransactionContext());

  let payment = await em.findOne(Payment, { stripeSessionId: sessionId }, { populate: ['user'] });
  const current = payment?.status ?? null;
  const status = statusAfter(current, requested);
  const now = new Date();
  if (!payment) {
    const purchase = await purchaseOf(em, { ...session, id: sessionId });
    if (!purchase) return NOTHING;
    payment = em.create(Payment, { id: randomUUID(), ...purchase, status, stripeSessionId: sessionId, lastEventId: event.id });
  } else if (status !== current) {
    payment.status = status;
    payment.lastEventId = event.id;
  }
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
    sessionId,
  };
}

export function createPaymentActivities({ orm }: { orm: MikroORM }) {
  return {
    /** Brings the payment of a stored Stripe event's Checkout Session up to date, and grants what a new payment buys. */
    async applyStripeEvent(eventId: string): Promise<AppliedEvent> {
      return orm.em.fork().transactional(async (em) => {
        const event = await em.findOne(StripeEvent, { id: eventId });
        if (!event) return NOTHING;
        const applied = await apply(em, event);
        event.processedAt = new Date();
        return applied;
      });
    },
  };
}
