import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ShopSaleStatus } from '../../../libs/contracts/index.ts';
import { SaleMessages } from '../../../libs/domain/index.ts';
import { ApiError } from '../api/client.ts';
import { useAuth } from '../components/AuthContext.tsx';
import { copies } from '../components/printFlow.ts';
import { Spinner } from '../components/Spinner.tsx';
import { StaticPage } from '../components/StaticPage.tsx';
import { fetchShopSale } from '../api/sales.ts';
import { SALE_POLL_LIMIT_MS, SALE_POLL_MS, saleSettled, saleStage } from './buying.ts';
import { ResendLinksForm } from './ResendLinks.tsx';
import './shop.css';
import { useSupportEmail } from '../api/site.ts';

function Progress({ sale, gaveUp }: { sale: ShopSaleStatus; gaveUp: boolean }) {
  const { user } = useAuth();
  const to = sale.mailed_to ? ` to ${sale.mailed_to}` : '';
  switch (saleStage(sale)) {
    case 'paying':
      return gaveUp ? (
        <p>
          Your payment has not reached us yet. If you paid, your {sale.edition === 'ebook' ? 'download link' : 'order confirmation'} comes by e-mail as soon as it does; nothing is charged twice.
        </p>
      ) : (
        <Spinner label="Waiting for your payment to be confirmed…" />
      );
    case 'delivering':
      return <Spinner label="Payment received. Preparing your download link…" />;
    case 'delivered':
      return (
        <>
          <p className="notice">We've e-mailed your download link{to}.</p>
          {user && (
            <p>
              The e-book is also in your <Link to="/dashboard?tab=library">Library</Link>, ready to download.
            </p>
          )}
        </>
      );
    case 'printing':
      return <p className="notice">Your copies are being printed; we'll e-mail tracking{to} as soon as they ship.</p>;
    case 'shipped':
      return <p className="notice">Your copies are on their way; we've e-mailed the tracking{to}.</p>;
    case 'ended':
      return (
        <p>
          This purchase was {sale.status === 'expired' ? 'not paid in time' : 'cancelled'}: nothing was charged. <Link to="/shop">Back to the shop</Link>
        </p>
      );
  }
}

/** /shop/purchase/:saleId: where the checkout sends a buyer back; it follows the sale until the e-book is mailed or the copies are paid for. */
export function PurchasePage() {
  const support = useSupportEmail();
  const { saleId = '' } = useParams();
  // After a while the page stops asking and says what happens next.
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), SALE_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const sale = useQuery({
    queryKey: ['shop-sale', saleId],
    queryFn: () => fetchShopSale(saleId),
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 3,
    refetchInterval: (query) => ((query.state.data && saleSettled(query.state.data)) || gaveUp ? false : SALE_POLL_MS),
  });

  if (sale.isPending) {
    return (
      <StaticPage title="Your purchase">
        <Spinner label="Loading your purchase…" />
      </StaticPage>
    );
  }
  if (sale.isError) {
    const missing = sale.error instanceof ApiError && sale.error.status === 404;
    return (
      <StaticPage title="Your purchase">
        <p className="error-text" role="alert">{missing ? SaleMessages.saleNotFound : sale.error.message}</p>
        {!missing && <button type="button" className="button button-secondary" onClick={() => void sale.refetch()}>Try again</button>}
        <p>
          <Link to="/shop">Back to the shop</Link>
        </p>
      </StaticPage>
    );
  }
  const s = sale.data;
  const paid = !['paying', 'ended'].includes(saleStage(s));
  return (
    <StaticPage title={paid ? 'Thank you for your purchase!' : 'Your purchase'} lead={<span dir="auto">{s.edition === 'ebook' ? `${s.book_title} (e-book)` : `${copies(s.quantity)} of ${s.book_title}`}</span>}>
      <section aria-live="polite" className="purchase-progress">
        <Progress sale={s} gaveUp={gaveUp} />
      </section>
      {s.edition === 'ebook' && saleStage(s) === 'delivered' && (
        <section aria-labelledby="resend-heading" className="purchase-resend">
          <h2 id="resend-heading">No mail?</h2>
          <p className="muted">Check your spam folder, or have the link sent again.</p>
          <ResendLinksForm idPrefix="purchase" />
        </section>
      )}
      <div className="path-buttons">
        <Link className="button button-secondary" to="/shop">Back to the shop</Link>
        <a className="button button-secondary" href={`mailto:${support}`}>Contact Support</a>
      </div>
    </StaticPage>
  );
}
