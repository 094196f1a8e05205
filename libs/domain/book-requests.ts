// Book requests (form_submissions): what an author may send, and how the team moves a request along (document 1, §3–§5, §7).
import type { BookRequestStatus } from './accounts.ts';
import { SUPPORT_PROMISES } from './payments.ts';

/** Field lengths the API accepts (the spec sets none; these keep a request to what a person writes). */
export const BOOK_REQUEST_LIMITS = { name: 255, email: 255, bookTopic: 255, bookStyle: 60, bookDescription: 5000, additionalNotes: 5000 } as const;

/**
 * A style is a key like "executive-memoir" (the dashboard shows it as "Executive Memoir"). What a person types is
 * keyed the same way, so "Executive Memoir" is stored as "executive-memoir"; anything that is not words and digits is refused.
 */
export const bookStyleKey = (style: string) => style.trim().toLowerCase().replace(/[\s_]+/g, '-');
export const isBookStyleKey = (key: string) => /^[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*$/u.test(key);

/** A request is confirmed to, and answered at, the account's own address, so that address must be confirmed first. */
export const BookRequestAccountMessages = {
  verifiedEmailRequired: 'Confirm your e-mail address first: open the link we e-mailed you, or resend it from your dashboard. We answer book requests at that address.',
} as const;

/** The team answers a new request within this time (the spec's "questions answered by e-mail within 24 hours"). */
export const BOOK_REQUEST_RESPONSE_TIME = SUPPORT_PROMISES.contact;

/** Where a request may go next: the team starts or cancels a pending one, and completes or cancels one in progress. */
export const BOOK_REQUEST_NEXT: Readonly<Record<BookRequestStatus, readonly BookRequestStatus[]>> = {
  pending: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export const isFinalBookRequestStatus = (status: BookRequestStatus) => BOOK_REQUEST_NEXT[status].length === 0;

export const BookRequestStatusMessages = {
  final: (status: string) => `This request is ${status}: its status can no longer change`,
  notAllowed: (from: string, to: string, allowed: readonly string[]) => `This request is ${from}: it can become ${allowed.join(' or ')}, not ${to}`,
  noWorkflow: 'This request is not being tracked by a workflow, so its status cannot change here',
} as const;

/** Why `from` may not become `to`, or null when it may. */
export function bookRequestTransitionProblem(from: BookRequestStatus, to: string): string | null {
  const allowed = BOOK_REQUEST_NEXT[from];
  if (!allowed.length) return BookRequestStatusMessages.final(from);
  return (allowed as readonly string[]).includes(to) ? null : BookRequestStatusMessages.notAllowed(from, to, allowed);
}

/** The submission form's checks (the API answers them as 400 details). */
export const BookRequestFieldMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  topicRequired: 'Book topic is required',
  descriptionRequired: 'Book description is required',
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or less`,
  style: 'Style must be words joined by hyphens, e.g. executive-memoir',
} as const;
