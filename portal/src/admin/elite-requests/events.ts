import type { EliteEventKind } from '../../../../libs/domain/index.ts';

/** The timeline's words for the team (the author's page words them for the author). */
const EVENT_LABELS: Record<EliteEventKind, string> = {
  received: 'Request received',
  assigned: 'Assigned',
  quote_sent: 'Quote sent',
  quote_accepted: 'Quote accepted by the author',
  quote_declined: 'Quote declined by the author',
  quote_expired: 'Quote expired',
  payment_expired: 'Payment window expired',
  paid: 'Paid',
  step_started: 'Step started',
  step_finished: 'Step finished',
  revision_uploaded: 'Revised manuscript uploaded',
  book_rebuilt: 'Book rebuilt',
  proof_sent: 'Proof sent',
  proof_approved: 'Proof approved by the author',
  changes_requested: 'Changes requested by the author',
  proof_reminder: 'Author reminded of the proof',
  printing_started: 'Printing started',
  print_status: 'Print order update',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  sla_reminder: 'Reminder: promise due soon',
  sla_breached: 'SLA breached: promise missed',
  promise_met: 'Promise met',
};
export const eventChoices = (Object.keys(EVENT_LABELS) as EliteEventKind[]).map((id) => ({ id, name: EVENT_LABELS[id] }));
