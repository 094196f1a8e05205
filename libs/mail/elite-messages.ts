import type { EliteNotification } from '../contracts/index.ts';
import { ELITE_FORM, ELITE_STEP_LABELS, formatAmount, SUPPORT_PROMISES, type EliteEventKind, type EliteStep } from '../domain/index.ts';
import { compose, type MailBody } from './messages.ts';

/** What an Elite request's event mail says, about the request as it stands after the event. */
export interface EliteEventFacts {
  requestId: string;
  kind: EliteEventKind;
  /** Who did it (an e-mail), or null for the workflow itself. */
  by: string | null;
  note: string | null;
  step: EliteStep | null;
  topic: string;
  authorName: string;
  authorEmail: string;
  prepaid: boolean;
  /** A payment that came after the request had closed or was already paid: it is refunded. */
  refundDue: boolean;
  copies: number | null;
  quote: { amountCents: number; currency: string; copies: number; timeline: string; includes: string[]; message: string; validUntil: Date } | null;
  payBy: Date | null;
  cancelReason: string | null;
  proofRound: number | null;
  /** The promise a reminder or a breach is about. */
  promise: { label: string; dueAt: Date } | null;
  tracking: { id: string | null; carrier: string | null; urls: string[] } | null;
  /** The team member who made the event, by the name authors see (libs/domain/team.ts); null for the workflow or the author. */
  teamMember?: string | null;
  /** The author's page of the request, the back office's, and the run in the Temporal UI. */
  requestUrl: string;
  adminUrl: string;
  runUrl: string;
}

const stepName = (facts: EliteEventFacts) => (facts.step ? ELITE_STEP_LABELS[facts.step] : 'A production step');
const quoteAmount = (facts: EliteEventFacts) => (facts.quote ? formatAmount(facts.quote.amountCents, facts.quote.currency) : null);
/** Who on the team did it, as the author may know them: never an address. */
const teamWho = (facts: EliteEventFacts) => facts.teamMember ?? 'Our team';
const copiesOf = (n: number | null) => (n ? `${n} ${n === 1 ? 'copy' : 'copies'}` : null);

/** The team's notice of a new request: the §3 notification payload, field by field, and where to work it. */
export function eliteRequestNotice(notification: EliteNotification, links: { requestId: string; adminUrl: string; runUrl: string }): MailBody {
  const { data } = notification;
  const topic = data.book_title ?? 'a book paid up front';
  const rows: [string, string | null][] = [
    ['user_id', notification.user_id],
    ['type', notification.type],
    ...Object.entries(data).map(([field, value]): [string, string | null] => [field, value === null ? null : String(value)]),
  ];
  return compose(
    `New Elite Service request from ${data.user_name}: ${topic}`,
    [`${data.user_name} <${data.user_email}> requested the Elite Service (request ${links.requestId}). The quote is promised within ${SUPPORT_PROMISES.quote}.`],
    rows,
    [
      { label: 'Open the request in the back office', url: links.adminUrl },
      { label: 'Its workflow in the Temporal UI', url: links.runUrl },
    ],
  );
}

/** The author's confirmation of their request. */
export function eliteRequestConfirmation(facts: EliteEventFacts): MailBody {
  const next = facts.prepaid
    ? `Your ${ELITE_FORM.serviceType} project is under way: our team contacts you within ${SUPPORT_PROMISES.contact}, your draft outline and first chapters follow within ${SUPPORT_PROMISES.outline}, and your ${SUPPORT_PROMISES.boundCopies}.`
    : `Our team contacts you within ${SUPPORT_PROMISES.contact}, and you receive a detailed quote and timeline within ${SUPPORT_PROMISES.quote}. Production begins after your approval.`;
  return compose(
    `We received your Elite Service request: ${facts.topic}`,
    [`Hello ${facts.authorName},`, `Thank you for requesting the Elite Service for "${facts.topic}". ${next}`],
    [['Request', facts.requestId]],
    { label: 'See your request', url: facts.requestUrl },
  );
}

