// Selling from the shop (issue 30): a sale's statuses, the card fee and earnings rules, the print price's floor, the
// words buyers and authors read. Pure: the API, the activities, the workflows and the portal share it.
import { formatAmount, roundToCent, toCents } from './payments.ts';
import { PRINT_CURRENCY, unitPrice, type PrintProduct } from './print.ts';

export const SALE_STATUSES = ['awaiting_payment', 'paid', 'delivered', 'printing', 'shipped', 'cancelled', 'expired'] as const;
export type SaleStatusValue = (typeof SALE_STATUSES)[number];
/** Statuses of a sale the buyer paid for: what reports and the library count. */
export const PAID_SALE_STATUSES: readonly SaleStatusValue[] = ['paid', 'delivered', 'printing', 'shipped'];
export const EDITION_KINDS = ['ebook', 'print'] as const;
export type EditionKindValue = (typeof EDITION_KINDS)[number];
/** The formats an e-book edition is sold with, each one file copied at sale time. */
export const EBOOK_FORMATS = ['epub', 'pdf'] as const;
export type EbookFormat = (typeof EBOOK_FORMATS)[number];

/** Stripe's card fee on a charge (US cards): 2.9 % of the amount plus 30¢, rounded to the cent. */
export const STRIPE_FEE = { percent: 2.9, fixedCents: 30 } as const;
export const stripeFeeCents = (amountCents: number): number => Math.round((amountCents * STRIPE_FEE.percent) / 100) + STRIPE_FEE.fixedCents;

/** What the author earns on a sale: what the buyer paid, less the card fee and (print) what printing and shipping cost. */
export const earningsCents = (sale: { priceCents: number; stripeFeeCents: number; printCostCents: number }): number => sale.priceCents - sale.stripeFeeCents - sale.printCostCents;

/** How long a mailed or listed download link works; a fresh one is mailed on request. */
export const DOWNLOAD_LINK_DAYS = 7;
export const DOWNLOAD_LINK_TTL_MS = DOWNLOAD_LINK_DAYS * 86_400_000;
/** How long a sale waits for its payment before it expires (ms; Stripe's session lives as long, at least 30 minutes). */
export const SALE_PAYMENT_WINDOW_MS = 2 * 3_600_000;
/** Printed copies one sale may order. */
export const SALE_QUANTITY = { min: 1, max: 100 } as const;

/**
 * The lowest print price an author may ask for one copy: enough that the copy's printing (our print price for the
 * book's product, quantity 1) and the card fee on the price are covered. Cents.
 */
export function minimumPrintPriceCents(printCostCents: number): number {
  const covers = (price: number) => price - stripeFeeCents(price) >= printCostCents;
  // The fee rounds to the cent, so the estimate may be a cent off either way (what is left grows with the price).
  let price = Math.ceil(((printCostCents + STRIPE_FEE.fixedCents) * 100) / (100 - STRIPE_FEE.percent));
  while (covers(price - 1)) price--;
  while (!covers(price)) price++;
  return price;
}

/** One copy's printing as /api/print/calculate prices it (the product's price for one copy, no shipping), and the lowest print price over it. Cents. */
export function printPriceFloor(product: PrintProduct): { printCents: number; minimumCents: number } {
  const printCents = toCents(unitPrice(product, 1));
  return { printCents, minimumCents: minimumPrintPriceCents(printCents) };
}

/** Why a print price is refused (below one copy's printing plus the card fee), with the numbers; null when it covers them. */
export function printPriceProblem(price: number, product: PrintProduct): string | null {
  const { printCents, minimumCents } = printPriceFloor(product);
  return toCents(price) < minimumCents ? SaleMessages.printPriceTooLow(minimumCents, printCents, PRINT_CURRENCY) : null;
}

/** Shown masked on the buyer's return page: the first letter and the domain (a•••@example.com). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** The payment's name on the checkout page and the receipt. */
export const salePaymentName = (sale: { edition: EditionKindValue; quantity: number; bookTitle: string }) =>
  sale.edition === 'ebook' ? `${sale.bookTitle} (e-book)` : `${sale.quantity} × ${sale.bookTitle} (printed)`;

export const SaleMessages = {
  printPriceTooLow: (minimumCents: number, printCents: number, currency: string) =>
    `The print price must be at least ${formatAmount(minimumCents, currency)}: printing costs ${formatAmount(printCents, currency)} a copy and card fees ${formatAmount(stripeFeeCents(minimumCents), currency)}`,
  noPrintEdition: 'This book is not sold in print',
  filesOutdated: 'This book cannot be bought right now: its author changed it since its files were built. Please try again later.',
  filesMissing: 'This book cannot be bought right now: its files are not built yet. Please try again later.',
  emailRequired: 'Enter the e-mail address your purchase goes to',
  printDetailsRequired: 'A print order needs the quantity, the shipping address and the shipping level',
  quantity: `Quantity must be a whole number from ${SALE_QUANTITY.min} to ${SALE_QUANTITY.max}`,
  paymentsOff: 'Payments are not available right now. Please try again later.',
  saleNotFound: 'Purchase not found',
  checkoutFailed: 'The checkout could not be started. Please try again.',
  linkInvalid: 'This download link is not valid. To get a new one, enter the e-mail address you bought the book with under “Get my download links again” in the shop.',
  linkExpired: `This download link has expired (links work for ${DOWNLOAD_LINK_DAYS} days). To get a new one, enter the e-mail address you bought the book with under “Get my download links again” in the shop.`,
  resendAccepted: 'If this address bought e-books here, a message with fresh download links is on its way.',
  invalidEdition: `edition must be one of: ${EDITION_KINDS.join(', ')}`,
  invalidBook: 'book must be a book id',
  invalidStatus: `status must be one of: ${SALE_STATUSES.join(', ')}`,
} as const;

/** The e-book's mail subject (the template "Your e-book: <title>"). */
export const ebookMailSubject = (title: string) => `Your e-book: ${title}`;

/** The month a sale counts in, 'YYYY-MM' (UTC). */
export const saleMonth = (at: Date) => at.toISOString().slice(0, 7);

/** Dollars on the wire, from cents. */
export const fromCents = (cents: number) => roundToCent(cents / 100);
