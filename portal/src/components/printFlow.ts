// The print pages' rules that need no browser: the wizard's steps, the order list's live updates, the cover plan of a print service, and how amounts, quantities and statuses read.
import type { PrintOrderView, ShippingOptionView } from '../../../libs/contracts/index.ts';
import {
  FINAL_PRINT_ORDER_STATUSES,
  formatAmount,
  OFFERED_SHIPPING,
  toCents,
  type PrintProduct,
  type ShippingAddress,
  type ShippingLevel,
} from '../../../libs/domain/index.ts';

export const WIZARD_STEPS = ['Product Selection', 'Shipping Address', 'Shipping Options', 'Review and Order'] as const;
export type WizardStep = 1 | 2 | 3 | 4;
/** The wizard never goes below its first step or past its last. */
export const clampStep = (step: number): WizardStep => Math.min(WIZARD_STEPS.length, Math.max(1, Math.trunc(step) || 1)) as WizardStep;

/** The cheapest of the offered options (the one the wizard preselects); null when there is none. */
export function cheapestLevel(options: readonly ShippingOptionView[]): ShippingLevel | null {
  let best: ShippingOptionView | null = null;
  for (const option of options) if (!best || option.cost < best.cost) best = option;
  return best?.level ?? null;
}

export const shippingLabel = (level: string): string => OFFERED_SHIPPING.find((o) => o.level === level)?.label ?? level.replaceAll('_', ' ').toLowerCase();

/** An amount in dollars (print prices and orders hold dollars) as money. */
export const money = (amount: number, currency = 'USD'): string => formatAmount(toCents(amount), currency);
export const copies = (quantity: number): string => `${quantity} ${quantity === 1 ? 'copy' : 'copies'}`;

/** The tier list of a product as the wizard prints it: "1+ $4.50", "5+ $4.25", … */
export const tierLines = (product: PrintProduct): string[] =>
  Object.entries(product.pricing)
    .map(([min, price]) => [Number(min), price] as const)
    .sort(([a], [b]) => a - b)
    .map(([min, price]) => `${min}+ ${money(price)}`);

export const isFinalOrder = (order: Pick<PrintOrderView, 'order_status'>): boolean => FINAL_PRINT_ORDER_STATUSES.includes(order.order_status);
/** How often the orders tab and the confirmation look again while an order can still move. */
export const PRINT_ORDER_REFRESH_MS = 4000;
/** react-query's refetchInterval for a list of orders: poll while any order can still change, stop once all are final. */
export const ordersRefetchInterval = (orders: readonly Pick<PrintOrderView, 'order_status'>[] | undefined): number | false =>
  orders?.some((order) => !isFinalOrder(order)) ? PRINT_ORDER_REFRESH_MS : false;

export const statusLabel = (status: string): string => status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ');
/** The wizard's and confirmation's badge colours (§4.3): draft and submitted blue, processing yellow, shipped green, delivered dark green. */
export function badgeTone(status: string): 'blue' | 'yellow' | 'green' | 'dark-green' | 'red' | 'grey' {
  switch (status) {
    case 'draft':
    case 'submitted':
    case 'validating':
    case 'unpaid':
    case 'paid':
      return 'blue';
    case 'processing':
    case 'production':
      return 'yellow';
    case 'shipped':
      return 'green';
    case 'delivered':
      return 'dark-green';
    case 'failed':
    case 'error':
    case 'cancelled':
      return 'red';
    default:
      return 'grey';
  }
}

/** §4.5: a print service's cover is drawn again when the book has none or it was drawn for another template. */
export const coverPlan = (book: { cover_blob_url: string | null; cover_pdf_template: string | null }, template: string): 'regenerate' | 'reuse' =>
  book.cover_blob_url && book.cover_pdf_template === template ? 'reuse' : 'regenerate';

/** The address on one line per part, as the review and the confirmation show it. */
export const addressLines = (address: ShippingAddress): string[] =>
  [address.name, address.address_line1, address.address_line2, [address.city, address.state, address.postcode].filter(Boolean).join(', '), address.country, address.phone].filter(
    (line): line is string => Boolean(line),
  );
