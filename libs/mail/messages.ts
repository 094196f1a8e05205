import escapeHtml from 'escape-html';
import {
  ELITE_FORM,
  formatAmount,
  type PrintOrderStatus,
  SUPPORT_PROMISES,
  type ProductGrant,
} from '../domain/index.ts';
import type { MailMessage } from './index.ts';

/** A message before it is addressed: what the author or support reads, as text and as HTML. */
export type MailBody = Omit<MailMessage, 'to'>;

interface Link {
  label: string;
  url: string;
}

/** Builds both bodies from paragraphs and label/value rows; everything a person typed is escaped in the HTML. */
export function compose(subject: string, paragraphs: string[], rows: [string, string | null | undefined][] = [], linked: Link | Link[] = []): MailBody {
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  const links = Array.isArray(linked) ? linked : [linked];
  const text = [
    ...paragraphs,
    ...(shown.length ? [shown.map(([label, value]) => `${label}: ${value}`).join('\n')] : []),
    ...links.map((link) => `${link.label}: ${link.url}`),
    '— The Pressroom team',
  ].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    ...(shown.length ? [`<table>${shown.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value).replace(/\n/g, '<br>')}</td></tr>`).join('')}</table>`] : []),
    ...links.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`),
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

/** What a receipt says the purchase gives: each offer's grant, an Elite quote paid, a print order paid. */
export const RECEIPT_GRANTS: Readonly<Record<ProductGrant | 'eliteQuote' | 'printOrder' | 'saleEbook' | 'salePrint', string>> = {
  book_credit: 'You can now write one complete book with a paid AI model.',
  elite: `Our team will contact you within ${SUPPORT_PROMISES.contact}; complete your project details to get started.`,
  eliteQuote: 'Production of your book begins now; follow each step of your Elite Service request on your dashboard.',
  printOrder: 'We send your book to the printer now; follow your order under Print Orders on your dashboard.',
  saleEbook: 'Your download links are in a message of their own.',
  salePrint: 'We send your copies to the printer now; you will hear from us when they ship.',
};

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

export interface PrintStatusFacts {
  orderId: string;
  status: PrintOrderStatus;
  bookTitle: string;
  quantity: number;
  totalCents: number;
  currency: string;
  /** Said instead of the total when the copies are included in what the author paid for an Elite request. */
  includedIn?: string | null;
  /** Why the order failed, was cancelled or stopped (the provider's words when it gave any). */
  errorMessage: string | null;
  payBy: Date | null;
  paymentUrl: string | null;
  trackingId: string | null;
  carrierName: string | null;
  trackingUrls: string[];
  dashboardUrl: string;
}

/** What each status means for the author, in a sentence or two. */
function printStatusNews(facts: PrintStatusFacts): { headline: string; paragraphs: string[] } {
  const reason = facts.errorMessage ? ` ${facts.errorMessage}` : '';
  switch (facts.status) {
    case 'unpaid':
      return { headline: 'is waiting for your payment', paragraphs: [`Your order is ready to be printed once it is paid${facts.payBy ? ` (by ${facts.payBy.toUTCString()}; after that it is cancelled)` : ''}.`] };
    case 'paid':
      return { headline: 'is paid', paragraphs: ['Thank you: your payment arrived. We now send your book to the printer.'] };
    case 'submitted':
      return { headline: 'is at the printer', paragraphs: ['The printer received your order and checks your files.'] };
    case 'processing':
      return { headline: 'is being prepared', paragraphs: ['The printer has accepted your files and schedules your copies. Print processing takes 1-2 business days.'] };
    case 'production':
      return { headline: 'is being printed', paragraphs: ['Your copies are being printed now.'] };
    case 'shipped':
      return { headline: 'has shipped', paragraphs: ['Your copies are on their way.'] };
    case 'delivered':
      return { headline: 'was delivered', paragraphs: ['Your copies were delivered. Enjoy your book!'] };
    case 'failed':
      return { headline: 'could not be printed', paragraphs: [`The printer could not print your order.${reason}`] };
    case 'cancelled':
      return { headline: 'was cancelled', paragraphs: [`Your order was cancelled.${reason}`] };
    case 'error':
      return { headline: 'ran into a problem', paragraphs: [`Something went wrong with your order.${reason} Reply to this message with your order id and we will sort it out.`] };
    default:
      return { headline: `is ${facts.status}`, paragraphs: [] };
  }
}

/** A change of a print order's status, mailed to the author once per status. */
export function printStatusChange(facts: PrintStatusFacts): MailBody {
  const news = printStatusNews(facts);
  const link =
    facts.status === 'unpaid' && facts.paymentUrl
      ? { label: 'Pay for your order', url: facts.paymentUrl }
      : facts.status === 'shipped' && facts.trackingUrls[0]
        ? { label: 'Track your package', url: facts.trackingUrls[0] }
        : { label: 'See your print orders', url: facts.dashboardUrl };
  return compose(
    `Your print order of ${facts.bookTitle} ${news.headline}`,
    news.paragraphs,
    [
      ['Order', facts.orderId],
      ['Book', facts.bookTitle],
      ['Quantity', `${facts.quantity} ${facts.quantity === 1 ? 'copy' : 'copies'}`],
      ['Total', facts.includedIn ?? formatAmount(facts.totalCents, facts.currency)],
      ['Tracking', facts.trackingId],
      ['Carrier', facts.carrierName],
      ['Track package', facts.trackingUrls.join('\n') || null],
    ],
    link,
  );
}

// Account mails: each carries a secret (a link or a code) that only its recipient should use.

export function accountConfirmation(link: string, hours: number): MailBody {
  return compose(
    'Confirm your e-mail address for Pressroom',
    [
      `Welcome to Pressroom. Confirm this address within ${hours} hours so that you can buy and order prints, and so that purchases made with it are added to your account.`,
      'If you did not create an account, ignore this message.',
    ],
    [],
    { label: 'Confirm your e-mail', url: link },
  );
}

export function emailChangeConfirmation(link: string, hours: number): MailBody {
  return compose(
    'Confirm your new e-mail address for Pressroom',
    [`Someone asked to use this address for their Pressroom account. If it was you, confirm it within ${hours} hours.`, 'If it was not you, ignore this message: nothing changes.'],
    [],
    { label: 'Confirm this address', url: link },
  );
}

export function emailChangeNotice(newEmail: string): MailBody {
  return compose('Your Pressroom e-mail address is being changed', [
    `A change of your Pressroom account's e-mail address to ${newEmail} was requested. It takes effect only once confirmed from that address.`,
    'If you did not ask for this, change your password now; that also signs out every other session.',
  ]);
}

export function passwordRecovery(link: string, minutes: number): MailBody {
  return compose(
    'Set a new password for Pressroom',
    [
      `Someone asked to reset the password of the Pressroom account with this address. If it was you, open the link within ${minutes} minutes; it works once, and signs out every other session.`,
      'If it was not you, ignore this message: your password stays as it is.',
    ],
    [],
    { label: 'Set a new password', url: link },
  );
}

export function reauthenticationCode(code: string, minutes: number): MailBody {
  return compose('Your Pressroom confirmation code', [
    `Your code to confirm a change of your password or e-mail is ${code}. It works once, within ${minutes} minutes.`,
    'If you did not ask for it, change your password: someone may be signed in to your account.',
  ]);
}
