// The Elite Service (spec document 1, §2–§9; document 3, §2.1): the request's choices, statuses, production steps,
// promises and messages, and the rule deciding which action fits which state. The API, the `elite-<requestId>`
// workflow, the mails and the portal all read them here.

import { ELITE_FEE } from './offers.ts';
import { formatAmount } from './payments.ts';
import { SHIPPING_LEVELS } from './print.ts';

// The request modal's four selects (§5), each with its default.
export const ELITE_CONTACT_METHODS = ['email', 'phone', 'both'] as const;
export const ELITE_TIMELINES = ['asap', '1-week', '2-weeks', '1-month', 'flexible'] as const;
export const ELITE_PRINT_QUANTITIES = ['5-10', '10-25', '25-50', '50-100', '100+', 'discuss'] as const;
export const ELITE_BUDGETS = ['500-1000', '1000-2500', '2500-5000', '5000+', 'discuss'] as const;
export type EliteContactMethod = (typeof ELITE_CONTACT_METHODS)[number];
export type EliteTimeline = (typeof ELITE_TIMELINES)[number];
export type ElitePrintQuantity = (typeof ELITE_PRINT_QUANTITIES)[number];
export type EliteBudget = (typeof ELITE_BUDGETS)[number];
/** The least US dollars a budget choice names (null: "Let's discuss"); every choice starts at or above ELITE_FEE. */
export const eliteBudgetFloor = (budget: EliteBudget): number | null => (budget === 'discuss' ? null : Number(budget.split(/[-+]/)[0]));

export interface EliteSelect<V extends string> {
  label: string;
  options: readonly { value: V; label: string }[];
  default: V;
}

export const ELITE_SELECTS = {
  contact_method: {
    label: 'Preferred Contact Method',
    options: [
      { value: 'email', label: 'Email' },
      { value: 'phone', label: 'Phone' },
      { value: 'both', label: 'Both email and phone' },
    ],
    default: 'email',
  } satisfies EliteSelect<EliteContactMethod>,
  preferred_timeline: {
    label: 'Preferred Timeline',
    options: [
      { value: 'asap', label: 'As soon as possible' },
      { value: '1-week', label: 'Within 1 week' },
      { value: '2-weeks', label: 'Within 2 weeks (recommended)' },
      { value: '1-month', label: 'Within 1 month' },
      { value: 'flexible', label: 'Flexible' },
    ],
    default: '2-weeks',
  } satisfies EliteSelect<EliteTimeline>,
  print_quantity: {
    label: 'Desired Print Quantity',
    options: [
      { value: '5-10', label: '5-10 copies' },
      { value: '10-25', label: '10-25 copies' },
      { value: '25-50', label: '25-50 copies' },
      { value: '50-100', label: '50-100 copies' },
      { value: '100+', label: '100+ copies' },
      { value: 'discuss', label: "Let's discuss" },
    ],
    default: '10-25',
  } satisfies EliteSelect<ElitePrintQuantity>,
  budget_range: {
    label: 'Budget Range (USD)',
    options: [
      { value: '500-1000', label: '$500 - $1,000' },
      { value: '1000-2500', label: '$1,000 - $2,500' },
      { value: '2500-5000', label: '$2,500 - $5,000' },
      { value: '5000+', label: '$5,000+' },
      { value: 'discuss', label: "Let's discuss" },
    ],
    default: '500-1000',
  } satisfies EliteSelect<EliteBudget>,
} as const;
export type EliteSelectField = keyof typeof ELITE_SELECTS;
export const eliteOptionLabel = (field: EliteSelectField, value: string): string =>
  (ELITE_SELECTS[field].options as readonly { value: string; label: string }[]).find((o) => o.value === value)?.label ?? value;

/** What the modal says the service includes (§2). */
export const ELITE_INCLUDES = [
  'Professional editing and formatting review',
  'Premium-binding print production',
  'Cover design optimization',
  'Direct consultation with our publishing team',
  'Multiple copies of your book',
] as const;

