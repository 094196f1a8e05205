// The Elite Service pages' rules that need no browser: the request form and its guards, how a request's progress,
// promises, timeline and the author's next move read, and when the pages look at a request again.
import type { CreateEliteRequestRequest, EliteEventView, EliteProofView, ElitePromiseView, EliteRequestView } from '../../../libs/contracts/index.ts';
import {
  ELITE_SELECTS,
  ELITE_STEP_LABELS,
  ELITE_STEPS,
  EliteMessages,
  isFinalEliteStatus,
  type EliteBudget,
  type EliteContactMethod,
  type EliteEventKind,
  type ElitePrintQuantity,
  type EliteStatus,
  type EliteStep,
  type EliteTimeline,
} from '../../../libs/domain/index.ts';
import { ApiError } from '../api/client.ts';

/** The request modal's fields (§2, §5): the four selects start at their defaults, name and phone are optional. */
export interface EliteForm {
  contact_method: EliteContactMethod;
  preferred_timeline: EliteTimeline;
  print_quantity: ElitePrintQuantity;
  budget_range: EliteBudget;
  additional_requirements: string;
  user_name: string;
  user_phone: string;
}

export const emptyEliteForm = (name = ''): EliteForm => ({
  contact_method: ELITE_SELECTS.contact_method.default,
  preferred_timeline: ELITE_SELECTS.preferred_timeline.default,
  print_quantity: ELITE_SELECTS.print_quantity.default,
  budget_range: ELITE_SELECTS.budget_range.default,
  additional_requirements: '',
  user_name: name,
  user_phone: '',
});

/** The form as the API takes it: trimmed, without the optional fields left empty. */
export function eliteRequestBody(bookId: string, form: EliteForm): CreateEliteRequestRequest {
  const notes = form.additional_requirements.trim();
  const name = form.user_name.trim();
  const phone = form.user_phone.trim();
  return {
    book_id: bookId,
    contact_method: form.contact_method,
    preferred_timeline: form.preferred_timeline,
    print_quantity: form.print_quantity,
    budget_range: form.budget_range,
    ...(notes ? { additional_requirements: notes } : {}),
    ...(name ? { user_name: name } : {}),
    ...(phone ? { user_phone: phone } : {}),
  };
}

/** §5's guards, checked before anything is sent: a signed-in author with an e-mail address. */
export function eliteGuard(author: { signedIn: boolean; email: string | null | undefined }): string | null {
  if (!author.signedIn) return EliteMessages.notLoggedIn;
  if (!author.email?.trim()) return EliteMessages.noEmail;
  return null;
}

/** §8: the server's message when it refused the request (or is unavailable), else the spec's fallback. */
export function eliteSubmitError(error: unknown): string {
  if (error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.status === 503) && error.message) return error.message;
  return EliteMessages.failed;
}

/** A request that can still move on its own or by the team's hand (delivered ones only wait to be closed). */
export const eliteInFlight = (status: EliteStatus): boolean => !isFinalEliteStatus(status) && status !== 'delivered';
/** How often an open request page (and the dashboard's list) looks again while something is in flight. */
export const ELITE_REFRESH_MS = 4000;
/** …and while a payment the author just made is being confirmed. */
export const ELITE_PAYMENT_REFRESH_MS = 1500;

/** The payment banner of an author back from the checkout (?paid=1): confirming until production starts, then confirmed while it lasts. */
export function paymentBanner(status: EliteStatus, paid: boolean): 'confirming' | 'confirmed' | null {
  if (!paid) return null;
  if (status === 'quoted' || status === 'awaiting_payment') return 'confirming';
  return status === 'in_production' ? 'confirmed' : null;
}

/** react-query's refetchInterval for one request's page. */
export function eliteRefetchInterval(view: Pick<EliteRequestView, 'status'> | undefined, paid: boolean): number | false {
  if (!view) return false;
  if (paymentBanner(view.status, paid) === 'confirming') return ELITE_PAYMENT_REFRESH_MS;
  return eliteInFlight(view.status) ? ELITE_REFRESH_MS : false;
}

/** …and for the dashboard's list: while any request is in flight. */
export const eliteListRefetchInterval = (views: readonly Pick<EliteRequestView, 'status'>[] | undefined): number | false =>
  views?.some((view) => eliteInFlight(view.status)) ? ELITE_REFRESH_MS : false;

export type ElitePhase = 'received' | 'quote' | 'payment' | EliteStep | 'shipped' | 'delivered';
export interface ElitePhaseView {
  phase: ElitePhase;
  label: string;
  state: 'done' | 'current' | 'upcoming' | 'stopped';
}
const PHASE_LABELS: Record<ElitePhase, string> = { received: 'Request received', quote: 'Quote', payment: 'Payment', ...ELITE_STEP_LABELS, shipped: 'Shipped', delivered: 'Delivered' };

/** Where the request stands (or stopped), as a phase of its progress. */
function currentPhase(view: Pick<EliteRequestView, 'status' | 'step' | 'quote'>): ElitePhase {
  switch (view.status) {
    case 'received':
    case 'quoted':
      return 'quote';
    case 'awaiting_payment':
      return 'payment';
    case 'in_production':
      return view.step ?? 'editing';
    case 'printing':
      return 'printing';
    case 'shipped':
      return 'shipped';
    case 'delivered':
    case 'completed':
      return 'delivered';
    default:
      // Declined, expired or cancelled: where it was when it ended.
      if (view.step) return view.step;
      return view.quote?.status === 'accepted' ? 'payment' : 'quote';
  }
}

/**
 * The request's progress: received, quote and payment (not for a request paid up front), the production steps in
 * their order, delivered. Phases before the current one are done; a request that ended early stopped at its phase.
 */