/** What each event means for the author: the subject's news and a sentence or two. */
function authorNews(facts: EliteEventFacts): { subject: string; paragraphs: string[] } {
  const { topic } = facts;
  switch (facts.kind) {
    case 'quote_sent':
      return {
        subject: `Your Elite Service quote: ${topic}`,
        paragraphs: [`${teamWho(facts)} sent you a quote for "${topic}". Accept or decline it on your request's page${facts.quote ? ` by ${facts.quote.validUntil.toUTCString()}` : ''}.`],
      };
    case 'quote_expired':
      return { subject: `Your Elite Service quote expired: ${topic}`, paragraphs: ['The quote was not accepted in time, so the request is closed. You can send a new request from your dashboard whenever you are ready.'] };
    case 'payment_expired':
      return { subject: `The payment for your Elite Service quote expired: ${topic}`, paragraphs: ['The accepted quote was not paid in time, so the request is closed. You can send a new request from your dashboard whenever you are ready.'] };
    case 'paid':
      if (facts.refundDue) return { subject: `Your payment for ${topic} will be refunded`, paragraphs: ['A payment for your Elite Service request arrived when the request was no longer waiting for it, so we refund it in full.'] };
      return { subject: `Payment received: production of ${topic} begins`, paragraphs: ['Thank you: your payment arrived. Our team starts with the editing now, and you hear from us at each step.'] };
    case 'step_started':
      return { subject: `${stepName(facts)} has started: ${topic}`, paragraphs: [`${teamWho(facts)} started work on your book: ${stepName(facts).toLowerCase()}.`] };
    case 'step_finished':
      return { subject: `${stepName(facts)} is finished: ${topic}`, paragraphs: [`${teamWho(facts)} finished ${stepName(facts).toLowerCase()} of your book.`] };
    case 'book_rebuilt':
      return { subject: `Your revised book is ready: ${topic}`, paragraphs: ["Our team's revision is now your book's text, and its files were made again. You find them on your dashboard."] };
    case 'proof_sent':
      return {
        subject: `Your proof is ready to review: ${topic}`,
        paragraphs: [`Proof${facts.proofRound ? ` round ${facts.proofRound}` : ''} of your book is ready: the PDF and the cover as they will be printed. Approve it with your shipping address, or ask for changes.`],
      };
    case 'proof_reminder':
      return { subject: `Your proof is waiting for you: ${topic}`, paragraphs: ['Your proof is still waiting for your review. Approve it with your shipping address, or ask for changes, so we can go on.'] };
    case 'printing_started':
      return { subject: `Your books are being printed: ${topic}`, paragraphs: ['Your approved book went to the printer. We tell you when it ships.'] };
    case 'shipped':
      return { subject: `Your books have shipped: ${topic}`, paragraphs: ["Your printed copies are on their way. When they arrive, press 'I received my books' on your request's page."] };
    case 'delivered':
      return { subject: `Your books arrived: ${topic}`, paragraphs: ['Thank you for confirming that your printed copies arrived. Enjoy your book!'] };
    case 'completed':
      return { subject: `Your Elite Service request is complete: ${topic}`, paragraphs: ['Your Elite Service request is complete. Thank you for working with us.'] };
    case 'cancelled':
      return { subject: `Your Elite Service request was cancelled: ${topic}`, paragraphs: ['Your Elite Service request was cancelled.'] };
    default:
      return { subject: `Your Elite Service request: ${topic}`, paragraphs: [] };
  }
}

