import { msToNumber } from '@temporalio/common/lib/time.js';
import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  isCancellation,
  log,
  patched,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { createActivities } from '../../activities/index.ts';
import type { PrintJobState } from '../../libs/print/provider.ts';
import {
  AddressBookMessages,
  addressProblems,
  FINAL_PRINT_ORDER_STATUSES,
  innermostMessage,
  isAnnouncedPrintStatus,
  orderStatusForLulu,
  PRINT_PAYMENT_REMINDER_AFTER,
  PRINT_PAYMENT_WINDOW,
  PrintOrderProblems,
  printStatusMailId,
  type PrintOrderChange,
  type PrintOrderStatus,
} from '../../libs/domain/index.ts';
import { bookkeepingOptions, mailOptions, printPollOptions, printPreflightOptions, printProviderOptions, typesettingOptions } from '../activity-options.ts';
import { changeAddressUpdate, paidSignal, printOrderStatusQuery, providerChangedSignal, refreshSignal, type FollowedJob, type PrintOrderInput } from './messages.ts';

type Activities = ReturnType<typeof createActivities>;
const { recordPrintOrderChange, recordLatePayment, quotePrintOrder, recordPrintOrderAddress } = proxyActivities<Activities>(bookkeepingOptions);
const { preflightPrintOrder } = proxyActivities<Activities>(printPreflightOptions);
// Typesetting's options: the drawing heartbeats, so an attempt lost with its worker is retried within half a minute.
const { drawPrintOrderCover } = proxyActivities<Activities>(typesettingOptions);
/** The file work with a heartbeat time-out of the input's (a drill's lost worker is taken over sooner); same commands. */
const fileWork = (heartbeatTimeout: PrintOrderInput['heartbeatTimeout']) =>
  heartbeatTimeout
    ? {
        drawPrintOrderCover: proxyActivities<Activities>({ ...typesettingOptions, heartbeatTimeout }).drawPrintOrderCover,
        preflightPrintOrder: proxyActivities<Activities>({ ...printPreflightOptions, heartbeatTimeout }).preflightPrintOrder,
      }
    : { drawPrintOrderCover, preflightPrintOrder };
const { openPrintCheckout, submitPrintJob } = proxyActivities<Activities>(printProviderOptions);
const { fetchPrintJob } = proxyActivities<Activities>(printPollOptions);
const { sendMail } = proxyActivities<Activities>(mailOptions);

const DEFAULT_POLL_EVERY = '1 minute';
const DEFAULT_POLL_AT_MOST = '1 hour';
const DEFAULT_POLLS_PER_RUN = 500;

const isFinal = (status: PrintOrderStatus) => FINAL_PRINT_ORDER_STATUSES.includes(status);
const trackingOf = (job: PrintJobState) => (job.trackingId || job.trackingUrls.length ? { id: job.trackingId, carrier: job.carrierName, urls: job.trackingUrls } : null);

/** The provider's refusal of the job (a 4xx), with its message; null for any other failure. */
function refusal(error: unknown): string | null {
  const cause = error instanceof ActivityFailure ? error.cause : null;
  return cause instanceof ApplicationFailure && cause.type === 'PrintJobRefused' ? cause.message : null;
}

/**
 * One print order (id `print-<orderId>`), started by the API once the order row exists in 'draft': its cover drawn
 * from the book's design for the product, preflight of its files → its price again → payment through Stripe Checkout
 * (cancelled when unpaid in time) → the print job at the provider → following the job until it ships or ends.
 * Webhooks and the refresh button wake it at once; between them it polls on durable timers, backing off. Every change
 * is written to the row (with its timeline entry and the author's in-app notification) and mailed to the author once
 * per status. Long runs continue as new.
 */
