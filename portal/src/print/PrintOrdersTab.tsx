import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PrintOrderView } from '../../../libs/contracts/index.ts';
import { ADDRESS_CORRECTABLE_PRINT_STATUSES, eliteIncludedLabel, luluStatusWords, PrintMessages, printOrderProgress } from '../../../libs/domain/index.ts';
import { correctPrintOrderAddress } from '../api/addresses.ts';
import { CorrectAddress } from '../components/CorrectAddress.tsx';
import { authorizedFetch } from '../api/client.ts';
import { Spinner } from '../components/Spinner.tsx';
import { fetchUserPrintOrders, refreshPrintOrder } from '../api/print.ts';
import { addressLines, copies, money, ordersRefetchInterval } from '../components/printFlow.ts';
import { awaitingConfirmation, orderStatusText } from './paymentReturn.ts';

export const printOrdersKey = (userId: string | undefined) => ['print-orders', userId] as const;

/** The caller's print orders, looked at again every few seconds while any of them can still change. */
export function usePrintOrders(userId: string | undefined) {
  return useQuery({
    queryKey: printOrdersKey(userId),
    queryFn: () => fetchUserPrintOrders(userId as string),
    enabled: Boolean(userId),
    staleTime: 0,
    refetchInterval: (query) => ordersRefetchInterval(query.state.data),
  });
}

/** The book's front cover, from the book's own cover image; a failure is only logged (§2.3). */
function CoverThumbnail({ order }: { order: PrintOrderView }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let href: string | null = null;
    let live = true;
    // The book may have been deleted since: its order stays, without a picture.
    if (!order.book_project_id) return;
    authorizedFetch(`/api/book-projects/${encodeURIComponent(order.book_project_id)}/download/cover-png?inline=1`)
      .then((response) => response.blob())
      .then((blob) => {
        href = URL.createObjectURL(blob);
        if (live) setUrl(href);
      })
      .catch((error: unknown) => console.warn(`Cover thumbnail of print order ${order.order_id} failed`, error));
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [order.book_project_id, order.order_id]);
  return url ? <img className="order-thumb" src={url} alt={`Cover of ${order.book_title}`} /> : <span className="order-thumb" aria-hidden="true" />;
}

function PrintOrderItem({ order, onRefresh, refreshing }: { order: PrintOrderView; onRefresh: () => void; refreshing: boolean }) {
  const progress = printOrderProgress(order.order_status);
  return (
    <li className="card print-order" aria-label={`Print order ${order.order_id}`}>
      <div className="print-order-body">
        <CoverThumbnail order={order} />
        <div className="print-order-main">
          <div className="item-head">
            <div>
              <h3 className="book-title">{order.book_title}</h3>
              <p className="muted">by {order.book_author}</p>
              <p className="muted">Order <code>{order.order_id}</code></p>
            </div>
            <div className="badges">
              <span className={`status status-print-${order.order_status}`}>{orderStatusText(order)}</span>
              {order.elite_included ? <span>{eliteIncludedLabel(order.elite_included)}</span> : <strong>{money(order.total_cost, order.currency)}</strong>}
              {order.lulu_status && (
                <button type="button" className="link-button" aria-label="Refresh order status" title="Refresh order status" disabled={refreshing} onClick={onRefresh}>
                  ⟳
                </button>
              )}
            </div>
          </div>
          <div className="progress-line">
            <span>Order Progress</span>
            <div className="progress" role="progressbar" aria-label="Order Progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} style={{ flex: 1 }}>
              <div className="progress-bar" style={{ width: `${progress}%` }} />
            </div>
            <span>{progress}%</span>
          </div>
          <ul className="facts">
            <li>Ordered: {new Date(order.created_at).toLocaleString()}</li>
            <li>Quantity: {copies(order.quantity)}</li>
            {order.shipped_at && <li>Shipped: {new Date(order.shipped_at).toLocaleDateString()}</li>}
            {order.lulu_status && <li>Print status: {luluStatusWords(order.lulu_status)}</li>}
            <li>Ship to: {addressLines(order.shipping_address).slice(0, 5).join(', ')}</li>
          </ul>
          {ADDRESS_CORRECTABLE_PRINT_STATUSES.includes(order.order_status) && (
            <CorrectAddress id={`correct-${order.order_id}`} current={order.shipping_address} save={(address) => correctPrintOrderAddress(order.order_id, address)} />
          )}
          {awaitingConfirmation(order) && <p className="muted" role="status">Thank you: your payment is being confirmed.</p>}
          {order.order_status === 'unpaid' && order.payment_url && !awaitingConfirmation(order) && (
            <p>
              This order waits for its payment{order.pay_by ? ` (until ${new Date(order.pay_by).toLocaleString()})` : ''}. <a className="button button-small" href={order.payment_url}>Pay now</a>
            </p>
          )}
          {(order.tracking_id || order.tracking_urls.length > 0) && (
            <div className="notice" role="status">
              <strong>Package Shipped</strong>
              {order.tracking_id && <p>Tracking number: {order.tracking_id}{order.carrier_name ? ` (${order.carrier_name})` : ''}</p>}
              <p className="track-links">
                {order.tracking_urls.map((url) => (
                  <a key={url} href={url} target="_blank" rel="noreferrer">Track Package</a>
                ))}
              </p>
            </div>
          )}
          {order.error_message && (
            <div className="error-banner" role="alert">
              <strong>Order Failed</strong>
              <p>{order.error_message}</p>
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

/** The dashboard's Print Orders tab (§2.3). */
export function PrintOrdersTab({ userId }: { userId: string | undefined }) {
  const queryClient = useQueryClient();
  const orders = usePrintOrders(userId);
  const refresh = useMutation({
    mutationFn: refreshPrintOrder,
    onError: (error) => console.warn(PrintMessages.refreshFailed, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: printOrdersKey(userId) }),
  });

  if (orders.isPending) {
    return (
      <div>
        <Spinner label={PrintMessages.loading} />
        <p className="muted center">{PrintMessages.loading}</p>
      </div>
    );
  }
  if (orders.isError) {
    return (
      <div className="empty-state" role="alert">
        <p className="error-text">{orders.error.message}</p>
        <button type="button" className="button" onClick={() => void orders.refetch()}>Try again</button>
      </div>
    );
  }
  return (
    <>
      <div className="tab-toolbar">
        <button type="button" className="button button-secondary button-small" disabled={orders.isFetching} onClick={() => void orders.refetch()}>
          {orders.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {orders.data.length === 0 ? (
        <div className="empty-state">
          <p><strong>{PrintMessages.empty}</strong></p>
          <p className="muted">Use the 'Order Print Copy' button on a completed book project to order printed copies.</p>
        </div>
      ) : (
        <ul className="item-list">
          {orders.data.map((order) => (
            <PrintOrderItem
              key={order.order_id}
              order={order}
              refreshing={refresh.isPending && refresh.variables === order.order_id}
              onRefresh={() => refresh.mutate(order.order_id)}
            />
          ))}
        </ul>
      )}
    </>
  );
}
