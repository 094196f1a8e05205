import { defineEntity, p } from '@mikro-orm/core';
import {
  ELITE_BUDGETS,
  ELITE_CONTACT_METHODS,
  ELITE_EVENT_KINDS,
  ELITE_PRINT_QUANTITIES,
  ELITE_STATUSES,
  ELITE_STEPS,
  type EliteQuoteStatus,
  type EliteRequestData,
  type PromiseState,
  type ShippingAddress,
} from '../../domain/index.ts';
import { BookProject } from './book-project.ts';
import { EliteProjectDetails, Payment } from './payment.ts';
import { User } from './user.ts';

/** One promise's timer as the workflow last recorded it. */
export type ElitePromiseRecord = PromiseState;

/**
 * An Elite Service request. Its `elite-<id>` workflow owns the process; activities write this projection (status,
 * step, promises, the quote's checkout), which the dashboard, the back office and the API read.
 */
export const EliteRequestSchema = defineEntity({
  name: 'EliteRequest',
  tableName: 'elite_requests',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    /** The book it is about; null for a request paid up front until its first revision makes one. */
    bookProject: () => p.manyToOne(BookProject).nullable().deleteRule('set null'),
    /** A request paid up front: the project-details form that opened it and the payment. */
    projectDetails: () => p.manyToOne(EliteProjectDetails).nullable().deleteRule('set null'),
    payment: () => p.manyToOne(Payment).nullable().deleteRule('set null'),
    prepaid: p.boolean().default(false),
    topic: p.string(),
    contactMethod: p.enum(ELITE_CONTACT_METHODS),
    preferredTimeline: p.string().nullable(),
    printQuantity: p.enum(ELITE_PRINT_QUANTITIES).nullable(),
    budgetRange: p.enum(ELITE_BUDGETS).nullable(),
    additionalRequirements: p.text().nullable(),
    userName: p.string(),
    userEmail: p.string(),
    userPhone: p.string().nullable(),
    requestData: p.json<EliteRequestData>(),

    status: p.enum(ELITE_STATUSES).default('received'),
    step: p.enum(ELITE_STEPS).nullable(),
    stepStarted: p.boolean().default(false),
    proofState: p.enum(['awaiting_author', 'changes_requested'] as const).nullable(),
    assignee: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** Copies agreed (the quote's, or two for a request paid up front). */
    copies: p.integer().nullable(),
    checkoutUrl: p.text().nullable(),
    stripeSessionId: p.string().nullable(),
    payBy: p.datetime().nullable(),
    paidAt: p.datetime().nullable(),
    shippingAddress: p.json<ShippingAddress>().nullable(),
    printOrderId: p.uuid().nullable(),
    promises: p.json<ElitePromiseRecord[]>().defaultRaw(`'[]'`),
    slaBreached: p.boolean().default(false),
    /** The earliest promise not yet met: the back office's default order. */
    dueAt: p.datetime().nullable().index(),
    firstQuotedAt: p.datetime().nullable(),
    cancelReason: p.text().nullable(),
    deliveredAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class EliteRequest extends EliteRequestSchema.class {}
EliteRequestSchema.setClass(EliteRequest);

/** One event of a request's timeline, keyed by the id its workflow gave it (a retried write finds itself recorded). */
export const EliteRequestEventSchema = defineEntity({
  name: 'EliteRequestEvent',
  tableName: 'elite_request_events',
  properties: {
    id: p.uuid().primary(),
    request: () => p.manyToOne(EliteRequest).deleteRule('cascade').index(),
    at: p.datetime(),
    kind: p.enum(ELITE_EVENT_KINDS),
    /** Who did it (an e-mail), or null for the workflow itself (timers, the provider). */
    by: p.string().nullable(),
    note: p.text().nullable(),
    step: p.enum(ELITE_STEPS).nullable(),
    data: p.json<Record<string, unknown>>().defaultRaw(`'{}'`),
  },
});
export class EliteRequestEvent extends EliteRequestEventSchema.class {}
EliteRequestEventSchema.setClass(EliteRequestEvent);

/** A quote the team sent. A newer quote supersedes an open one; the author accepts or declines the open one. */
export const EliteQuoteSchema = defineEntity({
  name: 'EliteQuote',
  tableName: 'elite_quotes',
  properties: {
    id: p.uuid().primary(),
    request: () => p.manyToOne(EliteRequest).deleteRule('cascade').index(),
    /** US cents. */
    amountCents: p.integer(),
    currency: p.string(),
    copies: p.integer(),
    timeline: p.text(),
    includes: p.json<string[]>(),
    message: p.text(),
    sentBy: p.string(),
    sentAt: p.datetime(),
    validUntil: p.datetime(),
    status: p.enum(['open', 'accepted', 'declined', 'expired', 'superseded'] as const satisfies readonly EliteQuoteStatus[]).default('open'),
  },
});
export class EliteQuote extends EliteQuoteSchema.class {}
EliteQuoteSchema.setClass(EliteQuote);

/** One proof round: copies of the book's PDF and cover as sent, and the author's decision on them. */
export const EliteProofSchema = defineEntity({
  name: 'EliteProof',
  tableName: 'elite_proofs',
  uniques: [{ properties: ['request', 'round'] }],
  properties: {
    id: p.uuid().primary(),
    request: () => p.manyToOne(EliteRequest).deleteRule('cascade'),
    round: p.integer(),
    interiorKey: p.text(),
    coverKey: p.text(),
    note: p.text().nullable(),
    sentBy: p.string(),
    sentAt: p.datetime(),
    decision: p.enum(['approved', 'changes_requested'] as const).nullable(),
    comment: p.text().nullable(),
    decidedBy: p.string().nullable(),
    decidedAt: p.datetime().nullable(),
  },
});
export class EliteProof extends EliteProofSchema.class {}
EliteProofSchema.setClass(EliteProof);

/**
 * A revised manuscript the team uploaded: kept as uploaded, and applied as a new version of the book (the chapters it
 * replaced are kept under previousKey) that a packaging run rebuilds.
 */
export const EliteRevisionSchema = defineEntity({
  name: 'EliteRevision',
  tableName: 'elite_revisions',
  properties: {
    id: p.uuid().primary(),
    request: () => p.manyToOne(EliteRequest).deleteRule('cascade').index(),
    manuscriptKey: p.text(),
    filename: p.string(),
    by: p.string(),
    at: p.datetime(),
    chapters: p.integer().nullable(),
    previousKey: p.text().nullable(),
    packageRun: p.integer().nullable(),
    appliedAt: p.datetime().nullable(),
  },
});
export class EliteRevision extends EliteRevisionSchema.class {}
EliteRevisionSchema.setClass(EliteRevision);
