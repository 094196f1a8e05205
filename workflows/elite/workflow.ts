import { msToNumber } from '@temporalio/common/lib/time.js';
import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  executeChild,
  isCancellation,
  log,
  ParentClosePolicy,
  patched,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import type { EliteActivities, EliteEventRecord } from '../../activities/elite/types.ts';
import type { createActivities } from '../../activities/index.ts';
import {
  addressProblems,
  BOOK_FORMATS,
  DEFAULT_COVER_CHOICE,
  ELITE_ACTIONS,
  ELITE_DURATIONS,
  ELITE_HISTORY_LIMIT,
  ELITE_PROMISE_LABELS,
  ELITE_QUOTE_AMOUNT,
  ELITE_QUOTE_COPIES,
  ELITE_STATUS_LABELS,
  eliteActionProblem,
  eliteEventMailId,
  eliteRoleProblem,
  eliteStart,
  eliteWorkflowId,
  innermostMessage,
  isFinalEliteStatus,
  nextEliteStep,
  packageWorkflowId,
  printOrderWorkflowId,
  PRESS_COVER_TEMPLATE,
  printProduct,
  SHIPPING_LEVELS,
  type CoverChoice,
  type EliteDurationName,
  type EliteEventKind,
  type EliteFacts,
  type ElitePromiseName,
  type EliteStatus,
  type PackageFormat,
  type ShippingAddress,
  type ShippingLevel,
} from '../../libs/domain/index.ts';
import { bookkeepingOptions, mailOptions, printProviderOptions, renderingOptions } from '../activity-options.ts';
import { packageWorkflow } from '../package/workflow.ts';
import { printOrderWorkflow } from '../print-order/workflow.ts';
import { ProjectIdAttribute, StageAttribute } from '../search-attributes.ts';
import { actUpdate, elitePaidSignal, eliteStateQuery, type EliteActRequest, type EliteInput, type EliteState, type PromiseState, type QuoteState } from './messages.ts';

type Activities = ReturnType<typeof createActivities>;
const { sendMail } = proxyActivities<Activities>(mailOptions);
const { recordEliteEvent, saveEliteQuote, closeEliteQuote, sendEliteProof, decideEliteProof, createElitePrintOrder, elitePrintOutcome } =
  proxyActivities<EliteActivities>(bookkeepingOptions);
const { openEliteCheckout } = proxyActivities<EliteActivities>(printProviderOptions);
const { applyEliteRevision } = proxyActivities<EliteActivities>(renderingOptions);
const { countEliteBookRun } = proxyActivities<EliteActivities>(bookkeepingOptions);

/** A revision changes the page count, and the print cover's spine follows it: the cover is rebuilt with the book. */
const REBUILD_FORMATS: PackageFormat[] = [...BOOK_FORMATS, 'cover'];
/** An Elite book is printed by Pressroom's own print service: its cover is drawn for that service's press. */
const PRESS_COVER: CoverChoice = { ...DEFAULT_COVER_CHOICE, template: PRESS_COVER_TEMPLATE };
/** Waits with nothing due still end now and then, so a long quiet request gets a look at its history's length. */
const LOOK_AGAIN = '1 day';

