import type { EbookDownloadView } from '../contracts/index.ts';
import { DOWNLOAD_LINK_DAYS, ebookMailSubject, formatAmount } from '../domain/index.ts';
import { compose, type MailBody } from './messages.ts';

export interface EbookMailFacts {
  bookTitle: string;
  bookAuthor: string;
  priceCents: number;
  currency: string;
  downloads: EbookDownloadView[];
  /** Where a buyer asks for fresh links, and (signed in) finds the book in their library. */
  shopUrl: string;
  /** A resend of links for a book bought earlier. */
  again: boolean;
}

/** The buyer's e-book: signed links to each format, how long they work, and how to get new ones. */
export function ebookDelivery(facts: EbookMailFacts): MailBody {
  return compose(
    ebookMailSubject(facts.bookTitle),
    [
      facts.again
        ? `Here are fresh download links for ${facts.bookTitle} by ${facts.bookAuthor}, as you asked.`
        : `Thank you for buying ${facts.bookTitle} by ${facts.bookAuthor}. Your e-book is ready to download.`,
      `The links work for ${DOWNLOAD_LINK_DAYS} days. After that, ask for new ones in the shop with this e-mail address; if you have a Pressroom account with it, the book is also in your Library.`,
    ],
    [
      ['Book', `${facts.bookTitle} — ${facts.bookAuthor}`],
      ['Paid', formatAmount(facts.priceCents, facts.currency)],
    ],
    [...facts.downloads.map((d) => ({ label: `Download the ${d.format.toUpperCase()}`, url: d.url })), { label: 'Visit the shop', url: facts.shopUrl }],
  );
}
