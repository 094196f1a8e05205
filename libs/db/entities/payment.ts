import { defineEntity, p } from '@mikro-orm/core';
import { BOOK_CREDIT_STATUSES, PAYMENT_STATUSES, PRODUCT_IDS } from '../../domain/index.ts';
import { User } from './user.ts';

/** A Checkout Session this server created: who started it and for what (the webhook's event is checked against it). */
export const CheckoutSessionSchema = defineEntity({
  name: 'CheckoutSession',
  tableName: 'checkout_sessions',
  properties: {
    /** Stripe's id (cs_…). */
    id: p.string().primary(),
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** One of the offers, or null for a print order's payment (then printOrderId is set). */
    productId: p.enum(PRODUCT_IDS).nullable(),
    printOrderId: p.uuid().nullable(),
    /** An Elite request's quote being paid (then productId is null too). */
    eliteRequestId: p.uuid().nullable(),
    /** A sale from the shop being paid (then productId is null too). */
    saleId: p.uuid().nullable(),
    priceId: p.string(),
    mode: p.string(),
    /** Cents. */
    amount: p.integer(),
    currency: p.string(),
    customerEmail: p.string().nullable(),
    successUrl: p.text(),
    cancelUrl: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class CheckoutSession extends CheckoutSessionSchema.class {}
CheckoutSessionSchema.setClass(CheckoutSession);

/** Every verified Stripe event, stored once by its id before anything acts on it. */
export const StripeEventSchema = defineEntity({
  name: 'StripeEvent',
  tableName: 'stripe_events',
  properties: {
    id: p.string().primary(),
    type: p.string(),
    payload: p.json<Record<string, unknown>>(),
    receivedAt: p.datetime(),
    processedAt: p.datetime().nullable(),
  },
});
export class StripeEvent extends StripeEventSchema.class {}
StripeEventSchema.setClass(StripeEvent);

/** One Checkout Session's payment: its state follows the session's events. */
export const PaymentSchema = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  properties: {
    id: p.uuid().primary(),
    /** Null for a signed-out buyer until they sign in with the checkout's e-mail. */
    user: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    email: p.string().nullable(),
    /** One of the offers, or null for a print order's payment (then printOrderId is set). */
    productId: p.enum(PRODUCT_IDS).nullable(),
    printOrderId: p.uuid().nullable().index(),
    eliteRequestId: p.uuid().nullable().index(),
    saleId: p.uuid().nullable().index(),
    priceId: p.string(),
    /** Cents. */
    amount: p.integer(),
    currency: p.string(),
    status: p.enum(PAYMENT_STATUSES),
    /** Why Stripe's session does not match what Pressroom created (status 'mismatch'): shown to the team, nothing fulfilled. */
    mismatch: p.text().nullable(),
    stripeSessionId: p.string().unique(),
    stripePaymentIntentId: p.string().nullable(),
    stripeCustomerId: p.string().nullable(),
    lastEventId: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
    paidAt: p.datetime().nullable(),
  },
});
export class Payment extends PaymentSchema.class {}
PaymentSchema.setClass(Payment);

/** One book on a paid provider, bought with an AI Book Generator payment. */
export const BookCreditSchema = defineEntity({
  name: 'BookCredit',
  tableName: 'book_credits',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).nullable().deleteRule('cascade'),
    payment: () => p.manyToOne(Payment).unique().deleteRule('cascade'),
    status: p.enum(BOOK_CREDIT_STATUSES).default('available'),
    /** The book holding (reserved) or having spent it. */
    projectId: p.uuid().nullable().index(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
  indexes: [{ properties: ['user', 'status'] }],
});
export class BookCredit extends BookCreditSchema.class {}
BookCreditSchema.setClass(BookCredit);

/** The Elite buyer's project-details form (§3): visible fields as columns, the hidden ones as recorded. */
export const EliteProjectDetailsSchema = defineEntity({
  name: 'EliteProjectDetails',
  tableName: 'elite_project_details',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    payment: () => p.manyToOne(Payment).deleteRule('cascade').index(),
    name: p.string(),
    email: p.string(),
    bookTopic: p.string(),
    bookDescription: p.text(),
    timeline: p.string().nullable(),
    additionalNotes: p.text().nullable(),
    hidden: p.json<Record<string, string>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class EliteProjectDetails extends EliteProjectDetailsSchema.class {}
EliteProjectDetailsSchema.setClass(EliteProjectDetails);

/** A message that was sent, keyed by what it was for: sending checks here first, so nothing is mailed twice. */
export const MailDeliverySchema = defineEntity({
  name: 'MailDelivery',
  tableName: 'mail_deliveries',
  properties: {
    key: p.string().primary(),
    recipient: p.string(),
    subject: p.string(),
    sentAt: p.datetime(),
  },
});
export class MailDelivery extends MailDeliverySchema.class {}
MailDeliverySchema.setClass(MailDelivery);
