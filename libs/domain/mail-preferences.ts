import type { Role } from './accounts.ts';
import type { EliteEventKind } from './elite.ts';
import type { PrintOrderStatus } from './print.ts';
import type { MailKind } from './workflow-ids.ts';

// Which mail Pressroom sends at once and which a person may put in a daily digest or turn off: the one home of that
// classification. Mail someone must know of or act on is always sent at once; progress news follows their choice.

/** Mail that cannot be turned off: account and security mail, receipts, a quote to accept, a proof to approve, a payment needed, a shipment with its tracking, a failure to act on. */
export const MUST_KNOW = 'must_know';

/** The kinds of news a person chooses how to hear of. `team`: offered only to the Elite team and admins. */
export const MAIL_CATEGORIES = ['print_progress', 'elite_progress', 'elite_team'] as const;
export type MailCategory = (typeof MAIL_CATEGORIES)[number];
export type MailClass = MailCategory | typeof MUST_KNOW;

export const MAIL_DELIVERIES = ['now', 'digest', 'off'] as const;
export type MailDeliveryChoice = (typeof MAIL_DELIVERIES)[number];
export type MailPreferences = Record<MailCategory, MailDeliveryChoice>;

export const MAIL_CATEGORY_INFO: Readonly<Record<MailCategory, { label: string; about: string; team: boolean }>> = {
  print_progress: { label: 'Print order progress', about: 'Paid, at the printer, being prepared, being printed.', team: false },
  elite_progress: { label: 'Elite Service progress', about: 'Production started, a step started or finished, your revised book rebuilt, printing started, the books received, the request completed.', team: false },
  elite_team: { label: 'Elite requests (team)', about: 'A new request, a quote accepted or declined, a payment, a proof approved or sent back, a cancellation, a rebuild that failed.', team: true },
};

export const MAIL_DELIVERY_LABELS: Readonly<Record<MailDeliveryChoice, string>> = { now: 'At once', digest: 'In a daily digest', off: 'Off' };

export const MUST_KNOW_NOTE =
  'Always sent at once and cannot be turned off: account and security mail, receipts, a quote to accept, a proof to approve, a payment needed, a shipment with its tracking, and anything that failed and needs you. Deadline reminders reach the team at once too.';

export const DEFAULT_MAIL_PREFERENCES: Readonly<MailPreferences> = { print_progress: 'digest', elite_progress: 'digest', elite_team: 'now' };

/** The categories `role` may choose for (the team's own mail only for back-office roles). */
export const mailCategoriesFor = (role: Role): MailCategory[] => MAIL_CATEGORIES.filter((category) => !MAIL_CATEGORY_INFO[category].team || role !== 'user');

export const MailPreferenceMessages = {
  choice: (category: string) => `${category} must be one of ${MAIL_DELIVERIES.join(', ')}`,
  object: 'preferences must be an object of categories',
  unknown: (category: string) => `${category} is not a kind of mail you can choose for`,
} as const;

/** The stored choices over the defaults (an unknown or missing entry keeps its default). */
export function mailPreferences(stored: Readonly<Record<string, unknown>> | null | undefined): MailPreferences {
  const chosen = { ...DEFAULT_MAIL_PREFERENCES };
  for (const category of MAIL_CATEGORIES) {
    const value = stored?.[category];
    if ((MAIL_DELIVERIES as readonly unknown[]).includes(value)) chosen[category] = value as MailDeliveryChoice;
  }
  return chosen;
}

/** How a message of `mailClass` reaches a person with `preferences`: must-know mail always at once. */
export const deliveryOf = (mailClass: MailClass, preferences: MailPreferences): MailDeliveryChoice => (mailClass === MUST_KNOW ? 'now' : preferences[mailClass]);

/**
 * Every kind of mail the workflows send, and its class. The account mail the API sends itself (confirmation links,
 * password reset, re-authentication codes, e-mail change notices) is must-know too and never passes a preference.
 */
export const MAIL_KIND_CLASSES: Readonly<Record<MailKind, MailClass | 'per status' | 'per event'>> = {
  'purchase-receipt': MUST_KNOW,
  'sale-ebook': MUST_KNOW,
  'book-request': MUST_KNOW,
  'elite-details': MUST_KNOW,
  'print-status': 'per status',
  'elite-event': 'per event',
};

const PRINT_MUST_KNOW: readonly PrintOrderStatus[] = ['unpaid', 'shipped', 'failed', 'error', 'cancelled'];
/** A print order's status mail: a payment needed, the shipment with tracking and failures at once; the rest is progress. */
export const printStatusMailClass = (status: PrintOrderStatus): MailClass => (PRINT_MUST_KNOW.includes(status) ? MUST_KNOW : 'print_progress');

const ELITE_AUTHOR_MUST_KNOW: readonly EliteEventKind[] = ['received', 'quote_sent', 'quote_expired', 'payment_expired', 'proof_sent', 'proof_reminder', 'shipped', 'cancelled'];
const ELITE_TEAM_MUST_KNOW: readonly EliteEventKind[] = ['sla_reminder', 'sla_breached'];
/** An Elite event's mail to the author (`author`) or to the team (`team`, support and admins). */
export function eliteEventMailClass(kind: EliteEventKind, to: 'author' | 'team'): MailClass {
  if (to === 'author') return ELITE_AUTHOR_MUST_KNOW.includes(kind) ? MUST_KNOW : 'elite_progress';
  return ELITE_TEAM_MUST_KNOW.includes(kind) ? MUST_KNOW : 'elite_team';
}

/**
 * What an Elite event's mail is about, so the same thing is said once however often it is recorded: a rebuild per
 * book run (a cover redrawn for the same run is the same book), a proof per round, a step's start or end per step.
 */
export function eliteMailSubjectKey(kind: EliteEventKind, eventId: string, step: string | null, data: Readonly<Record<string, unknown>> | null): string {
  const value = (name: string) => (typeof data?.[name] === 'string' || typeof data?.[name] === 'number' ? String(data[name]) : null);
  const about: Partial<Record<EliteEventKind, string | null>> = {
    received: 'request',
    book_rebuilt: value('error') === null && value('run') !== null ? `run-${value('run')}` : null,
    proof_sent: value('round') !== null ? `round-${value('round')}` : null,
    step_started: step,
    step_finished: step,
    printing_started: value('orderId'),
    shipped: value('orderId'),
    delivered: value('orderId'),
    completed: 'request',
  };
  return `${kind}:${about[kind] ?? eventId}`;
}

/** The digest's subject for `count` pieces of news. */
export const digestSubject = (count: number) => `Your Pressroom digest: ${count} update${count === 1 ? '' : 's'}`;