/** An event of the author's request, mailed to the author. */
export function eliteAuthorUpdate(facts: EliteEventFacts): MailBody {
  const news = authorNews(facts);
  const quote = facts.kind === 'quote_sent' ? facts.quote : null;
  const tracking = facts.kind === 'shipped' || facts.kind === 'delivered' || facts.kind === 'printing_started' ? facts.tracking : null;
  return compose(
    news.subject,
    [`Hello ${facts.authorName},`, ...news.paragraphs],
    [
      ['Request', facts.requestId],
      ['Amount', quote ? quoteAmount(facts) : null],
      ['Copies', quote ? copiesOf(quote.copies) : facts.kind === 'printing_started' ? copiesOf(facts.copies) : null],
      ['Timeline', quote?.timeline],
      ['Includes', quote?.includes.join('\n')],
      ['Message', quote?.message],
      ['Valid until', quote?.validUntil.toUTCString()],
      ['Reason', facts.kind === 'cancelled' ? facts.cancelReason : null],
      ['Note', facts.kind === 'cancelled' || facts.kind === 'quote_sent' || facts.kind === 'shipped' || facts.kind === 'delivered' || facts.refundDue ? null : facts.note],
      ['Tracking', tracking?.id],
      ['Carrier', tracking?.carrier],
      ['Track package', tracking?.urls.join('\n') || null],
    ],
    { label: 'See your request', url: facts.requestUrl },
  );
}

/** What each event means for the team. */
function teamNews(facts: EliteEventFacts): { subject: string; paragraphs: string[] } {
  const { topic, authorName } = facts;
  const due = facts.promise ? `${facts.promise.label}: due ${facts.promise.dueAt.toUTCString()}` : 'A promise to the author';
  switch (facts.kind) {
    case 'quote_accepted':
      return { subject: `${authorName} accepted the quote: ${topic}`, paragraphs: [`The author accepted the quote${quoteAmount(facts) ? ` of ${quoteAmount(facts)}` : ''} and was sent to pay for it.`] };
    case 'quote_declined':
      return { subject: `${authorName} declined the quote: ${topic}`, paragraphs: ['The author declined the quote; the request is closed.'] };
    case 'paid':
      if (facts.refundDue) return { subject: `Refund due: a late payment for ${topic}`, paragraphs: ['A payment arrived when the request was no longer waiting for it: refund it to the author.'] };
      return { subject: `Elite quote paid: ${topic}`, paragraphs: [`The author paid${quoteAmount(facts) ? ` ${quoteAmount(facts)}` : ''}. The request is in production: start the editing.`] };
    case 'book_rebuilt':
      return { subject: `The revised book could not be rebuilt: ${topic}`, paragraphs: ["The revision was applied, but the book's files could not be made again. Look at its packaging run, then upload the revision again."] };
    case 'changes_requested':
      return { subject: `Changes requested on the proof: ${topic}`, paragraphs: [`The author asked for changes to proof${facts.proofRound ? ` round ${facts.proofRound}` : ''}.`] };
    case 'proof_approved':
      return { subject: `Proof approved: ${topic}`, paragraphs: [`The author approved proof${facts.proofRound ? ` round ${facts.proofRound}` : ''} and gave the shipping address: start printing.`] };
    case 'cancelled':
      return { subject: `Elite request cancelled: ${topic}`, paragraphs: [`The request was cancelled${facts.by ? ` by ${facts.by}` : ''}.`] };
    case 'sla_reminder':
      return { subject: `Reminder: ${facts.promise?.label ?? 'a promise'} is due soon: ${topic}`, paragraphs: [`${due}. It has not been met yet.`] };
    case 'sla_breached':
      return { subject: `SLA breached: ${facts.promise?.label ?? 'a promise'}: ${topic}`, paragraphs: [`${due}. It was not met in time and is recorded as an SLA breach.`] };
    default:
      return { subject: `Elite request: ${topic}`, paragraphs: [] };
  }
}

/** An event of a request, mailed to the team (the assigned member, support or the admins). */
export function eliteTeamUpdate(facts: EliteEventFacts): MailBody {
  const news = teamNews(facts);
  return compose(
    news.subject,
    news.paragraphs,
    [
      ['Request', facts.requestId],
      ['Author', `${facts.authorName} <${facts.authorEmail}>`],
      ['Reason', facts.kind === 'cancelled' ? facts.cancelReason : null],
      [facts.kind === 'changes_requested' ? 'Comment' : 'Note', facts.kind === 'cancelled' ? null : facts.note],
    ],
    [
      { label: 'Open the request in the back office', url: facts.adminUrl },
      { label: 'Its workflow in the Temporal UI', url: facts.runUrl },
    ],
  );
}
