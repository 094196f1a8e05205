// The public shop: where a book its author published (spec 3, 2.2 and 4.2) is shown to buyers.
import { ProjectMessages, SHOP_CATEGORIES } from './book-projects.ts';

export const SHOP_LIMITS = {
  /** Books on one page of the catalogue. */
  pageSize: 24,
  /** Pages a visitor may ask for; beyond that the catalogue is searched, not paged through. */
  maxPage: 1000,
  /** Characters of a search over title and author. */
  searchMax: 100,
  /** Page previews a shop page shows: the first ones, never the book. */
  previewPages: 4,
} as const;

export const ShopMessages = {
  // The same for an unknown id, a malformed one and an unpublished book: the shop says nothing about books it does not show.
  notFound: 'This book is not in the shop',
  invalidCategory: ProjectMessages.invalidCategory(SHOP_CATEGORIES),
  searchTooLong: `Search at most ${SHOP_LIMITS.searchMax} characters`,
  invalidPage: `page must be a whole number from 1 to ${SHOP_LIMITS.maxPage}`,
  empty: 'No books in the shop match yet.',
} as const;

export const isShopCategory = (value: string): value is (typeof SHOP_CATEGORIES)[number] => (SHOP_CATEGORIES as readonly string[]).includes(value);

/** The portal page that shows a published book. */
export const shopBookPath = (bookId: string) => `/shop/${encodeURIComponent(bookId)}`;

/** How search engines and link previews name the shop's pages: the server-rendered page and the portal say the same. */
export const ShopPageText = {
  siteName: 'Pressroom',
  catalogueTitle: 'Shop — books by Pressroom authors',
  catalogueDescription: 'E-books and printed copies of books written with Pressroom, sold by their authors.',
  bookTitle: (book: { title: string; author: string }) => `${book.title} by ${book.author} — Pressroom shop`,
  notFoundTitle: 'Book not found — Pressroom shop',
  ebookOffer: 'E-book (EPUB and PDF)',
  printOffer: 'Printed copy',
} as const;

/** A page's description as search results show it: whitespace folded, at most 160 characters, cut between words. */
export function metaDescription(text: string, max = 160): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= max) return folded;
  // Never half a surrogate pair: an emoji is kept whole or left out.
  const cut = folded.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:—-]+$/, '')}…`;
}
