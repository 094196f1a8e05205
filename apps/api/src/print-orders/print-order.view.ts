import type { PrintOrderView } from '../../../../libs/contracts/index.ts';
import type { EliteIncluded, PrintOrder } from '../../../../libs/db/index.ts';
import { printOrderProgress, type PrintOrderStatus } from '../../../../libs/domain/index.ts';

/** Statuses in which the order still waits for its payment, so the checkout page is worth showing. */
const PAYABLE: readonly PrintOrderStatus[] = ['draft', 'validating', 'unpaid'];
const money = (value: number | string) => Number(value);

/** Where the order's own cover (copied at order time) is served to its owner. */
export const printOrderCoverPath = (orderId: string) => `/api/print/orders/${orderId}/cover`;

/** An order as the dashboard, the confirmation and the back office read it (§3.6 and what the pages need). */
export function printOrderView(order: PrintOrder, included?: EliteIncluded | null): PrintOrderView {
  return {
    order_id: order.id,
    book_project_id: order.bookProject?.id ?? null,
    book_title: order.bookTitle,
    book_author: order.bookAuthor,
    pod_package_id: order.podPackageId,
    quantity: order.quantity,
    shipping_address: order.shippingAddress,
    shipping_level: order.shippingLevel,
    contact_email: order.contactEmail,
    external_id: order.externalId,
    unit_cost: money(order.unitCost),
    printing_cost: money(order.printingCost),
    shipping_cost: money(order.shippingCost),
    tax: order.tax === null || order.tax === undefined ? null : money(order.tax),
    total_cost: money(order.totalCost),
    currency: order.currency,
    cost_source: order.costSource,
    order_status: order.orderStatus,
    lulu_status: order.luluStatus ?? null,
    lulu_job_id: order.luluJobId ?? null,
    tracking_id: order.trackingId ?? null,
    carrier_name: order.carrierName ?? null,
    tracking_urls: order.trackingUrls ?? [],
    error_message: order.errorMessage ?? null,
    payment_url: PAYABLE.includes(order.orderStatus) ? (order.paymentUrl ?? null) : null,
    pay_by: order.payBy?.toISOString() ?? null,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    shipped_at: order.shippedAt?.toISOString() ?? null,
    cover_pdf_url: order.coverKey ? printOrderCoverPath(order.id) : null,
    progress: printOrderProgress(order.orderStatus),
    history: order.history ?? [],
    elite_included: included ? { request_id: included.requestId, amount_cents: included.amountCents, currency: included.currency } : null,
  };
}
