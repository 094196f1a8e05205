import {
  addressProblems,
  ELITE_ACTIONS,
  ELITE_QUOTE_AMOUNT,
  ELITE_QUOTE_COPIES,
  EliteActRefusals,
  eliteActionProblem,
  eliteRoleProblem,
  eliteStart,
  printProduct,
  SHIPPING_LEVELS,
  type EliteDurationName,
  type EliteFacts,
  type ElitePromiseName,
  type EliteState,
  type PromiseState,
  type ShippingAddress,
} from '../../libs/domain/index.ts';
import type { EliteActRequest, EliteInput } from './messages.ts';

// The `elite-<requestId>` workflow's pure rules: what an action must carry, where a request starts, its promises, and
// what its main loop waits for in each status. No Temporal here: the workflow passes in its clock and durations.

/** A duration of the request's (libs/domain ELITE_DURATIONS, or the input's shorter one) in milliseconds. */
export type EliteMs = (name: EliteDurationName) => number;

const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const whole = (value: unknown, range: { min: number; max: number }) => Number.isInteger(value) && (value as number) >= range.min && (value as number) <= range.max;
const ADDRESS_FIELDS = ['name', 'address_line1', 'city', 'postcode', 'country', 'phone'] as const;

function addressProblem(address: ShippingAddress | undefined): string | null {
  if (!address || typeof address !== 'object' || ADDRESS_FIELDS.some((field) => typeof address[field] !== 'string')) return EliteActRefusals.address;
  const problems = Object.values(addressProblems(address));
  return problems.length ? problems.join('. ') : null;
}

/** Whether the action carries what it needs; the refusal's words if not. */
export function payloadProblem(request: EliteActRequest, state: Pick<EliteState, 'shippingAddress'>): string | null {
  switch (request.action) {
    case 'assign':
      return text(request.assignee?.id) && text(request.assignee.email) ? null : EliteActRefusals.assignee;
    case 'send_quote': {
      const quote = request.quote;
      if (!quote || !whole(quote.amountCents, { min: ELITE_QUOTE_AMOUNT.min * 100, max: ELITE_QUOTE_AMOUNT.max * 100 })) return EliteActRefusals.amount;
      if (!whole(quote.copies, ELITE_QUOTE_COPIES)) return EliteActRefusals.copies;
      const described = text(quote.currency) && text(quote.timeline) && text(quote.message) && Array.isArray(quote.includes) && quote.includes.every(text);
      return described ? null : EliteActRefusals.quoteText;
    }
    case 'request_changes':
      return text(request.comment) ? null : EliteActRefusals.comment;
    case 'cancel':
      return text(request.reason) ? null : EliteActRefusals.reason;
    case 'approve_proof':
      return addressProblem(request.shippingAddress);
    case 'upload_revision':
      return text(request.revisionId) && text(request.filename) ? null : EliteActRefusals.revision;
    case 'start_printing':
      if (!state.shippingAddress) return EliteActRefusals.noAddress;
      return printProduct(request.podPackageId) && SHIPPING_LEVELS.includes(request.shippingLevel) ? null : EliteActRefusals.product;
    default:
      return null;
  }
}

/** What the action rule of libs/domain needs to know of the request. */
export const eliteFacts = (state: EliteState): EliteFacts => ({ status: state.status, step: state.step, stepStarted: state.stepStarted, proof: state.proof, bookReady: state.bookReady });

/**
 * Why the `act` update refuses `request` (null: it is taken): who acts, the role, the request's state (libs/domain's
 * rule), a proof asked for while the book is `rebuilding`, then what the action carries.
 */
export function actRefusal(request: EliteActRequest, state: EliteState, rebuilding: boolean): string | null {
  const actor = request?.actor;
  if (!actor || !text(actor.id) || !text(actor.email) || (actor.role !== 'author' && actor.role !== 'team')) return EliteActRefusals.actor;
  if (!ELITE_ACTIONS.includes(request.action)) return EliteActRefusals.unknown(request.action);
  const step = request.action === 'start_step' || request.action === 'finish_step' ? request.step : undefined;
  return (
    eliteRoleProblem(request.action, actor.role) ??
    eliteActionProblem(eliteFacts(state), request.action, step) ??
    (request.action === 'send_proof' && rebuilding ? EliteActRefusals.rebuilding : null) ??
    payloadProblem(request, state)
  );
}

