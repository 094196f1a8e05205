import escapeHtml from 'escape-html';
import { ELITE_FORM, formatAmount, SUPPORT_PROMISES } from '../domain/index.ts';
import type { MailMessage } from './index.ts';

/** A message before it is addressed: what the author or support reads, as text and as HTML. */
export type MailBody = Omit<MailMessage, 'to'>;

/** Builds both bodies from paragraphs and label/value rows; everything a person typed is escaped in the HTML. */
function compose(subject: string, paragraphs: string[], rows: [string, string | null | undefined][] = [], link?: { label: string; url: string }): MailBody {
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  const text = [
    ...paragraphs,
    ...(shown.length ? [shown.map(([label, value]) => `${label}: ${value}`).join('\n')] : []),
    ...(link ? [`${link.label}: ${link.url}`] : []),
    '— The Pressroom team',
  ].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(shown.length ? [`<table>${shown.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value).replace(/\n/g, '<br>')}</td></tr>`).join('')}</table>`] : []),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    '<p>— The Pressroom team</p>',
  ].join('\n');
  return { subject, text, html: `<!doctype html><html><body>${html}</body></html>` };
}

export interface ReceiptFacts {
  productName: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  sessionId: string;
  /** What the purchase gives, in a sentence. */
  grants: string;
  dashboardUrl: string;
}

export function purchaseReceipt(facts: ReceiptFacts): MailBody {
  return compose(
    `Your receipt: ${facts.productName}`,
    [`Thank you for your purchase. ${facts.grants}`],
    [
      ['Product', facts.productName],
      ['Amount', formatAmount(facts.amountCents, facts.currency)],
      ['Paid', facts.paidAt.toUTCString()],
      ['Reference', facts.sessionId],
    ],
    { label: 'Go to your dashboard', url: facts.dashboardUrl },
  );
}

export interface BookRequestFacts {
  id: string;
  name: string;
  email: string;
  bookTopic: string;
  bookStyle: string | null;
  bookDescription: string;
  additionalNotes: string | null;
  dashboardUrl: string;
}

const requestRows = (facts: BookRequestFacts): [string, string | null][] => [
  ['Topic', facts.bookTopic],
  ['Style', facts.bookStyle],
  ['Description', facts.bookDescription],
  ['Notes', facts.additionalNotes],
];

export function bookRequestConfirmation(facts: BookRequestFacts): MailBody {
  return compose(
    `We received your book request: ${facts.bookTopic}`,
    [`Hello ${facts.name},`, `Thank you for your book request. Our team reviews it and answers by e-mail within ${SUPPORT_PROMISES.contact}.`],
    requestRows(facts),
    { label: 'See your requests', url: facts.dashboardUrl },
  );
}

export function bookRequestNotice(facts: BookRequestFacts): MailBody {
  return compose(`New book request from ${facts.name}: ${facts.bookTopic}`, [`${facts.name} <${facts.email}> sent a book request (${facts.id}).`], requestRows(facts));
}

export interface EliteDetailsFacts {
  id: string;
  name: string;
  email: string;
  bookTopic: string;
  bookDescription: string;
  timeline: string | null;
  additionalNotes: string | null;
  paymentReference: string;
}

const detailsRows = (facts: EliteDetailsFacts): [string, string | null][] => [
  ['Topic', facts.bookTopic],
  ['Timeline', facts.timeline],
  ['Description', facts.bookDescription],
  ['Notes', facts.additionalNotes],
];

export function eliteDetailsConfirmation(facts: EliteDetailsFacts): MailBody {
  return compose(
    `Your ${ELITE_FORM.serviceType} project: ${facts.bookTopic}`,
    [
      `Hello ${facts.name},`,
      `We have your project details. Our team contacts you within ${SUPPORT_PROMISES.contact}; your draft outline and first chapters follow within ${SUPPORT_PROMISES.outline}, and your ${SUPPORT_PROMISES.boundCopies}.`,
    ],
    detailsRows(facts),
  );
}

export function eliteDetailsNotice(facts: EliteDetailsFacts): MailBody {
  return compose(
    `${ELITE_FORM.serviceType} project details from ${facts.name}: ${facts.bookTopic}`,
    [`${facts.name} <${facts.email}> sent the project details (${facts.id}) for payment ${facts.paymentReference}.`],
    detailsRows(facts),
  );
}
