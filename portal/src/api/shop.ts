import type { ShopBookList, ShopBooksQuery, ShopBookView } from '../../../libs/contracts/index.ts';
import { apiFetch } from './client.ts';

export type { ShopBookList, ShopBookView };

/** One page of the catalogue; the API filters and searches (the portal never filters a page it was given). */
export function fetchShopBooks(query: ShopBooksQuery): Promise<ShopBookList> {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.q) params.set('q', query.q);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return apiFetch<ShopBookList>(`/api/shop/books${search ? `?${search}` : ''}`, { token: null });
}

export const fetchShopBook = (id: string) => apiFetch<ShopBookView>(`/api/shop/books/${encodeURIComponent(id)}`, { token: null });

export const formatPrice = (price: number) => `$${price.toFixed(2)}`;
