import type {
  EditionKind,
  LibraryItemView,
  SalesReport,
  ShopCheckoutRequest,
  ShopCheckoutResponse,
  ShopPrintQuote,
  ShopPrintQuoteRequest,
  ShopResendRequest,
  ShopSaleStatus,
} from '../../../libs/contracts/index.ts';
import { apiFetch } from './client.ts';

export type { LibraryItemView, SalesReport, ShopPrintQuote, ShopSaleStatus };

const book = (id: string) => `/api/shop/books/${encodeURIComponent(id)}`;
const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });
/** The shop's public calls go without the caller's token. */
const anonymous = { token: null } as const;

/** Printed copies' price, shipping and tax to an address, before paying. */
export const quotePrintCopies = (bookId: string, request: ShopPrintQuoteRequest) => apiFetch<ShopPrintQuote>(`${book(bookId)}/print-quote`, { ...post(request), ...anonymous });

/** Starts one sale (a signed-in buyer's token goes with it: the e-book joins their Library); the answer's url is its checkout page. */
export const startShopCheckout = (bookId: string, request: ShopCheckoutRequest) => apiFetch<ShopCheckoutResponse>(`${book(bookId)}/checkout`, post(request));

/** What the buyer's return page shows while the payment and the delivery go on. */
export const fetchShopSale = (saleId: string) => apiFetch<ShopSaleStatus>(`/api/shop/sales/${encodeURIComponent(saleId)}`, anonymous);

/** Mails the address's download links again (the same answer whether or not it bought anything). */
export const resendDownloadLinks = (email: string) => apiFetch<unknown>('/api/shop/downloads/resend', { ...post({ email } satisfies ShopResendRequest), ...anonymous });

export const fetchLibrary = () => apiFetch<LibraryItemView[]>('/api/library');

/** The author's own sales: one book, one edition, or all of them (the API filters). */
export interface SalesFilter {
  book?: string;
  edition?: EditionKind | '';
}

export function salesQuery(filter: SalesFilter): string {
  const params = new URLSearchParams();
  if (filter.book) params.set('book', filter.book);
  if (filter.edition) params.set('edition', filter.edition);
  const search = params.toString();
  return search ? `?${search}` : '';
}

export const fetchSales = (filter: SalesFilter = {}) => apiFetch<SalesReport>(`/api/sales${salesQuery(filter)}`);

/** The sales as CSV: fetched with the caller's token (a plain link would go without it) and saved (saveFile). */
export const salesCsvUrl = (filter: SalesFilter = {}) => `/api/sales.csv${salesQuery(filter)}`;

/** The CSV's name when the API gives none: pressroom-sales-2026-11-29.csv, of the day it was saved (UTC). */
export const salesCsvName = (now: Date) => `pressroom-sales-${now.toISOString().slice(0, 10)}.csv`;
