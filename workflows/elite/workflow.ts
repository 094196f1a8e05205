import { msToNumber } from '@temporalio/common/lib/time.js';
import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  executeChild,
  isCancellation,
  patched,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import type { createActivities } from '../../activities/index.ts';
import {
  BOOK_FORMATS,
  DEFAULT_COVER_CHOICE,
  ELITE_DURATIONS,
  ELITE_HISTORY_LIMIT,
  EliteNotes,
  innermostMessage,
  isFinalEliteStatus,
  nextEliteStep,
  packageWorkflowId,
  PRESS_COVER_TEMPLATE,
  type CoverChoice,
  type EliteDurationName,
  type EliteEventRecord,
  type EliteStatus,
  type PackageFormat,
} from '../../libs/domain/index.ts';
import { bookkeepingOptions, printProviderOptions, renderingOptions } from '../activity-options.ts';
import { packageWorkflow } from '../package/workflow.ts';
import { ProjectIdAttribute, StageAttribute } from '../search-attributes.ts';
import { actUpdate, elitePaidSignal, eliteStateQuery, type EliteActRequest, type EliteInput, type EliteState, type PromiseState, type QuoteState } from './messages.ts';
import { keepPromise, until } from './promises.ts';
import { actRefusal, eliteWait, firstState, productionPromises, startProduction } from './rules.ts';
import { eliteTimeline } from './timeline.ts';
import { handleEliteAddressChanges } from './address.ts';
import { printEliteCopies, type ElitePrintJob } from './printing.ts';

type Activities = ReturnType<typeof createActivities>;
const { saveEliteQuote, closeEliteQuote, sendEliteProof, decideEliteProof, countEliteBookRun } = proxyActivities<Activities>(bookkeepingOptions);
const { openEliteCheckout } = proxyActivities<Activities>(printProviderOptions);
const { applyEliteRevision } = proxyActivities<Activities>(renderingOptions);