export async function printOrderWorkflow(input: PrintOrderInput): Promise<{ status: PrintOrderStatus }> {
  const { orderId } = input;
  let status: PrintOrderStatus = input.following?.orderStatus ?? 'draft';
  let paidWith: string | null = null;
  /** Set once the payment window closed unpaid: a payment after that needs a refund, not a print job. */
  let paymentClosed = false;
  let wake = false;
  const mails: Promise<void>[] = [];
  /** Once the job is on its way to the printer the address is the printer's: corrections are refused from then on. */
  let submitted = input.following !== undefined;
  let addressWrites = 0;

  setHandler(printOrderStatusQuery, () => status);
  setHandler(paidSignal, async ({ sessionId }) => {
    if (!paymentClosed) paidWith ??= sessionId;
    else await recordLatePayment(orderId, sessionId);
  });
  setHandler(providerChangedSignal, () => {
    wake = true;
  });
  setHandler(refreshSignal, () => {
    wake = true;
  });
  setHandler(
    changeAddressUpdate,
    async ({ address, by }) => {
      addressWrites++;
      try {
        await recordPrintOrderAddress(orderId, { address, by, at: new Date().toISOString() });
      } finally {
        addressWrites--;
      }
    },
    {
      validator: ({ address }) => {
        if (submitted || isFinal(status)) throw new Error(AddressBookMessages.changeRefused);
        const problems = Object.values(addressProblems(address ?? {}));
        if (problems.length) throw new Error(problems.join('. '));
      },
    },
  );

  /** `quiet`: recorded without its mail (the payment request waits until the author has left the checkout). */
  async function change(next: Omit<PrintOrderChange, 'at'>, quiet = false): Promise<void> {
    await recordPrintOrderChange(orderId, { at: new Date().toISOString(), ...next });
    const before = status;
    status = next.orderStatus;
    if (before === status || !isAnnouncedPrintStatus(status) || quiet) return;
    announce(status);
  }

  function announce(announced: PrintOrderStatus): void {
    // Mail never holds the order up: SMTP may be down for a while, and a message that cannot be sent is only logged.
    mails.push(
      sendMail('print-status', printStatusMailId(orderId, announced)).then(
        () => undefined,
        (error: Error) => log.warn('print status mail not sent', { orderId, status: announced, error: error.message }),
      ),
    );
  }

  /**
   * Waits for the payment until `payBy` (epoch ms). The payment request is mailed only once the author has had time to
   * pay at the checkout they were sent to (and its webhook to arrive), and only if it is still unpaid then; runs from
   * before this mailed it at once.
   */
  async function awaitPayment(payBy: number, remindLater: boolean): Promise<boolean> {
    const paid = () => paidWith !== null;
    const until = async (at: number) => (at > Date.now() ? condition(paid, at - Date.now()) : paid());
    if (!remindLater) return until(payBy);
    const remindAt = Math.min(payBy, Date.now() + msToNumber(input.paymentReminderAfter ?? PRINT_PAYMENT_REMINDER_AFTER));
    if (await until(remindAt)) return true;
    if (remindAt >= payBy) return false;
    announce('unpaid');
    return until(payBy);
  }

  /** Records what the provider reports when it differs from what was last recorded; true when it did. */
  async function record(job: PrintJobState, followed: FollowedJob): Promise<boolean> {
    const tracking = trackingOf(job);
    const trackingKey = tracking ? JSON.stringify(tracking) : null;
    if (job.status === followed.luluStatus && trackingKey === followed.tracking) return false;
    const orderStatus = orderStatusForLulu(job.status);
    const ended = orderStatus === 'failed' || orderStatus === 'cancelled' || orderStatus === 'error';
    await change({
      orderStatus,
      luluStatus: job.status,
      jobId: job.id,
      ...(tracking ? { tracking } : {}),
      ...(ended && job.message ? { errorMessage: job.message } : {}),
      ...(job.status === followed.luluStatus && tracking ? { note: `Tracking ${[tracking.id, tracking.carrier].filter(Boolean).join(', ')}` } : {}),
    });
    Object.assign(followed, { orderStatus, luluStatus: job.status, tracking: trackingKey });
    return true;
  }

  /** Preflight, price, payment (unless prepaid) and the print job; the job to follow, or null when the order ended before it. */
  async function place(): Promise<FollowedJob | null> {
    await change({ orderStatus: 'validating' });
    const files = fileWork(input.heartbeatTimeout);
    // The order's own cover, drawn from the book's design for the product (orders placed before this copied the book's).
    if (patched('order-draws-its-cover')) await files.drawPrintOrderCover(orderId);
    const preflight = await files.preflightPrintOrder(orderId);
    if (preflight.errors.length) {
      await change({ orderStatus: 'failed', errorMessage: preflight.errors.join(' ') });
      return null;
    }
    if (input.prepaidBy) {
      await change({ orderStatus: 'paid', note: `Paid by ${input.prepaidBy}` });
      return submit();
    }
    await quotePrintOrder(orderId, new Date().toISOString());

    // The window runs from the order's placing, however long the steps before took.
    const payBy = workflowInfo().startTime.getTime() + msToNumber(input.paymentWindow ?? PRINT_PAYMENT_WINDOW);
    await openPrintCheckout(orderId, new Date(payBy).toISOString());
    const remindLater = patched('payment-reminder-after-checkout');
    await change({ orderStatus: 'unpaid' }, remindLater);
    const paid = await awaitPayment(payBy, remindLater);
    if (!paid) {
      paymentClosed = true;
      await change({ orderStatus: 'cancelled', errorMessage: PrintOrderProblems.unpaid });
      return null;
    }
    await change({ orderStatus: 'paid', note: `Paid: ${paidWith}` });
    return submit();
  }

  /** Sends the paid order to the provider; the job to follow, or null when the provider refused it. */
  async function submit(): Promise<FollowedJob | null> {
    submitted = true;
    // A correction taken just before is written first, so the job carries it.
    if (addressWrites > 0) await condition(() => addressWrites === 0);
    let job: PrintJobState;
    try {
      job = await submitPrintJob(orderId);
    } catch (error) {
      const refused = refusal(error);
      if (refused === null) throw error;
      await change({ orderStatus: 'failed', errorMessage: refused });
      return null;
    }
    const followed: FollowedJob = { jobId: job.id, orderStatus: status, luluStatus: null, tracking: null };
    await record(job, followed);
    return followed;
  }

  /** Follows the job until it ends; 'continue' when this run has polled enough and a new run takes over. */
  async function follow(followed: FollowedJob): Promise<'ended' | 'continue'> {
    const first = msToNumber(input.pollEvery ?? DEFAULT_POLL_EVERY);
    const most = Math.max(first, msToNumber(input.pollAtMost ?? DEFAULT_POLL_AT_MOST));
    const pollsPerRun = input.pollsPerRun ?? DEFAULT_POLLS_PER_RUN;
    let delay = first;
    for (let polls = 0; !isFinal(status); polls++) {
      if (polls >= pollsPerRun || workflowInfo().continueAsNewSuggested) return 'continue';
      await condition(() => wake, delay);
      wake = false;
      let job: PrintJobState;
      try {
        job = await fetchPrintJob(followed.jobId);
      } catch (error) {
        log.warn('print job not fetched; the next poll tries again', { orderId, jobId: followed.jobId, error: innermostMessage(error) });
        delay = Math.min(delay * 2, most);
        continue;
      }
      delay = (await record(job, followed)) ? first : Math.min(delay * 2, most);
    }
    return 'ended';
  }

  let next: FollowedJob | null = null;
  try {
    const followed = input.following ?? (await place());
    if (followed && (await follow(followed)) === 'continue') next = followed;
  } catch (error) {
    if (isCancellation(error)) throw error;
    log.error('print order stopped', { orderId, error: innermostMessage(error) });
    await change({ orderStatus: 'error', errorMessage: PrintOrderProblems.stopped, note: innermostMessage(error) });
  }
  await Promise.all(mails);
  await condition(allHandlersFinished);
  if (next) await continueAsNew<typeof printOrderWorkflow>({ ...input, following: next });
  return { status };
}
