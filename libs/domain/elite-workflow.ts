// The `elite-<requestId>` workflow's state and the records it hands its activities (libs/domain, because the
// activities that write the request's projection read them, and activities import only libs/): queried by the API,
// carried into the next run by continue-as-new.

import { ELITE_PREPAID_COPIES, type EliteEventKind, type EliteProofState, type ElitePromiseName, type EliteStatus, type EliteStep } from './elite.ts';
import type { ShippingAddress } from './shipping-address.ts';


/** One promise's timer (ISO times): due, and when it was met, reminded and breached. */
export interface PromiseState {
  name: ElitePromiseName;
  dueAt: string;
  metAt: string | null;
  remindedAt: string | null;
  breachedAt: string | null;
}

/** The quote in force: what accepting it makes the author pay, and until when it can be accepted. */
export interface QuoteState {
  id: string;
  amountCents: number;
  currency: string;
  copies: number;
  validUntil: string;
}

/** Everything the workflow knows of its request: queried by the API, carried into the next run by continue-as-new. */
export interface EliteState {
  status: EliteStatus;
  step: EliteStep | null;
  stepStarted: boolean;
  proof: EliteProofState | null;
  /** Proof rounds sent so far. */
  proofRound: number;
  /** The request's book has its PDF and cover (a proof can be sent). */
  bookReady: boolean;
  assignee: { id: string; email: string } | null;
  quote: QuoteState | null;
  firstQuotedAt: string | null;
  /** While awaiting payment: until when, and the Checkout Session that paid it once paid. */
  payBy: string | null;
  paidWith: string | null;
  paidAt: string | null;
  copies: number | null;
  shippingAddress: ShippingAddress | null;
  printOrderId: string | null;
  productionStartedAt: string | null;
  /** When the print order shipped (runs from before the shipped status have none). */
  shippedAt?: string | null;
  deliveredAt: string | null;
  completedAt: string | null;
  cancelReason: string | null;
  promises: PromiseState[];
  /** The received mails went out (the first run sends them once). */
  announced: boolean;
}

/** Where a new request starts: waiting for its quote, or (paid up front) in production at editing with the copies the offer includes. */
export const eliteStart = (prepaid: boolean): Pick<EliteState, 'status' | 'step' | 'copies'> =>
  prepaid ? { status: 'in_production', step: 'editing', copies: ELITE_PREPAID_COPIES } : { status: 'received', step: null, copies: null };

/** One timeline event as the workflow made it: its id (the workflow's uuid4) makes a retried write find itself. */
export interface EliteEventRecord {
  id: string;
  at: string;
  kind: EliteEventKind;
  /** The actor's e-mail, or null for the workflow itself (a timer, the provider, a payment). */
  by: string | null;
  note?: string | null;
  step?: EliteStep | null;
  data?: Record<string, unknown>;
}

/** A quote the team sent, as the workflow hands it to be stored. */
export interface EliteQuoteRecord {
  id: string;
  amountCents: number;
  currency: string;
  copies: number;
  timeline: string;
  includes: string[];
  message: string;
  sentBy: string;
  sentAt: string;
  validUntil: string;
}