/** Refusals beyond the domain rule: what an action must carry (the API validates the same first), and the rebuild in flight. */
const ActRefusals = {
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

const Notes = {
  refund: (sessionId: string, status: EliteStatus) => `A payment (${sessionId}) arrived while the request was ${ELITE_STATUS_LABELS[status].toLowerCase()}: a refund is due`,
  rebuilt: (pages: number | null) => (pages === null ? 'The book was rebuilt' : `The book was rebuilt: ${pages} pages`),
  coverRedrawn: 'The cover was redrawn for printing',
  notRebuilt: (error: string) => `The book could not be rebuilt: ${error}`,
  printEnded: (status: string) => `The print order ended ${status}`,
} as const;

const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const whole = (value: unknown, range: { min: number; max: number }) => Number.isInteger(value) && (value as number) >= range.min && (value as number) <= range.max;
const ADDRESS_FIELDS = ['name', 'address_line1', 'city', 'postcode', 'country', 'phone'] as const;

function addressProblem(address: ShippingAddress | undefined): string | null {
  if (!address || typeof address !== 'object' || ADDRESS_FIELDS.some((field) => typeof address[field] !== 'string')) return ActRefusals.address;
  const problems = Object.values(addressProblems(address));
  return problems.length ? problems.join('. ') : null;
}

/** Whether the action carries what it needs; the refusal's words if not. */
function payloadProblem(request: EliteActRequest, state: EliteState): string | null {
  switch (request.action) {
    case 'assign':
      return text(request.assignee?.id) && text(request.assignee.email) ? null : ActRefusals.assignee;
    case 'send_quote': {
      const quote = request.quote;
      if (!quote || !whole(quote.amountCents, { min: ELITE_QUOTE_AMOUNT.min * 100, max: ELITE_QUOTE_AMOUNT.max * 100 })) return ActRefusals.amount;
      if (!whole(quote.copies, ELITE_QUOTE_COPIES)) return ActRefusals.copies;
      const described = text(quote.currency) && text(quote.timeline) && text(quote.message) && Array.isArray(quote.includes) && quote.includes.every(text);
      return described ? null : ActRefusals.quoteText;
    }
    case 'request_changes':
      return text(request.comment) ? null : ActRefusals.comment;
    case 'cancel':
      return text(request.reason) ? null : ActRefusals.reason;
    case 'approve_proof':
      return addressProblem(request.shippingAddress);
    case 'upload_revision':
      return text(request.revisionId) && text(request.filename) ? null : ActRefusals.revision;
    case 'start_printing':
      if (!state.shippingAddress) return ActRefusals.noAddress;
      return printProduct(request.podPackageId) && SHIPPING_LEVELS.includes(request.shippingLevel) ? null : ActRefusals.product;
    default:
      return null;
  }
}

/** A new request's state: waiting for its quote, or (paid up front) in production with two copies. */
function firstState(input: EliteInput, ms: (name: EliteDurationName) => number): EliteState {
  const start = workflowInfo().startTime.getTime();
  const promise = (name: ElitePromiseName, within: number): PromiseState => ({ name, dueAt: new Date(start + within).toISOString(), metAt: null, remindedAt: null, breachedAt: null });
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
    promises: [promise('quote', ms('quoteWithin'))],
    announced: false,
  };
  if (!input.prepaid) return state;
  return {
    ...state,
    ...eliteStart(true),
    productionStartedAt: new Date(start).toISOString(),
    promises: [promise('first_chapters', ms('firstChaptersWithin')), promise('books', ms('booksWithin'))],
  };
}

/**
 * One Elite Service request (id `elite-<requestId>`), from its receipt to delivered books. The author and the team move
 * it with the `act` update (refused with libs/domain's words when the role or the state does not allow it); the
 * payment workflow signals the quote's payment; timers expire quotes and unpaid checkouts, remind the author of a proof,
 * and keep the §9 promises (a reminder before each is due, the breach recorded when it is missed). Every change is a
 * timeline event written with the request's projection, then mailed on the side. A revised manuscript is rebuilt by a
 * child `package-…` run; printing is a child `print-<orderId>` run of copies already paid. Long runs continue as new.
 */