/** What the modal says happens next (§2). */
export const ELITE_NEXT_STEPS = [
  'Your request is received by our support team',
  'Our team reviews your book and requirements',
  'You receive a detailed quote and timeline within 24 hours',
  'Production begins after your approval',
] as const;

/** Limits of the request's free text, beyond the selects. */
export const ELITE_LIMITS = { additionalRequirements: 5000, name: 255, phone: 40, reason: 2000, comment: 5000, quoteText: 2000, quoteItem: 200, quoteItems: 20, note: 2000 } as const;
/** A quote's amount in US dollars (never under the Elite fee the quote builds on), and the copies it agrees. */
export const ELITE_QUOTE_AMOUNT = { min: ELITE_FEE, max: 100_000 } as const;
export const ELITE_QUOTE_COPIES = { min: 1, max: 1000 } as const;
/** What a request paid up front with the Elite fee includes: two bound books (§9). */
export const ELITE_PREPAID_COPIES = 2;
/** A revised manuscript the team uploads: Markdown or plain text, at most this many bytes. */
export const ELITE_MANUSCRIPT_MAX_BYTES = 5 * 1024 * 1024;
export const ELITE_MANUSCRIPT_TYPES = ['.md', '.markdown', '.txt'] as const;

/**
 * Where a request stands. received → quoted → awaiting_payment → in_production → printing → shipped → delivered →
 * completed; a request paid up front starts in_production. declined, expired and cancelled end it early. Shipped stays
 * shipped until the author confirms receipt (no carrier reports delivery to us); unconfirmed it completes as shipped.
 */
