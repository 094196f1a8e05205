import type { ShopEditionView } from './sales.ts';
// The public shop: books their authors published, as anyone may see them. Nothing else of a book is public.

/** GET /api/shop/books query. */
export interface ShopBooksQuery {
  /** One of SHOP_CATEGORIES. */
  category?: string;
  /** Matched anywhere in the title or the author. */
  q?: string;
  /** From 1. */
  page?: number;
}

/** A book on the catalogue page. */
export interface ShopBookSummary {
  id: string;
  title: string;
  author: string;
  price: number;
  category: string;
  published_at: string;
  /** The front cover (PNG), or null when the book has none. */
  cover_url: string | null;
}

/** GET /api/shop/books: one page, newest first. */
export interface ShopBookList {
  books: ShopBookSummary[];
  page: number;
  page_size: number;
  total: number;
}

/** GET /api/shop/books/{id}: a published book's page. */
export interface ShopBookView extends ShopBookSummary {
  /** The marketing description, else the book idea. */
  description: string;
  isbn: string | null;
  page_count: number | null;
  /** The first pages (blank versos left out), at most SHOP_LIMITS.previewPages. */
  previews: { page: number; url: string }[];
  /** What the book sells (issue 30): the e-book, and printed copies when the author set a print price. */
  editions: ShopEditionView[];
}
