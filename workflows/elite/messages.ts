import type { Duration } from '@temporalio/common';
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type {
  EliteAction,
  EliteActor,
  EliteDurationName,
  EliteState,
  EliteStep,
  ShippingAddress,
  ShippingLevel,
} from '../../libs/domain/index.ts';

/** Shared by the workflow and the API: how an Elite request is started, read and moved along by its author and the team. */

// The state itself lives in libs/domain, so the activities that write its projection can read it.
export type { EliteState, PromiseState, QuoteState } from '../../libs/domain/index.ts';

export interface EliteInput {
  requestId: string;
  /** Paid up front with the Elite offer: no quote, production starts at once with two copies. */
  prepaid: boolean;
  /** The request's book already has its PDF and cover. */
  bookReady: boolean;
  /** Shortened by tests; defaults in libs/domain ELITE_DURATIONS. */
  durations?: Partial<Record<EliteDurationName, Duration>>;
  /** Shortened by drills: how long a rebuild's typesetting may go without a heartbeat before another worker takes it over. */
  rebuildHeartbeatTimeout?: Duration;
  /** History events one run records before it continues as new (default ELITE_HISTORY_LIMIT). */
  historyLimit?: number;
  /** Set when a run continues as new. */
  state?: EliteState;
}

/** What an action carries beyond who takes it. */
export type EliteActionPayload =
  | { action: 'assign'; assignee: { id: string; email: string } }
  | { action: 'send_quote'; quote: { amountCents: number; currency: string; copies: number; timeline: string; includes: string[]; message: string } }
  | { action: 'accept_quote' }
  | { action: 'decline_quote'; reason?: string }
  | { action: 'start_step'; step: EliteStep; note?: string }
  | { action: 'finish_step'; step: EliteStep; note?: string }
  /** The API stored the manuscript and its elite_revisions row first. */
  | { action: 'upload_revision'; revisionId: string; filename: string }
  | { action: 'send_proof'; note?: string }
  | { action: 'approve_proof'; shippingAddress: ShippingAddress }
  | { action: 'request_changes'; comment: string }
  | { action: 'start_printing'; podPackageId: string; shippingLevel: ShippingLevel }
  | { action: 'cancel'; reason: string }
  | { action: 'complete' }
  /** The author has the books in hand ("I received my books"). */
  | { action: 'confirm_receipt' };

export type EliteActRequest = EliteActionPayload & { actor: EliteActor };
// Every action of libs/domain has its payload here (a compile error otherwise).
type _Covers = [EliteAction] extends [EliteActionPayload['action']] ? true : never;
export const coversEveryAction: _Covers = true;

/**
 * The one way the author and the team move a request: refused by its validator (with libs/domain's words) when the
 * actor's role or the request's state does not allow the action; answers the state once the action is recorded.
 */
export const actUpdate = defineUpdate<EliteState, [EliteActRequest]>('act');
/** The quote's Checkout Session was paid (sent by the payment workflow of the webhook's event). */
export const elitePaidSignal = defineSignal<[{ sessionId: string }]>('elitePaid');
export const eliteStateQuery = defineQuery<EliteState>('eliteState');
