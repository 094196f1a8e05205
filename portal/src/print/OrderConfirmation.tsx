import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Spinner } from '../components/Spinner.tsx';
import { fetchPrintOrder } from '../api/print.ts';
import { eliteIncludedLabel, PrintStatusWords } from '../../../libs/domain/index.ts';
import { addressLines, copies, isFinalOrder, money, PRINT_ORDER_REFRESH_MS, shippingLabel } from '../components/printFlow.ts';
import { rememberCheckoutReturn } from './paymentReturn.ts';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { EstimatedPrice } from './PrintOrderWizard.tsx';
import { useSupportEmail } from '../api/site.ts';

/**
 * 'Order Confirmed!' (§2.5): the order as it stands, updating while it moves. The author comes here back from paying
 * (`paying`: the payment's webhook may not have reached the order yet), or from a wizard whose order has no checkout.
 */
export function OrderConfirmation({ orderId, paying, onClose }: { orderId: string; paying: boolean; onClose: () => void }) {
  const support = useSupportEmail();
  const order = useQuery({
    queryKey: ['print-order', orderId],
    queryFn: () => fetchPrintOrder(orderId),
    refetchInterval: (query) => (query.state.data && isFinalOrder(query.state.data) ? false : PRINT_ORDER_REFRESH_MS),
    staleTime: 0,
  });
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (paying) rememberCheckoutReturn(orderId);
  }, [paying, orderId]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const copy = () =>
    navigator.clipboard.writeText(orderId).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      },
      (error: unknown) => console.warn('Could not copy the order id', error),
    );

  const view = order.data;
  return (
    <div className="dialog-backdrop">
      <div className="dialog dialog-wide" role="dialog" aria-modal="true" aria-labelledby="order-confirmed-title">
        <h3 id="order-confirmed-title">Order Confirmed!</h3>
        {order.isPending ? (
          <Spinner label="Loading your order…" />
        ) : order.isError ? (
          <div role="alert">
            <p className="error-text">{order.error.message}</p>
            <button type="button" className="button button-secondary button-small" onClick={() => void order.refetch()}>Try again</button>
          </div>
        ) : view ? (
          <>
            <p className="order-id">
              Order <code>{view.order_id}</code>{' '}
              <button type="button" className="link-button" onClick={() => void copy()}>{copied ? 'Copied!' : 'Copy order id'}</button>
            </p>
            <dl className="summary">
              <dt>Ordered</dt>
              <dd>{new Date(view.created_at).toLocaleString()}</dd>
              <dt>Status</dt>
              <dd>{view.order_status === 'unpaid' && paying ? PrintStatusWords.awaitingConfirmation : <StatusBadge status={view.order_status} />}</dd>
              <dt>Book</dt>
              <dd>{view.book_title} by {view.book_author}</dd>
              <dt>Quantity</dt>
              <dd>{copies(view.quantity)}</dd>
              <dt>Ship to</dt>
              <dd>{addressLines(view.shipping_address).join(' · ')}</dd>
              <dt>Shipping method</dt>
              <dd>{shippingLabel(view.shipping_level)}</dd>
            </dl>
            {view.order_status === 'unpaid' &&
              (paying ? (
                <p className="muted" role="status">Thank you: your payment is being confirmed.</p>
              ) : (
                view.payment_url && (
                  <p>
                    Your order waits for its payment. <a className="button button-small" href={view.payment_url}>Pay now</a>
                  </p>
                )
              ))}
            {view.error_message && <p className="error-text" role="alert">{view.error_message}</p>}
            <h4>Cost breakdown</h4>
            {view.elite_included ? (
              <p>{eliteIncludedLabel(view.elite_included)}</p>
            ) : (
              <>
                {view.cost_source === 'mock' && <EstimatedPrice />}
                <dl className="summary costs">
                  <dt>Printing ({copies(view.quantity)} × {money(view.unit_cost, view.currency)})</dt>
                  <dd>{money(view.printing_cost, view.currency)}</dd>
                  <dt>Shipping</dt>
                  <dd>{money(view.shipping_cost, view.currency)}</dd>
                  {view.tax !== null && (
                    <>
                      <dt>Tax</dt>
                      <dd>{money(view.tax, view.currency)}</dd>
                    </>
                  )}
                  <dt><strong>Total</strong></dt>
                  <dd><strong>{money(view.total_cost, view.currency)}</strong></dd>
                </dl>
              </>
            )}
            {view.tracking_urls.length > 0 && (
              <p className="track-links">
                {view.tracking_urls.map((url, i) => (
                  <a key={url} className="button button-secondary button-small" href={url} target="_blank" rel="noreferrer">Track Package {i + 1}</a>
                ))}
              </p>
            )}
            <h4>What Happens Next?</h4>
            <ul>
              <li>Once your payment is through, we check your book's files and send them to the printer.</li>
              <li>Printing takes 1-2 business days; then your copies ship with the method you chose.</li>
              <li>Each change of status is e-mailed to you and shown under Print Orders on your dashboard, with tracking links once it ships.</li>
            </ul>
            <h4>Need help?</h4>
            <p className="muted">
              Write to <a href={`mailto:${support}?subject=${encodeURIComponent(`Print order ${view.order_id}`)}`}>{support}</a> and quote your order id{' '}
              <code>{view.order_id}</code>.
            </p>
          </>
        ) : null}
        <div className="path-buttons">
          <button type="button" className="button" onClick={onClose}>Continue to Dashboard</button>
        </div>
      </div>
    </div>
  );
}
