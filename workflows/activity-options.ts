import type { ActivityOptions, Duration, LocalActivityOptions, RetryPolicy } from '@temporalio/common';
import { AUTHOR_FIXES } from '../libs/domain/index.ts';

/** The activity option groups the workflows share: one place decides how each kind of work times out and retries. */

/** Database bookkeeping: quick, and retried until the database answers. */
export const bookkeepingOptions: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', backoffCoefficient: 2 },
};

/**
 * Pruning old rows: batches of a second or less each, heartbeating after each, so a backlog of any size has the time it
 * needs while a stalled attempt is retried within the heartbeat time-out.
 */
export const pruningOptions: ActivityOptions = { ...bookkeepingOptions, startToCloseTimeout: '30 minutes', heartbeatTimeout: '1 minute' };

/**
 * Bookkeeping whose repeat is harmless (an upsert, a status set), run as a local activity inside the workflow task that
 * asks for it: one marker in the history instead of an activity task's three events and the workflow task it wakes.
 */
export const localBookkeepingOptions: LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: bookkeepingOptions.retry,
};

/** Errors a provider call will never get past by retrying. */
const PERMANENT = ['ProviderError', 'ProviderUnavailable', 'InvalidChapter', 'NoChapters'];

/** Provider calls: retried with backoff on 429, 5xx and time-outs; permanent errors fail at once. */
export const writingOptions = (heartbeatTimeout: Duration): ActivityOptions => ({
  startToCloseTimeout: '4 minutes',
  heartbeatTimeout,
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute', backoffCoefficient: 2, maximumAttempts: 6, nonRetryableErrorTypes: PERMANENT },
});

/**
 * Typesetting is CPU work in the worker: one attempt should do, a few more cover a worker that died. Text no font can
 * print (libs/render/fonts.ts) fails at once: only an edit gets past it.
 */
export const renderingOptions: ActivityOptions = {
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '2 seconds', maximumAttempts: 3, nonRetryableErrorTypes: [...AUTHOR_FIXES] },
};

/**
 * A packaging run's typesetting (the interior PDF with its previews, the cover): these activities heartbeat while they
 * work (activities/heartbeat.ts), so an attempt whose worker died or stalled is retried within half a minute; the
 * start-to-close time-out is a few times the longest build measured under load.
 */
export const typesettingOptions: ActivityOptions = {
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', maximumAttempts: 3, nonRetryableErrorTypes: [...AUTHOR_FIXES] },
};

/** The formats built from the typeset book (EPUB, DOCX, the Quarto zip): seconds of work, so a hung attempt is given up on within two minutes. */
export const packagingOptions: ActivityOptions = { ...typesettingOptions, startToCloseTimeout: '2 minutes' };

/**
 * A rebuild nobody waits on at the page (an Elite revision's): a MinIO or PostgreSQL outage of a minute or more is ridden
 * out rather than ending in "not rebuilt": eight attempts backing off to 30 s apart span about two minutes, still bounded.
 */
const OUTAGE_RETRY: RetryPolicy = { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 8, nonRetryableErrorTypes: [...AUTHOR_FIXES] };
export const outlastingTypesettingOptions: ActivityOptions = { ...typesettingOptions, retry: OUTAGE_RETRY };
export const outlastingPackagingOptions: ActivityOptions = { ...packagingOptions, retry: OUTAGE_RETRY };

/**
 * Mail: SMTP may be down for a while; keep trying for a day, backing off to once every ten minutes. The sending
 * heartbeats, so a mail whose worker died is sent by another within 20 s rather than at the minute's end.
 */
export const mailOptions: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '20 seconds',
  scheduleToCloseTimeout: '1 day',
  retry: { initialInterval: '5 seconds', maximumInterval: '10 minutes', backoffCoefficient: 2, nonRetryableErrorTypes: ['MailRefused'] },
};

/**
 * A print order's calls out (the print provider, Stripe): retried with backoff on 429, 5xx and time-outs for up to a
 * day, so an outage only delays the order; a refusal (4xx) fails at once.
 */
export const printProviderOptions: ActivityOptions = {
  startToCloseTimeout: '2 minutes',
  scheduleToCloseTimeout: '1 day',
  retry: { initialInterval: '1 second', maximumInterval: '10 minutes', backoffCoefficient: 2, nonRetryableErrorTypes: ['PrintJobRefused', 'CheckoutRefused'] },
};

/** One look at a print job being followed: a few quick tries, then the next poll tries again. */
export const printPollOptions: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds', backoffCoefficient: 2, maximumAttempts: 3 },
};

/**
 * Preflight downloads the book's PDFs and reads them with poppler: minutes for a big book, a few tries for a lost worker
 * (it heartbeats, so an attempt whose worker died is retried within half a minute).
 */
export const printPreflightOptions: ActivityOptions = {
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute', backoffCoefficient: 2, maximumAttempts: 5 },
};