export async function eliteRequestWorkflow(input: EliteInput): Promise<{ status: EliteStatus }> {
  const { requestId } = input;
  const durations = { ...ELITE_DURATIONS, ...input.durations };
  const ms = (name: EliteDurationName) => msToNumber(durations[name]);
  const historyLimit = input.historyLimit ?? ELITE_HISTORY_LIMIT;
  const state: EliteState = input.state ?? firstState(input, ms);

  /** Work a new run could not pick up: writes queued or running, mails on their way, rebuilds of the book. */
  let writes = 0;
  let mails = 0;
  let rebuilds = 0;
  let written: Promise<void> = Promise.resolve();
  /** The session that paid the accepted quote, until the main loop starts production. */
  let payment: string | null = null;
  /** The print order start_printing asked for, until the main loop has run it. */
  let printing: { orderId: string; podPackageId: string; shippingLevel: ShippingLevel } | null = null;

  const now = () => new Date().toISOString();
  const later = (wait: number) => new Date(Date.now() + wait).toISOString();
  const idle = () => allHandlersFinished() && writes === 0 && mails === 0 && rebuilds === 0;
  const renew = () =>
    state.status !== 'printing' && payment === null && idle() && (workflowInfo().historyLength > historyLimit || workflowInfo().continueAsNewSuggested);
  const facts = (): EliteFacts => ({ status: state.status, step: state.step, stepStarted: state.stepStarted, proof: state.proof, bookReady: state.bookReady });

  /** Runs `work` after every write accepted before it, in that order (the next one runs whether this one succeeds or not). */
  function serially<T>(work: () => Promise<T>): Promise<T> {
    writes++;
    const done = written.then(work);
    written = done.then(
      () => void writes--,
      () => void writes--,
    );
    return done;
  }

  const event = (kind: EliteEventKind, fields: Partial<Omit<EliteEventRecord, 'id' | 'at' | 'kind'>> = {}): EliteEventRecord => ({
    id: uuid4(),
    at: now(),
    kind,
    by: null,
    step: state.step,
    ...fields,
  });

  /** Writes each event with the request's projection as it stands; its mail goes on the side (mail never holds the request up). */
  async function record(...events: EliteEventRecord[]): Promise<void> {
    for (const recorded of events) {
      await recordEliteEvent(requestId, recorded, state);
      mails++;
      void sendMail('elite-event', eliteEventMailId(requestId, recorded.id))
        .catch((error: Error) => log.warn('elite event mail not sent', { requestId, kind: recorded.kind, error: error.message }))
        .finally(() => void mails--);
    }
  }
  const write = (...events: EliteEventRecord[]) => serially(() => record(...events));

  function setStatus(status: EliteStatus): void {
    if (state.status === status) return;
    state.status = status;
    upsertSearchAttributes([{ key: StageAttribute, value: status }]);
  }

  /** Marks a promise met (late or not); the timeline event that says so, if it was not met before. */
  function meet(name: ElitePromiseName): EliteEventRecord[] {
    const promise = state.promises.find((p) => p.name === name);
    if (!promise || promise.metAt) return [];
    promise.metAt = now();
    return [event('promise_met', { note: ELITE_PROMISE_LABELS[name], data: { promise: name, dueAt: promise.dueAt, late: promise.metAt > promise.dueAt } })];
  }

  /** Waits until `done` or the time `at`; whether `done`. */
  async function until(at: number, done: () => boolean): Promise<boolean> {
    const left = at - Date.now();
    return left > 0 ? condition(done, left) : done();
  }

  /** One promise's timer: the reminder `remindBefore` ahead, then the breach when it is due; the request goes on either way. */
  async function keep(promise: PromiseState): Promise<void> {
    const settled = () => promise.metAt !== null || isFinalEliteStatus(state.status);
    const due = Date.parse(promise.dueAt);
    const about = { note: ELITE_PROMISE_LABELS[promise.name], data: { promise: promise.name, dueAt: promise.dueAt } };
    if (!promise.remindedAt && !promise.breachedAt) {
      if (await until(due - ms('remindBefore'), settled)) return;
      promise.remindedAt = now();
      await write(event('sla_reminder', { ...about, data: { ...about.data, assignee: state.assignee?.email ?? null } }));
    }
    if (promise.breachedAt || (await until(due, settled))) return;
    promise.breachedAt = now();
    await write(event('sla_breached', about));
  }

  setHandler(eliteStateQuery, () => state);

  setHandler(elitePaidSignal, async ({ sessionId }) => {
    if (sessionId === state.paidWith || sessionId === payment) return;
    if (state.status === 'awaiting_payment' && payment === null) {
      payment = sessionId;
      return;
    }
    await write(event('paid', { note: Notes.refund(sessionId, state.status), data: { sessionId, refundDue: true } }));
  });

  setHandler(
    actUpdate,
    async (request) => {
      await act(request);
      return state;
    },
    {
      validator: (request) => {
        const actor = request?.actor;
        if (!actor || !text(actor.id) || !text(actor.email) || (actor.role !== 'author' && actor.role !== 'team')) throw new Error(ActRefusals.actor);
        if (!ELITE_ACTIONS.includes(request.action)) throw new Error(ActRefusals.unknown(request.action));
        const step = request.action === 'start_step' || request.action === 'finish_step' ? request.step : undefined;
        const problem =
          eliteRoleProblem(request.action, actor.role) ??
          eliteActionProblem(facts(), request.action, step) ??
          (request.action === 'send_proof' && rebuilds > 0 ? ActRefusals.rebuilding : null) ??
          payloadProblem(request, state);
        if (problem) throw new Error(problem);
      },
    },
  );

  /** Applies one validated action: the state changes at once (a concurrent action sees it), then its writes run in turn. */
  async function act(request: EliteActRequest): Promise<void> {
    const by = request.actor.email;
    switch (request.action) {
      case 'assign':
        state.assignee = { id: request.assignee.id, email: request.assignee.email };
        return write(event('assigned', { by, note: request.assignee.email, data: { assigneeId: request.assignee.id } }));
      case 'send_quote': {
        const { quote } = request;
        const sent: QuoteState = { id: uuid4(), amountCents: quote.amountCents, currency: quote.currency, copies: quote.copies, validUntil: later(ms('quoteValidFor')) };
        const sentAt = now();
        state.quote = sent;
        state.firstQuotedAt ??= sentAt;
        setStatus('quoted');
        const events = [event('quote_sent', { by, note: quote.message, data: { quoteId: sent.id, amountCents: sent.amountCents, currency: sent.currency, copies: sent.copies, validUntil: sent.validUntil } }), ...meet('quote')];
        return serially(async () => {
          await saveEliteQuote(requestId, { ...quote, id: sent.id, sentBy: by, sentAt, validUntil: sent.validUntil });
          await record(...events);
        });
      }
      case 'accept_quote': {
        const quote = state.quote as QuoteState;
        const payBy = later(ms('paymentWindow'));
        state.payBy = payBy;
        setStatus('awaiting_payment');
        const accepted = event('quote_accepted', { by, data: { quoteId: quote.id, amountCents: quote.amountCents, currency: quote.currency, copies: quote.copies, payBy } });
        return serially(async () => {
          await closeEliteQuote(quote.id, 'accepted');
          const checkout = await openEliteCheckout(requestId, quote.id, payBy);
          await record({ ...accepted, data: { ...accepted.data, checkoutUrl: checkout.url, sessionId: checkout.sessionId } });
        });
      }
      case 'decline_quote': {
        const quote = state.quote as QuoteState;
        setStatus('declined');
        const declined = event('quote_declined', { by, note: request.reason?.trim() || null, data: { quoteId: quote.id } });
        return serially(async () => {
          await closeEliteQuote(quote.id, 'declined');
          await record(declined);
        });
      }
      case 'start_step':
        state.stepStarted = true;
        return write(event('step_started', { by, step: request.step, note: request.note?.trim() || null }));
      case 'finish_step': {
        const finished = event('step_finished', { by, step: request.step, note: request.note?.trim() || null });
        state.step = nextEliteStep(request.step);
        state.stepStarted = false;
        // Runs from before press covers were drawn per proof and per order redrew the book's own cover for the press here.
        if (request.step === 'cover_design' && !patched('press-cover-per-proof')) {
          rebuilds++;
          void redrawCover();
        }
        return write(finished, ...(request.step === 'editing' ? meet('first_chapters') : []));
      }
      case 'upload_revision':
        return revise(request.revisionId, request.filename, by);
      case 'send_proof': {
        state.proofRound += 1;
        state.proof = 'awaiting_author';
        const sent = event('proof_sent', { by, step: 'proof', note: request.note?.trim() || null, data: { round: state.proofRound } });
        const proof = { id: uuid4(), round: state.proofRound, by, at: sent.at, note: sent.note ?? null };
        return serially(async () => {
          await sendEliteProof(requestId, proof);
          await record(sent);
        });
      }
      case 'approve_proof': {
        const approved = event('proof_approved', { by, step: 'proof', data: { round: state.proofRound } });
        const round = state.proofRound;
        state.shippingAddress = request.shippingAddress;
        state.step = 'printing';
        state.stepStarted = false;
        state.proof = null;
        return serially(async () => {
          await decideEliteProof(requestId, round, { decision: 'approved', comment: null, by, at: approved.at });
          await record(approved);
        });
      }
      case 'request_changes': {
        const round = state.proofRound;
        state.proof = 'changes_requested';
        const changes = event('changes_requested', { by, step: 'proof', note: request.comment.trim(), data: { round } });
        return serially(async () => {
          await decideEliteProof(requestId, round, { decision: 'changes_requested', comment: request.comment.trim(), by, at: changes.at });
          await record(changes);
        });
      }
      case 'start_printing': {
        printing = { orderId: uuid4(), podPackageId: request.podPackageId, shippingLevel: request.shippingLevel };
        state.printOrderId = printing.orderId;
        state.stepStarted = true;
        setStatus('printing');
        return write(event('printing_started', { by, step: 'printing', data: { ...printing } }));
      }
      case 'cancel': {
        const open = state.status === 'quoted' ? state.quote : null;
        const reason = request.reason.trim();
        setStatus('cancelled');
        state.cancelReason = reason;
        const cancelled = event('cancelled', { by, note: reason, data: { role: request.actor.role } });
        return serially(async () => {
          if (open) await closeEliteQuote(open.id, 'declined');
          await record(cancelled);
        });
      }
      case 'complete':
        setStatus('completed');
        state.completedAt = now();
        return write(event('completed', { by }));
    }
  }

  /**
   * An uploaded revision becomes the book's new chapters first (a manuscript refused leaves the request as it was, and
   * the update fails with why); the book is then rebuilt on the side by a child packaging run.
   */
  async function revise(revisionId: string, filename: string, by: string): Promise<void> {
    let applied: { projectId: string; run: number; chapters: number };
    try {
      applied = await serially(() => applyEliteRevision(requestId, revisionId));
    } catch (error) {
      if (error instanceof ActivityFailure && error.cause instanceof ApplicationFailure && error.cause.type === 'RevisionRefused') {
        throw ApplicationFailure.nonRetryable(error.cause.message, 'RevisionRefused');
      }
      throw error;
    }
    const { projectId, run, chapters } = applied;
    // A request paid up front got its book with this revision: its run becomes findable by the book too.
    if (workflowInfo().typedSearchAttributes.get(ProjectIdAttribute) === undefined) upsertSearchAttributes([{ key: ProjectIdAttribute, value: projectId }]);
    rebuilds++;
    void rebuild(projectId, run);
    await write(event('revision_uploaded', { by, note: filename, data: { revisionId, projectId, run, chapters } }), ...meet('first_chapters'));
  }

  /** Redraws the book's cover for the press once cover design is finished (runs from before press-cover-per-proof only). */
  async function redrawCover(): Promise<void> {
    let book: { projectId: string; run: number } | null = null;
    try {
      book = await countEliteBookRun(requestId);
    } finally {
      if (!book) rebuilds--;
    }
    if (book) await rebuild(book.projectId, book.run, ['cover']);
  }

  async function rebuild(projectId: string, run: number, formats = REBUILD_FORMATS): Promise<void> {
    let outcome: EliteEventRecord;
    try {
      const built = await executeChild(packageWorkflow, { workflowId: packageWorkflowId(projectId, run), args: [{ projectId, run, formats, cover: PRESS_COVER }] });
      state.bookReady = true;
      const note = formats.includes('pdf') ? Notes.rebuilt(built.pageCount) : Notes.coverRedrawn;
      outcome = event('book_rebuilt', { note, data: { run, pageCount: built.pageCount } });
    } catch (error) {
      if (isCancellation(error)) throw error;
      const reason = innermostMessage(error);
      outcome = event('book_rebuilt', { note: Notes.notRebuilt(reason), data: { run, error: reason } });
    } finally {
      rebuilds--;
    }
    // Counted down first: once the timeline shows the rebuild, a proof may be sent.
    await write(outcome);
  }

  /** The quote's payment: production starts with its copies and promises; a payment the request no longer waits for is owed back. */
  async function takePayment(sessionId: string): Promise<void> {
    payment = null;
    if (state.status !== 'awaiting_payment') return write(event('paid', { note: Notes.refund(sessionId, state.status), data: { sessionId, refundDue: true } }));
    const paidAt = now();
    const promise = (name: ElitePromiseName, within: number): PromiseState => ({ name, dueAt: later(within), metAt: null, remindedAt: null, breachedAt: null });
    const started = [promise('first_chapters', ms('firstChaptersWithin')), promise('books', ms('booksWithin'))];
    state.paidWith = sessionId;
    state.paidAt = paidAt;
    state.payBy = null;
    state.step = 'editing';
    state.stepStarted = false;
    state.copies = state.quote?.copies ?? null;
    state.productionStartedAt = paidAt;
    state.promises.push(...started);
    setStatus('in_production');
    for (const promise of started) void keep(promise);
    await write(event('paid', { data: { sessionId, amountCents: state.quote?.amountCents ?? null, currency: state.quote?.currency ?? null } }));
  }

  /** The approved copies: the print order is made, its child run prints and ships them, its outcome comes back here. */
  async function print(order: { orderId: string; podPackageId: string; shippingLevel: ShippingLevel }): Promise<void> {
    const { orderId } = order;
    await serially(() => createElitePrintOrder(requestId, { ...order, at: now() }));
    let failure: string | null = null;
    try {
      await executeChild(printOrderWorkflow, {
        workflowId: printOrderWorkflowId(orderId),
        args: [{ orderId, prepaidBy: eliteWorkflowId(requestId) }],
        // The order is the author's whatever becomes of this run.
        parentClosePolicy: ParentClosePolicy.ABANDON,
      });
    } catch (error) {
      if (isCancellation(error)) throw error;
      failure = innermostMessage(error);
    }
    const outcome = await elitePrintOutcome(orderId);
    printing = null;
    if (failure === null && (outcome.orderStatus === 'shipped' || outcome.orderStatus === 'delivered')) {
      state.deliveredAt = now();
      setStatus('delivered');
      const tracking = [outcome.trackingId, outcome.carrierName].filter(Boolean).join(', ');
      const delivered = event('delivered', { step: 'printing', note: tracking ? `Tracking ${tracking}` : null, data: { orderId, ...outcome } });
      return write(delivered, ...meet('books'));
    }
    // The team may start printing again (another order).
    state.stepStarted = false;
    setStatus('in_production');
    await write(event('print_status', { step: 'printing', note: failure ?? outcome.errorMessage ?? Notes.printEnded(outcome.orderStatus), data: { orderId, orderStatus: outcome.orderStatus } }));
  }

  /** One turn of the main loop: waits (always with a time-out) for what the request's status waits for, and acts on it. */
  async function advance(): Promise<void> {
    if (payment !== null) return takePayment(payment);
    const where = () => [state.status, state.step, state.proof, state.proofRound, state.quote?.id].join('|');
    const seen = where();
    const moved = () => where() !== seen || payment !== null || renew();
    switch (state.status) {
      case 'quoted': {
        const quote = state.quote as QuoteState;
        if (await until(Date.parse(quote.validUntil), moved)) return;
        setStatus('expired');
        const expired = event('quote_expired', { data: { quoteId: quote.id, validUntil: quote.validUntil } });
        return serially(async () => {
          await closeEliteQuote(quote.id, 'expired');
          await record(expired);
        });
      }
      case 'awaiting_payment': {
        const payBy = state.payBy as string;
        if (await until(Date.parse(payBy), moved)) return;
        setStatus('expired');
        return write(event('payment_expired', { data: { payBy } }));
      }
      case 'in_production':
        if (state.proof === 'awaiting_author') {
          if (await condition(moved, ms('proofReminderEvery'))) return;
          return write(event('proof_reminder', { step: 'proof', data: { round: state.proofRound } }));
        }
        await condition(moved, LOOK_AGAIN);
        return;
      case 'printing':
        if (printing) return print(printing);
        await condition(moved, LOOK_AGAIN);
        return;
      case 'delivered': {
        if (await until(Date.parse(state.deliveredAt as string) + ms('closeAfterDelivery'), moved)) return;
        state.completedAt = now();
        setStatus('completed');
        return write(event('completed'));
      }
      default:
        await condition(moved, LOOK_AGAIN);
    }
  }

  if (!state.announced) {
    state.announced = true;
    upsertSearchAttributes([{ key: StageAttribute, value: state.status }]);
    await write(event('received', { data: { prepaid: input.prepaid } }));
  }
  for (const promise of state.promises) if (!promise.metAt) void keep(promise);

  let renewing = false;
  while (!isFinalEliteStatus(state.status)) {
    if (renew()) {
      renewing = true;
      break;
    }
    await advance();
  }
  if (renewing) await continueAsNew<typeof eliteRequestWorkflow>({ ...input, state });
  // A payment remembered as the request ended is owed back.
  if (payment !== null) await takePayment(payment);
  await condition(idle);
  return { status: state.status };
}