export const ELITE_STATUSES = ['received', 'quoted', 'awaiting_payment', 'in_production', 'printing', 'shipped', 'delivered', 'completed', 'declined', 'expired', 'cancelled'] as const;
export type EliteStatus = (typeof ELITE_STATUSES)[number];
export const FINAL_ELITE_STATUSES: readonly EliteStatus[] = ['completed', 'declined', 'expired', 'cancelled'];
export const OPEN_ELITE_STATUSES: readonly EliteStatus[] = ELITE_STATUSES.filter((s) => !FINAL_ELITE_STATUSES.includes(s));
export const isFinalEliteStatus = (status: EliteStatus) => FINAL_ELITE_STATUSES.includes(status);
export const ELITE_STATUS_LABELS: Record<EliteStatus, string> = {
  received: 'Received',
  quoted: 'Quote sent',
  awaiting_payment: 'Awaiting payment',
  in_production: 'In production',
  printing: 'Printing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** Production, in order: each step is started and finished by the team; the proof is finished by the author's approval. */
export const ELITE_STEPS = ['editing', 'cover_design', 'proof', 'printing'] as const;
export type EliteStep = (typeof ELITE_STEPS)[number];
export const ELITE_STEP_LABELS: Record<EliteStep, string> = { editing: 'Editing', cover_design: 'Cover design', proof: 'Proof', printing: 'Printing' };
/** The proof round's state: with the author, or sent back with changes. */
export type EliteProofState = 'awaiting_author' | 'changes_requested';

/** The promises of §9 the workflow keeps timers for; each is met by one event and breached when its time runs out. */
export const ELITE_PROMISES = ['quote', 'first_chapters', 'books'] as const;
export type ElitePromiseName = (typeof ELITE_PROMISES)[number];
export const ELITE_PROMISE_LABELS: Record<ElitePromiseName, string> = {
  quote: 'Quote within 24 hours',
  first_chapters: 'Outline and first chapters within 48 hours',
  books: '2 bound books within 2 weeks',
};
/** A promise as the author reads it: the bound books are the accepted quote's copies (the offer's two when paid up front). */
export const elitePromiseLabel = (name: ElitePromiseName, copies: number | null | undefined): string =>
  name === 'books' && copies ? `${copies} bound ${copies === 1 ? 'book' : 'books'} within 2 weeks` : ELITE_PROMISE_LABELS[name];

/** The workflow's default durations (Temporal duration strings); tests shorten them through the workflow's input. */
export const ELITE_DURATIONS = {
  /** Promises, from the request (quote) or from the start of production (the rest). */
  quoteWithin: '24 hours',
  firstChaptersWithin: '48 hours',
  booksWithin: '14 days',
  /** The reminder to the assigned member comes this long before a promise is due. */
  remindBefore: '4 hours',
  /** A quote not accepted within this expires, and the request with it. */
  quoteValidFor: '14 days',
  /** An accepted quote not paid within this expires. */
  paymentWindow: '3 days',
  /** The author is reminded of a proof waiting for them this often. */
  proofReminderEvery: '3 days',
  /** A delivered request completes this long after delivery (refunds are considered within 30 days, §9). */
  closeAfterDelivery: '30 days',
  /** A shipped request whose receipt nobody confirms completes (as shipped, never claimed delivered) this long after shipping. */
  receiptWithin: '45 days',
} as const;
export type EliteDurationName = keyof typeof ELITE_DURATIONS;
/** Events one run records before it continues as new. */
export const ELITE_HISTORY_LIMIT = 2000;

/** Everything that can happen to a request, as its timeline records it. */
export const ELITE_EVENT_KINDS = [
  'received',
  'assigned',
  'quote_sent',
  'quote_accepted',
  'quote_declined',
  'quote_expired',
  'payment_expired',
  'paid',
  'step_started',
  'step_finished',
  'revision_uploaded',
  'book_rebuilt',
  'proof_sent',
  'proof_approved',
  'changes_requested',
  'proof_reminder',
  'printing_started',
  'print_status',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'sla_reminder',
  'sla_breached',
  'promise_met',
] as const;
export type EliteEventKind = (typeof ELITE_EVENT_KINDS)[number];

/** Who acts on a request: its author, or a member of the team (elite_team or admin). */
export type EliteActorRole = 'author' | 'team';
export interface EliteActor {
  id: string;
  email: string;
  role: EliteActorRole;
}

export const ELITE_ACTIONS = [
  'assign',
  'send_quote',
  'accept_quote',
  'decline_quote',
  'start_step',
  'finish_step',
  'upload_revision',
  'send_proof',
  'approve_proof',
  'request_changes',
  'start_printing',
  'cancel',
  'complete',
  'confirm_receipt',
] as const;
export type EliteAction = (typeof ELITE_ACTIONS)[number];
/** The actions the author takes; every other one is the team's (cancel is both). */
export const AUTHOR_ELITE_ACTIONS: readonly EliteAction[] = ['accept_quote', 'decline_quote', 'approve_proof', 'request_changes', 'cancel', 'confirm_receipt'];

/** What the action rule needs to know of a request. */
export interface EliteFacts {
  status: EliteStatus;
  /** The production step in hand (null before production), and whether the team has started it. */
  step: EliteStep | null;
  stepStarted: boolean;
  proof: EliteProofState | null;
  /** The request has a book with its PDF and cover (a request paid up front gets one from its first revision). */
  bookReady: boolean;
}

export const EliteMessages = {
  notLoggedIn: 'You must be logged in to request Elite Service',
  noEmail: 'Your account must have a valid email address',
  sent: "Elite Service request sent successfully! We'll contact you within 24 hours.",
  failed: 'Failed to submit request. Please try again.',
  notCompleted: 'Elite Service is offered only for completed books',
  alreadyOpen: 'This book already has an open Elite Service request',
  notFound: 'Elite Service request not found',
  unavailable: 'The Elite Service is unavailable right now. Please try again shortly.',
  manuscriptType: `A revised manuscript must be a Markdown or text file (${ELITE_MANUSCRIPT_TYPES.join(', ')})`,
  manuscriptSize: `A revised manuscript must be at most ${ELITE_MANUSCRIPT_MAX_BYTES / 1024 / 1024} MB`,
  manuscriptEmpty: 'The revised manuscript has no chapters: start each chapter with a "# " heading',
  notTeam: 'Only members of the Elite team can be assigned',
} as const;

/** Why the workflow refuses an action in the request's present state (null: it is allowed). */
export const EliteRefusals = {
  final: (status: EliteStatus) => `The request is ${ELITE_STATUS_LABELS[status].toLowerCase()}: nothing more can be done`,
  quote: 'A quote can be sent only while the request waits for one',
  decide: 'There is no quote waiting for a decision',
  step: (step: EliteStep) => `${ELITE_STEP_LABELS[step]} is not the step in hand`,
  started: (step: EliteStep) => `${ELITE_STEP_LABELS[step]} has already started`,
  notStarted: (step: EliteStep) => `${ELITE_STEP_LABELS[step]} has not started yet`,
  teamOnly: (step: EliteStep) => `${ELITE_STEP_LABELS[step]} is not started or finished by hand`,
  revision: 'A revised manuscript can be uploaded while editing, or when the author asked for changes to the proof',
  proof: 'A proof can be sent once cover design is finished, and not while the author is reviewing one',
  noBook: 'The request has no book with a PDF and cover yet: upload a revised manuscript first',
  noProof: 'There is no proof waiting for the author',
  printing: 'Printing starts once the author has approved the proof',
  cancel: 'The request can be cancelled only before printing',
  complete: 'The request can be completed once the books have shipped',
  receipt: 'Receipt can be confirmed once the books have shipped',
  notProduction: 'The request is not in production',
  author: 'Only the author can do this',
  team: 'Only the Elite team can do this',
} as const;

/** Why the workflow refuses what an action carries (the API checks the same first), and a proof asked for mid-rebuild. */
export const EliteActRefusals = {
  actor: 'An action names who takes it: their id, e-mail and role',
  unknown: (action: unknown) => `Unknown action: ${String(action)}`,
  assignee: 'Name the team member to assign',
  amount: `A quote's amount must be whole cents between ${ELITE_QUOTE_AMOUNT.min} and ${ELITE_QUOTE_AMOUNT.max} USD`,
  copies: `A quote's copies must be a whole number from ${ELITE_QUOTE_COPIES.min} to ${ELITE_QUOTE_COPIES.max}`,
  quoteText: 'A quote needs its currency, timeline, what it includes and a message',
  reason: 'Give the reason for cancelling',
  comment: 'Say what should change in the proof',
  address: 'Give the shipping address for the books',
  revision: 'Name the uploaded revision and its file',
  product: `Choose a print product and a shipping level (${SHIPPING_LEVELS.join(', ')})`,
  noAddress: 'The request has no shipping address: the author gives it when approving the proof',
  rebuilding: 'The book is being rebuilt: send the proof once it is ready',
} as const;

/** The notes the workflow writes on the timeline events it makes itself. */
export const EliteNotes = {
  refund: (sessionId: string, status: EliteStatus) => `A payment (${sessionId}) arrived while the request was ${ELITE_STATUS_LABELS[status].toLowerCase()}: a refund is due`,
  rebuilt: (pages: number | null) => (pages === null ? 'The book was rebuilt' : `The book was rebuilt: ${pages} pages`),
  coverRedrawn: 'The cover was redrawn for printing',
  notRebuilt: (error: string) => `The book could not be rebuilt: ${error}`,
  printEnded: (status: string) => `The print order ended ${status}`,
  receiptConfirmed: 'The author confirmed receipt of the books',
  closedShipped: 'Closed as shipped: nobody confirmed delivery',
} as const;

/** Whether `action` (on `step`, for start_step / finish_step) fits the request's state; the refusal's words if not. */
export function eliteActionProblem(facts: EliteFacts, action: EliteAction, step?: EliteStep): string | null {
  const { status } = facts;
  if (isFinalEliteStatus(status)) return EliteRefusals.final(status);
  const producing = status === 'in_production';
  switch (action) {
    case 'assign':
      return null;
    case 'send_quote':
      return status === 'received' || status === 'quoted' ? null : EliteRefusals.quote;
    case 'accept_quote':
    case 'decline_quote':
      return status === 'quoted' ? null : EliteRefusals.decide;
    case 'start_step':
    case 'finish_step': {
      if (!producing) return EliteRefusals.notProduction;
      if (!step || step === 'proof' || step === 'printing') return EliteRefusals.teamOnly(step ?? 'proof');
      if (facts.step !== step) return EliteRefusals.step(step);
      if (action === 'start_step') return facts.stepStarted ? EliteRefusals.started(step) : null;
      return facts.stepStarted ? null : EliteRefusals.notStarted(step);
    }
    case 'upload_revision':
      return producing && ((facts.step === 'editing' && facts.stepStarted) || (facts.step === 'proof' && facts.proof === 'changes_requested')) ? null : EliteRefusals.revision;
    case 'send_proof':
      if (!producing || facts.step !== 'proof' || facts.proof === 'awaiting_author') return EliteRefusals.proof;
      return facts.bookReady ? null : EliteRefusals.noBook;
    case 'approve_proof':
    case 'request_changes':
      return producing && facts.step === 'proof' && facts.proof === 'awaiting_author' ? null : EliteRefusals.noProof;
    case 'start_printing':
      return producing && facts.step === 'printing' && !facts.stepStarted ? null : EliteRefusals.printing;
    case 'cancel':
      return ['received', 'quoted', 'awaiting_payment', 'in_production'].includes(status) ? null : EliteRefusals.cancel;
    case 'complete':
      return status === 'delivered' || status === 'shipped' ? null : EliteRefusals.complete;
    case 'confirm_receipt':
      return status === 'shipped' ? null : EliteRefusals.receipt;
  }
}

/** The actions open to `role` now (what the portal and the back office show as buttons). */
export function eliteActionsFor(facts: EliteFacts, role: EliteActorRole): EliteAction[] {
  const mine = ELITE_ACTIONS.filter((action) => eliteRoleProblem(action, role) === null);
  return mine.filter((action) => {
    if (action === 'start_step' || action === 'finish_step') return facts.step !== null && eliteActionProblem(facts, action, facts.step) === null;
    return eliteActionProblem(facts, action) === null;
  });
}

/** The refusal when `role` may not take `action` at all (the author does not quote; the team does not approve proofs). */
export function eliteRoleProblem(action: EliteAction, role: EliteActorRole): string | null {
  if (action === 'cancel') return null;
  const authors = AUTHOR_ELITE_ACTIONS.includes(action);
  if (role === 'author' && !authors) return EliteRefusals.team;
  if (role === 'team' && authors) return EliteRefusals.author;
  return null;
}

/** What a request's quote payment is called on the checkout page and the receipt. */
export const elitePaymentName = (request: { topic: string }) => `Elite Service: ${request.topic}`;

/**
 * What an Elite request's print order cost the author: included in what they paid for the request, never priced apart.
 * The author reads "your Elite quote"; the back office (reader 'team') reads "the author's".
 */
export const eliteIncludedLabel = (paid: { amount_cents: number | null; currency: string | null }, reader: 'author' | 'team' = 'author'): string => {
  const quote = reader === 'team' ? "the author's Elite quote" : 'your Elite quote';
  return paid.amount_cents !== null && paid.currency ? `${formatAmount(paid.amount_cents, paid.currency)} · included in ${quote}` : `Included in ${quote}`;
};

/** A request's page on the portal (mails and the checkout's return link lead there). */
export const eliteRequestPath = (requestId: string) => `/elite-requests/${encodeURIComponent(requestId)}`;

/** The step after `step`, or null after printing. */
export const nextEliteStep = (step: EliteStep): EliteStep | null => ELITE_STEPS[ELITE_STEPS.indexOf(step) + 1] ?? null;
