import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { metaDescription, ShopMessages, ShopPageText } from '../../../libs/domain/index.ts';
import { ApiError } from '../api/client.ts';
import { PreviewStrip } from '../components/OwnedImage.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { StaticPage } from '../components/StaticPage.tsx';
import { usePageMeta } from '../components/usePageMeta.ts';
import { BookCover } from './BookCover.tsx';
import { ResendLinks } from './ResendLinks.tsx';
import { ShopEditions } from './ShopEditions.tsx';
import { fetchShopBook, formatPrice } from '../api/shop.ts';
import './shop.css';

const backLink = (
  <Link className="shop-back" to="/shop">
    ← All books in the shop
  </Link>
);

/** /shop/:id: one published book as a buyer sees it, with its first pages to look at. */
export function ShopBookPage() {
  const { id = '' } = useParams();
  const book = useQuery({ queryKey: ['shop-book', id], queryFn: () => fetchShopBook(id), retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2 });
  const notFound = book.error instanceof ApiError && book.error.status === 404;
  usePageMeta(
    book.data
      ? { title: ShopPageText.bookTitle(book.data), description: metaDescription(book.data.description) }
      : notFound
        ? { title: ShopPageText.notFoundTitle, description: ShopMessages.notFound, noindex: true }
        : null,
  );

  if (book.isPending) {
    return (
      <StaticPage title="Shop">
        <Spinner label="Loading the book…" />
      </StaticPage>
    );
  }
  if (book.isError) {
    return (
      <StaticPage title={notFound ? 'Book not found' : 'Shop'}>
        <p className={notFound ? undefined : 'error-text'} role="alert">{notFound ? ShopMessages.notFound : book.error.message}</p>
        {backLink}
      </StaticPage>
    );
  }
  const b = book.data;
  return (
    <StaticPage title={b.title} lead={`by ${b.author}`}>
      <div className="shop-book">
        <BookCover url={b.cover_url} title={b.title} />
        <div>
          {/* A book that sells editions shows each one's price with its Buy button. */}
          {!b.editions?.length && <p className="shop-price">{formatPrice(b.price)}</p>}
          <dl>
            <dt>Category</dt>
            <dd>{b.category}</dd>
            {b.page_count && (
              <>
                <dt>Pages</dt>
                <dd>{b.page_count}</dd>
              </>
            )}
            {b.isbn && (
              <>
                <dt>ISBN</dt>
                <dd>{b.isbn}</dd>
              </>
            )}
            <dt>Published</dt>
            <dd>{new Date(b.published_at).toLocaleDateString()}</dd>
          </dl>
          <p className="shop-description">{b.description}</p>
        </div>
      </div>
      <ShopEditions book={b} />
      {b.editions?.some((e) => e.kind === 'ebook') && <ResendLinks idPrefix="shop-book" />}
      {b.previews.length > 0 && (
        <section aria-labelledby="shop-look-inside">
          <h2 id="shop-look-inside">Look inside</h2>
          <PreviewStrip previews={{ pages: b.previews, cover: null }} />
        </section>
      )}
      {backLink}
    </StaticPage>
  );
}