/** A promise kept from `from` (epoch ms) for `within` ms. */
export const newPromise = (name: ElitePromiseName, from: number, within: number): PromiseState => ({
  name,
  dueAt: new Date(from + within).toISOString(),
  metAt: null,
  remindedAt: null,
  breachedAt: null,
});

/**
 * The promises production starts with (§9): outline and first chapters, then the bound books. A book already written
 * (`finished`) is promised no first chapters.
 */
export const productionPromises = (from: number, ms: EliteMs, finished = false): PromiseState[] => [
  ...(finished ? [] : [newPromise('first_chapters', from, ms('firstChaptersWithin'))]),
  newPromise('books', from, ms('booksWithin')),
];

/** A new request's state at `start` (epoch ms): waiting for its quote, or (paid up front) in production with two copies. */
export function firstState(input: Pick<EliteInput, 'prepaid' | 'bookReady'>, start: number, ms: EliteMs): EliteState {
  const state: EliteState = {
    ...eliteStart(false),
    stepStarted: false,
    proof: null,
    proofRound: 0,
    bookReady: input.bookReady,
    assignee: null,
    quote: null,
    firstQuotedAt: null,
    payBy: null,
    paidWith: null,
    paidAt: null,
    shippingAddress: null,
    printOrderId: null,
    productionStartedAt: null,
    deliveredAt: null,
    completedAt: null,
    cancelReason: null,
    promises: [newPromise('quote', start, ms('quoteWithin'))],
    announced: false,
  };
  if (!input.prepaid) return state;
  return { ...state, ...eliteStart(true), productionStartedAt: new Date(start).toISOString(), promises: productionPromises(start, ms) };
}

/** Marks the promise `name` met at `at` (ISO); its due time and whether it was late, or null when it was met before. */
export function meetPromise(state: Pick<EliteState, 'promises'>, name: ElitePromiseName, at: string): { dueAt: string; late: boolean } | null {
  const promise = state.promises.find((p) => p.name === name);
  if (!promise || promise.metAt) return null;
  promise.metAt = at;
  return { dueAt: promise.dueAt, late: at > promise.dueAt };
}

/** When a promise's reminder and its breach fall due (epoch ms). */
export const promiseTimes = (promise: PromiseState, ms: EliteMs) => {
  const due = Date.parse(promise.dueAt);
  return { remindAt: due - ms('remindBefore'), due };
};

/** The accepted quote's payment by `sessionId` at `paidAt`: production starts at editing with the quote's copies and `promises`. */
export function startProduction(state: EliteState, sessionId: string, paidAt: string, promises: PromiseState[]): void {
  state.paidWith = sessionId;
  state.paidAt = paidAt;
  state.payBy = null;
  state.step = 'editing';
  state.stepStarted = false;
  state.copies = state.quote?.copies ?? null;
  state.productionStartedAt = paidAt;
  state.promises.push(...promises);
}

/**
 * What the main loop waits for in the request's present status, unless something moves it first: a deadline (epoch
 * ms) and what happens at it, a reminder every so long, or null (nothing falls due: it only looks again now and then).
 */
export type EliteWait = { at: number; then: 'quote_expired' | 'payment_expired' | 'completed' | 'closed_shipped' } | { every: number; then: 'proof_reminder' } | null;

export function eliteWait(state: EliteState, ms: EliteMs): EliteWait {
  switch (state.status) {
    case 'quoted':
      return state.quote ? { at: Date.parse(state.quote.validUntil), then: 'quote_expired' } : null;
    case 'awaiting_payment':
      return state.payBy ? { at: Date.parse(state.payBy), then: 'payment_expired' } : null;
    case 'in_production':
      return state.proof === 'awaiting_author' ? { every: ms('proofReminderEvery'), then: 'proof_reminder' } : null;
    case 'shipped':
      return state.shippedAt ? { at: Date.parse(state.shippedAt) + ms('receiptWithin'), then: 'closed_shipped' } : null;
    case 'delivered':
      return state.deliveredAt ? { at: Date.parse(state.deliveredAt) + ms('closeAfterDelivery'), then: 'completed' } : null;
    default:
      return null;
  }
}