/** A revision changes the page count, and the print cover's spine follows it: the cover is rebuilt with the book. */
const REBUILD_FORMATS: PackageFormat[] = [...BOOK_FORMATS, 'cover'];
/** An Elite book is printed by Pressroom's own print service: its cover is drawn for that service's press. */
const PRESS_COVER: CoverChoice = { ...DEFAULT_COVER_CHOICE, template: PRESS_COVER_TEMPLATE };
/** Waits with nothing due still end now and then, so a long quiet request gets a look at its history's length. */
const LOOK_AGAIN = '1 day';

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
  const state: EliteState = input.state ?? firstState(input, workflowInfo().startTime.getTime(), ms);

  const timeline = eliteTimeline(requestId, state);
  const { serially, event, record, write, meet, settled } = timeline;
  const keep = (promise: PromiseState) => keepPromise(promise, state, ms, timeline);
  /** Work a new run could not pick up: the timeline's writes and mails, and rebuilds of the book. */
  let rebuilds = 0;
  /** The session that paid the accepted quote, until the main loop starts production. */
  let payment: string | null = null;
  /** The print order start_printing asked for, until the main loop has run it. */
  let printing: ElitePrintJob | null = null;

  const now = () => new Date().toISOString();
  const later = (wait: number) => new Date(Date.now() + wait).toISOString();
  const idle = () => allHandlersFinished() && settled() && rebuilds === 0;
  const renew = () =>
    state.status !== 'printing' && payment === null && idle() && (workflowInfo().historyLength > historyLimit || workflowInfo().continueAsNewSuggested);

  function setStatus(status: EliteStatus): void {
    if (state.status === status) return;
    state.status = status;
    upsertSearchAttributes([{ key: StageAttribute, value: status }]);
  }

  setHandler(eliteStateQuery, () => state);
  handleEliteAddressChanges(requestId, state, serially);

  setHandler(elitePaidSignal, async ({ sessionId }) => {
    if (sessionId === state.paidWith || sessionId === payment) return;
    if (state.status === 'awaiting_payment' && payment === null) {
      payment = sessionId;
      return;
    }
    await write(event('paid', { note: EliteNotes.refund(sessionId, state.status), data: { sessionId, refundDue: true } }));
  });

  setHandler(
    actUpdate,
    async (request) => {
      await act(request);
      return state;
    },
    {
      validator: (request) => {
        const problem = actRefusal(request, state, rebuilds > 0);
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
      case 'confirm_receipt':
        state.deliveredAt = now();
        setStatus('delivered');
        return write(event('delivered', { by, step: 'printing', note: EliteNotes.receiptConfirmed }));
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
      // A rebuild rides out a storage or database outage of a minute or more; runs recorded before asked for the quick retries.
      const outlastOutages = patched('elite-rebuild-outlasts-outages') ? { outlastOutages: true } : {};
      const heartbeat = input.rebuildHeartbeatTimeout ? { heartbeatTimeout: input.rebuildHeartbeatTimeout } : {};
      const built = await executeChild(packageWorkflow, { workflowId: packageWorkflowId(projectId, run), args: [{ projectId, run, formats, cover: PRESS_COVER, ...outlastOutages, ...heartbeat }] });
      state.bookReady = true;
      const note = formats.includes('pdf') ? EliteNotes.rebuilt(built.pageCount) : EliteNotes.coverRedrawn;
      outcome = event('book_rebuilt', { note, data: { run, pageCount: built.pageCount } });
    } catch (error) {
      if (isCancellation(error)) throw error;
      const reason = innermostMessage(error);
      outcome = event('book_rebuilt', { note: EliteNotes.notRebuilt(reason), data: { run, error: reason } });
    } finally {
      rebuilds--;
    }
    // Counted down first: once the timeline shows the rebuild, a proof may be sent.
    await write(outcome);
  }

  /** The quote's payment: production starts with its copies and promises; a payment the request no longer waits for is owed back. */
  async function takePayment(sessionId: string): Promise<void> {
    payment = null;
    if (state.status !== 'awaiting_payment') return write(event('paid', { note: EliteNotes.refund(sessionId, state.status), data: { sessionId, refundDue: true } }));
    const paidAt = now();
    // Runs from before this promised first chapters for a book already written too.
    const finished = patched('elite-promises-from-quote') && state.bookReady;
    const started = productionPromises(Date.now(), ms, finished);
    startProduction(state, sessionId, paidAt, started);
    setStatus('in_production');
    for (const promise of started) void keep(promise);
    await write(event('paid', { data: { sessionId, amountCents: state.quote?.amountCents ?? null, currency: state.quote?.currency ?? null } }));
  }

  /** One turn of the main loop: waits (always with a time-out) for what the request's status waits for, and acts on it. */
  async function advance(): Promise<void> {
    if (payment !== null) return takePayment(payment);
    if (state.status === 'printing' && printing) return printEliteCopies({ requestId, state, timeline, setStatus, ended: () => void (printing = null) }, printing);
    const where = () => [state.status, state.step, state.proof, state.proofRound, state.quote?.id].join('|');
    const seen = where();
    const moved = () => where() !== seen || payment !== null || renew();
    const wait = eliteWait(state, ms);
    if (wait === null) {
      await condition(moved, LOOK_AGAIN);
      return;
    }
    if ('every' in wait ? await condition(moved, wait.every) : await until(wait.at, moved)) return;
    switch (wait.then) {
      case 'quote_expired': {
        const quote = state.quote as QuoteState;
        setStatus('expired');
        const expired = event('quote_expired', { data: { quoteId: quote.id, validUntil: quote.validUntil } });
        return serially(async () => {
          await closeEliteQuote(quote.id, 'expired');
          await record(expired);
        });
      }
      case 'payment_expired':
        setStatus('expired');
        return write(event('payment_expired', { data: { payBy: state.payBy } }));
      case 'proof_reminder':
        return write(event('proof_reminder', { step: 'proof', data: { round: state.proofRound } }));
      case 'completed':
        state.completedAt = now();
        setStatus('completed');
        return write(event('completed'));
      case 'closed_shipped':
        state.completedAt = now();
        setStatus('completed');
        return write(event('completed', { note: EliteNotes.closedShipped }));
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
