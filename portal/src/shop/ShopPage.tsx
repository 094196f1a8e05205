import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SHOP_CATEGORIES, SHOP_LIMITS, shopBookPath, ShopMessages, ShopPageText } from '../../../libs/domain/index.ts';
import { Spinner } from '../components/Spinner.tsx';
import { StaticPage } from '../components/StaticPage.tsx';
import { usePageMeta } from '../components/usePageMeta.ts';
import { BookCover } from './BookCover.tsx';
import { ResendLinks } from './ResendLinks.tsx';
import { fetchShopBooks, formatPrice } from '../api/shop.ts';
import './shop.css';

/** /shop: the books authors published, newest first; the category and the search are the API's, kept in the address. */
export function ShopPage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [form, setForm] = useState({ category, q });
  // Back and forward move through searches: the form follows the address.
  useEffect(() => setForm({ category, q }), [category, q]);
  const books = useQuery({ queryKey: ['shop-books', category, q, page], queryFn: () => fetchShopBooks({ category, q, page }) });
  usePageMeta({ title: ShopPageText.catalogueTitle, description: ShopPageText.catalogueDescription });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (form.category) next.set('category', form.category);
    if (form.q.trim()) next.set('q', form.q.trim());
    setParams(next);
  };
  const pageLink = (to: number) => {
    const next = new URLSearchParams(params);
    if (to > 1) next.set('page', String(to));
    else next.delete('page');
    return `/shop?${next.toString()}`;
  };
  const pages = books.data ? Math.ceil(books.data.total / books.data.page_size) : 0;

  return (
    <StaticPage title="Shop" lead="Books written with Pressroom and published by their authors.">
      <form className="shop-filters" role="search" aria-label="Find a book" onSubmit={submit}>
        <div className="field">
          <label htmlFor="shop-q">Title or author</label>
          <input id="shop-q" type="search" maxLength={SHOP_LIMITS.searchMax} value={form.q} onChange={(e) => setForm({ ...form, q: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="shop-category">Category</label>
          <select id="shop-category" value={form.category} onChange={(e) => setForm({ ...form, category: e.target.value })}>
            <option value="">All categories</option>
            {SHOP_CATEGORIES.map((c) => (
              <option key={c} value={c}>{c}</option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">Search</button>
      </form>

      {books.isPending && <Spinner label="Loading the shop…" />}
      {books.isError && (
        <p className="error-text" role="alert">
          {books.error.message}{' '}
          <button type="button" className="link-button" onClick={() => void books.refetch()}>Try again</button>
        </p>
      )}
      {books.data && (
        <>
          <p className="muted" role="status">
            {books.data.total === 0 ? ShopMessages.empty : `${books.data.total} ${books.data.total === 1 ? 'book' : 'books'}${pages > 1 ? ` · page ${page} of ${pages}` : ''}`}
          </p>
          {books.data.total === 0 && (
            <p>
              Written a book? <Link to="/dashboard">Publish it from My Books</Link>.
            </p>
          )}
          <ul className="shop-grid" aria-label="Books">
            {books.data.books.map((book) => (
              <li key={book.id} className="card shop-card">
                <BookCover url={book.cover_url} title={book.title} />
                <h2>
                  <Link to={shopBookPath(book.id)}>{book.title}</Link>
                </h2>
                <p className="muted">by {book.author}</p>
                <p className="shop-price">{formatPrice(book.price)}</p>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className="shop-pages" aria-label="Pages">
              {page > 1 && <Link to={pageLink(page - 1)}>← Newer books</Link>}
              {page < pages && <Link to={pageLink(page + 1)}>Older books →</Link>}
            </nav>
          )}
        </>
      )}
      <ResendLinks idPrefix="shop" question="Bought an e-book here?" />
    </StaticPage>
  );
}
