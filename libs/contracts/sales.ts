import type { ShippingAddress, ShippingLevel } from '../domain/index.ts';

// Selling from the shop (issue 30): the editions a published book offers, buying one (no account needed), getting an
// e-book, and the author's and the back office's view of sales and earnings. Money is in the sale's currency, as
// numbers with two decimals, like every other price on the wire.

export type EditionKind = 'ebook' | 'print';

/**
 * One thing a published book sells, at the author's price. The e-book is the book's EPUB and PDF as built when the
 * edition was made; a rebuild makes a new edition, and a sold edition's files never change.
 */
export interface ShopEditionView {
  kind: EditionKind;
  /** The author's price: the whole e-book, or one printed copy (shipping and tax are quoted on top). */
  price: number;
  currency: string;
  /** The e-book's formats ('epub', 'pdf'); empty for print. */
  formats: string[];
  /** Print only: the trim and page count the copies are printed at. */
  trim_size?: string;
  page_count?: number | null;
}

/** POST /api/shop/books/{id}/print-quote: printed copies' price, shipping and tax to an address, before paying. */
export interface ShopPrintQuoteRequest {
  quantity: number;
  shipping_address: ShippingAddress;
  shipping_level: ShippingLevel;
}
export interface ShopPrintQuote {
  quantity: number;
  unit_price: number;
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  currency: string;
  estimated_delivery: string;
}

/** POST /api/shop/books/{id}/checkout: starts one sale and its Stripe Checkout Session. */
export interface ShopCheckoutRequest {
  edition: EditionKind;
  /** Where the e-book link and the receipt go (a signed-in buyer's own address by default). */
  email?: string;
  /** Print only. */
  quantity?: number;
  shipping_address?: ShippingAddress;
  shipping_level?: ShippingLevel;
}
export interface ShopCheckoutResponse {
  sale_id: string;
  /** Stripe's checkout page (the local test checkout in development). */
  url: string;
}

export type SaleStatus = 'awaiting_payment' | 'paid' | 'delivered' | 'printing' | 'shipped' | 'cancelled' | 'expired';

/** GET /api/shop/sales/{id}: what the buyer's return page shows (no personal data). */
export interface ShopSaleStatus {
  sale_id: string;
  status: SaleStatus;
  edition: EditionKind;
  book_title: string;
  quantity: number;
  /** Where the e-book link was mailed, masked (a•••@example.com); null before payment. */
  mailed_to: string | null;
}

/** POST /api/shop/downloads/resend: the same answer whether or not the address bought anything. */
export interface ShopResendRequest {
  email: string;
}

/** An e-book download: signed, expiring links (GET /api/shop/downloads/{token}/{format}). */
export interface EbookDownloadView {
  format: string;
  url: string;
  expires_at: string;
}

/** GET /api/library: the signed-in buyer's e-books (sales paid with their address, or while signed in). */
export interface LibraryItemView {
  sale_id: string;
  /** Null once the author deleted the book (the buyer keeps the e-book). */
  book_id: string | null;
  book_title: string;
  book_author: string;
  cover_url: string | null;
  bought_at: string;
  downloads: EbookDownloadView[];
}

/** One sale as its author sees it (GET /api/sales): the buyer is never named. */
export interface SaleView {
  id: string;
  book_id: string | null;
  book_title: string;
  edition: EditionKind;
  quantity: number;
  status: SaleStatus;
  /** What the buyer paid, all in. */
  price: number;
  stripe_fee: number;
  /** Print only: printing, shipping and tax paid to the print provider; 0 for an e-book. */
  print_cost: number;
  /** price − stripe_fee − print_cost. */
  earnings: number;
  currency: string;
  paid_at: string | null;
  created_at: string;
}

export interface SalesMonth {
  /** 'YYYY-MM' (UTC). */
  month: string;
  sales: number;
  gross: number;
  stripe_fees: number;
  print_costs: number;
  earnings: number;
}

/** GET /api/sales and /api/sales.csv query: one book's sales, one edition's, or all. */
export interface SalesQuery {
  book?: string;
  edition?: EditionKind;
}

/** GET /api/sales: the author's paid sales, newest first, with totals by month (CSV: GET /api/sales.csv). */
export interface SalesReport {
  sales: SaleView[];
  months: SalesMonth[];
  totals: Omit<SalesMonth, 'month'>;
  currency: string;
}

/** GET /api/admin/sales(/:id): a sale for the back office (react-admin), with its seller, buyer and payment ids. */
export interface SaleAdminView extends SaleView {
  author_id: string | null;
  author_email: string | null;
  buyer_email: string;
  print_order_id: string | null;
  checkout_session_id: string | null;
  delivered_at: string | null;
}

/** GET /api/admin/sales/earnings: each author's paid sales and what they earned (react-admin list; id is the author's). */
export interface AuthorEarningsView extends Omit<SalesMonth, 'month'> {
  id: string;
  author_email: string | null;
  currency: string;
}