export function eliteProgress(view: Pick<EliteRequestView, 'status' | 'step' | 'quote' | 'prepaid'>): ElitePhaseView[] {
  const phases: ElitePhase[] = ['received', ...(view.prepaid ? [] : (['quote', 'payment'] as const)), ...ELITE_STEPS, 'shipped', 'delivered'];
  const current = currentPhase(view);
  const at = Math.max(0, phases.indexOf(current));
  const ended = view.status === 'declined' || view.status === 'expired' || view.status === 'cancelled';
  const arrived = view.status === 'delivered' || view.status === 'completed';
  return phases.map((phase, i) => ({
    phase,
    label: PHASE_LABELS[phase],
    state: i < at || (arrived && i === at) ? 'done' : i === at ? (ended ? 'stopped' : 'current') : 'upcoming',
  }));
}

/** What the author has to do now, if anything: decide a quote, finish a payment, review a proof. */
export function eliteTodo(view: Pick<EliteRequestView, 'status' | 'actions' | 'checkout_url'>): { kind: 'quote' | 'payment' | 'proof'; text: string; cta: string } | null {
  if (view.actions.includes('accept_quote')) return { kind: 'quote', text: 'Your quote is ready: accept it to go ahead, or decline it.', cta: 'Review your quote' };
  if (view.status === 'awaiting_payment' && view.checkout_url) return { kind: 'payment', text: 'Your quote is accepted: finish the payment to start production.', cta: 'Finish your payment' };
  if (view.actions.includes('approve_proof')) return { kind: 'proof', text: 'Your proof is ready: approve it for printing, or ask for changes.', cta: 'Review your proof' };
  return null;
}

/** The proof round waiting for the author's decision, if any. */
export const currentProof = (view: Pick<EliteRequestView, 'proof_state' | 'proofs'>): EliteProofView | null =>
  view.proof_state === 'awaiting_author' ? (view.proofs.findLast((proof) => proof.decision === null) ?? null) : null;

const EVENT_TEXT: Record<EliteEventKind, string> = {
  received: 'Request received',
  assigned: 'A team member took on your request',
  quote_sent: 'Quote sent',
  quote_accepted: 'Quote accepted',
  quote_declined: 'Quote declined',
  quote_expired: 'Quote expired',
  payment_expired: 'Payment window expired',
  paid: 'Payment received',
  step_started: 'Started',
  step_finished: 'Finished',
  revision_uploaded: 'Revised manuscript uploaded',
  book_rebuilt: 'Book rebuilt with the revision',
  proof_sent: 'Proof sent for your review',
  proof_approved: 'Proof approved',
  changes_requested: 'Changes requested',
  proof_reminder: 'Reminder: your proof waits for you',
  printing_started: 'Printing started',
  print_status: 'Print order update',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  sla_reminder: 'Promise due soon',
  sla_breached: 'Promise missed',
  promise_met: 'Promise kept',
};

/** One timeline entry's headline: the event, with its production step where it has one. */
export function eventText(event: Pick<EliteEventView, 'kind' | 'step'>): string {
  const text = EVENT_TEXT[event.kind] ?? event.kind;
  if (event.kind === 'step_started' || event.kind === 'step_finished') return `${event.step ? ELITE_STEP_LABELS[event.step] : 'Step'}: ${text.toLowerCase()}`;
  return text;
}

/** Who made an event, as the author reads it: themselves, a member of the team, or Pressroom (the system). */
export const eventBy = (by: string | null, authorEmail: string): string => (by === null ? 'Pressroom' : by.toLowerCase() === authorEmail.toLowerCase() ? 'You' : by);

export type PromiseState = 'met' | 'met_late' | 'breached' | 'overdue' | 'due';
/** A promise's standing at `now`: kept (on time or late), missed, past due (the breach not yet recorded), or pending. */
export function promiseState(promise: Pick<ElitePromiseView, 'due_at' | 'met_at' | 'breached_at'>, now: Date): PromiseState {
  if (promise.met_at) return promise.breached_at || new Date(promise.met_at) > new Date(promise.due_at) ? 'met_late' : 'met';
  if (promise.breached_at) return 'breached';
  return new Date(promise.due_at) < now ? 'overdue' : 'due';
}
export const PROMISE_STATE_LABELS: Record<PromiseState, string> = { met: 'Kept', met_late: 'Kept late', breached: 'Missed', overdue: 'Overdue', due: 'Due' };

export const dateTime = (iso: string): string => new Date(iso).toLocaleString();

/** The dashboard tab the request pages and /success link to. */
export const ELITE_TAB_PATH = '/dashboard?tab=elite';
export { eliteRequestPath } from '../../../libs/domain/index.ts';

/** The status badge's colour (the print badges' tones): waiting on the author yellow, moving blue, done green, ended red or grey. */
export function eliteStatusTone(status: EliteStatus): 'blue' | 'yellow' | 'green' | 'dark-green' | 'red' | 'grey' {
  switch (status) {
    case 'quoted':
    case 'awaiting_payment':
      return 'yellow';
    case 'received':
    case 'in_production':
    case 'printing':
      return 'blue';
    case 'shipped':
    case 'delivered':
      return 'green';
    case 'completed':
      return 'dark-green';
    case 'cancelled':
    case 'expired':
      return 'grey';
    case 'declined':
      return 'red';
  }
}

/** The name a proof round's file is saved under: Title_proof_2_book.pdf, Title_proof_2_cover.pdf. */
export const proofFileName = (title: string, round: number, file: 'book' | 'cover'): string => `${title.replace(/[^a-zA-Z0-9]+/g, '_')}_proof_${round}_${file}.pdf`;
