import type { EliteEventKind } from '../../libs/domain/index.ts';

/**
 * Who hears of an Elite request's event. 'support': the support address; 'team': the assigned member, else support;
 * 'admins': every admin (support when there is none). Kinds not listed are only recorded on the timeline.
 */
export type EliteAudience = 'author' | 'support' | 'team' | 'admins';

const AUDIENCES: Partial<Record<EliteEventKind, readonly EliteAudience[]>> = {
  received: ['support', 'author'],
  quote_sent: ['author'],
  quote_accepted: ['team'],
  quote_declined: ['team'],
  quote_expired: ['author'],
  payment_expired: ['author'],
  paid: ['author', 'team'],
  step_started: ['author'],
  step_finished: ['author'],
  book_rebuilt: ['author'],
  proof_sent: ['author'],
  proof_reminder: ['author'],
  proof_approved: ['team'],
  changes_requested: ['team'],
  printing_started: ['author'],
  shipped: ['author'],
  delivered: ['author'],
  completed: ['author'],
  cancelled: ['author', 'team'],
  sla_reminder: ['team'],
  sla_breached: ['admins'],
};

/** What the audience depends on: the event's kind, and for a rebuild whether it failed. */
export interface EliteEventFacet {
  kind: EliteEventKind;
  data?: Record<string, unknown> | null;
}

/** A rebuild that failed is the team's to look into; the author hears of the one that works. */
export const eliteAudience = ({ kind, data }: EliteEventFacet): readonly EliteAudience[] => (kind === 'book_rebuilt' && data?.error ? ['team'] : (AUDIENCES[kind] ?? []));

/** Events the author is told of, by mail and in the dashboard's notifications. */
export const tellsAuthor = (event: EliteEventFacet) => eliteAudience(event).includes('author');
