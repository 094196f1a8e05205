// Print-on-demand ordering (spec document 3, §2.3–2.7, §3.3–3.9, §4.3–4.5, §5.1–5.2, §8, §9): products, prices,
// shipping, addresses, order statuses and messages. The API, the print-order workflow and the portal all read them here.

import { DEFAULT_PAPER, PAPER_LABELS, type PaperType } from './cover.ts';
import { DEFAULT_TRIM_SIZE, TRIM_SIZES, trimInches, type TrimSizeId } from './page-layout.ts';

export interface PrintProductSpec {
  /** The print provider's SKU (Lulu's pod_package_id, in its dotted form: the undotted one ends on 2027-02-01): trim, colour, quality, binding, paper, finish. */
  pod_package_id: string;
  name: string;
  description: string;
  trim_size: TrimSizeId;
  /** Trim in inches (width × height): what the interior PDF's pages and the cover must fit. */
  trim: { width: number; height: number };
  color: 'bw' | 'color';
  binding: string;
  paper: string;
  /** The paper's shade: a black-and-white book is printed on the one its author chose; colour on coated white. */
  paper_type: PaperType;
  base_price: number;
  /** Pages the binding takes: fewer or more and the provider refuses the book. */
  pages: { min: number; max: number };
}

export interface PrintProduct {
  spec: PrintProductSpec;
  /** Minimum quantity → price per copy (USD). */
  pricing: Record<number, number>;
  popular: boolean;
}

/** Lulu's SKU for a paperback: trim in hundredths of an inch, ink, standard quality, perfect bound, paper, matte cover. */
const LULU_PAPER = { white: '060UW444', cream: '060UC444', coated: '080CW444' } as const;
function luluSku(trim: TrimSizeId, color: 'bw' | 'color', paper: keyof typeof LULU_PAPER): string {
  const { widthIn, heightIn } = trimInches(trim);
  const hundredths = (inches: number) => String(Math.round(inches * 100)).padStart(4, '0');
  return `${hundredths(widthIn)}X${hundredths(heightIn)}.${color === 'bw' ? 'BW' : 'FC'}.STD.PB.${LULU_PAPER[paper]}.MXX`;
}

/** Tier prices (1, 5, 10, 25 and 50 copies) by trim: larger pages cost more; §9's figures for 6x9 and 8.5x11 colour. */
const TIERS = [1, 5, 10, 25, 50] as const;
const BW_PRICES: Record<TrimSizeId, readonly number[]> = {
  '5x8': [4.5, 4.25, 4.0, 3.75, 3.5],
  '5.25x8': [4.5, 4.25, 4.0, 3.75, 3.5],
  '5.5x8.5': [4.5, 4.25, 4.0, 3.75, 3.5],
  '6x9': [4.5, 4.25, 4.0, 3.75, 3.5],
  '7x10': [5.25, 5.0, 4.75, 4.5, 4.25],
  '8.5x11': [6.0, 5.75, 5.5, 5.25, 5.0],
};
const COLOR_PRICES: Record<TrimSizeId, readonly number[]> = {
  '5x8': [12.5, 12.0, 11.5, 11.0, 10.5],
  '5.25x8': [12.5, 12.0, 11.5, 11.0, 10.5],
  '5.5x8.5': [12.5, 12.0, 11.5, 11.0, 10.5],
  '6x9': [12.5, 12.0, 11.5, 11.0, 10.5],
  '7x10': [15.0, 14.5, 14.0, 13.5, 13.0],
  '8.5x11': [18.75, 18.0, 17.25, 16.5, 15.75],
};

function product(trim: TrimSizeId, color: 'bw' | 'color', paperType: PaperType, name: string, popular: boolean): PrintProduct {
  const { widthIn, heightIn } = trimInches(trim);
  const prices = (color === 'bw' ? BW_PRICES : COLOR_PRICES)[trim];
  const paper = color === 'color' ? '80# white coated' : `60# ${paperType} uncoated`;
  return {
    spec: {
      pod_package_id: luluSku(trim, color, color === 'color' ? 'coated' : paperType),
      name,
      description: `${color === 'bw' ? 'Black and white' : 'Full-colour'} interior on ${paper} paper at ${trim} in, perfect bound, matte cover.`,
      trim_size: trim,
      trim: { width: widthIn, height: heightIn },
      color,
      binding: 'perfect bound',
      paper,
      paper_type: paperType,
      base_price: prices[0] as number,
      pages: { min: 32, max: 800 },
    },
    pricing: Object.fromEntries(TIERS.map((min, i) => [min, prices[i] as number])),
    popular,
  };
}

/**
 * Every product: §9's three first (6x9 black and white standard paperback, the default; 6x9 colour; 8.5x11 colour),
 * then each trim in black and white on white and on cream paper, and in colour.
 */
export const PRINT_PRODUCTS: readonly PrintProduct[] = [
  product('6x9', 'bw', 'white', 'Standard Paperback 6x9 B&W', true),
  product('6x9', 'color', 'white', 'Color Paperback 6x9', true),
  product('8.5x11', 'color', 'white', 'Large Format Color 8.5x11', false),
  ...TRIM_SIZES.flatMap((trim) => [
    ...(trim === '6x9' ? [] : [product(trim, 'bw', 'white', `Standard Paperback ${trim} B&W`, false)]),
    product(trim, 'bw', 'cream', `Cream Paperback ${trim} B&W`, false),
    ...(trim === '6x9' || trim === '8.5x11' ? [] : [product(trim, 'color', 'white', `Color Paperback ${trim}`, false)]),
  ]),
];
export const DEFAULT_POD_PACKAGE_ID = PRINT_PRODUCTS[0]?.spec.pod_package_id as string;
export const printProduct = (podPackageId: string): PrintProduct | undefined => PRINT_PRODUCTS.find((p) => p.spec.pod_package_id === podPackageId);

/** The products a book can be printed as: its trim, in black and white on its paper (first), or in colour. */
export function productsForBook<P extends { spec: Pick<PrintProductSpec, 'trim_size' | 'color' | 'paper_type'> }>(
  products: readonly P[],
  book: { trimSize?: string | null; paper?: string | null },
): P[] {
  const trim = book.trimSize ?? DEFAULT_TRIM_SIZE;
  const paper = book.paper ?? DEFAULT_PAPER;
  const fits = products.filter((p) => p.spec.trim_size === trim && (p.spec.color === 'color' || p.spec.paper_type === paper));
  return [...fits.filter((p) => p.spec.color === 'bw'), ...fits.filter((p) => p.spec.color === 'color')];
}

/** The product a book is printed as unless its author picks another: black and white on its trim and paper. */
export const defaultProductFor = (book: { trimSize?: string | null; paper?: string | null }): PrintProduct =>
  productsForBook(PRINT_PRODUCTS, book)[0] ?? (PRINT_PRODUCTS[0] as PrintProduct);

/** Why a product does not fit a book, in words an author can act on; null when it does. */
export function productMismatch(product: PrintProduct, book: { trimSize?: string | null; paper?: string | null }): string | null {
  const trim = book.trimSize ?? DEFAULT_TRIM_SIZE;
  if (product.spec.trim_size !== trim) return PrintMessages.wrongTrim(product.spec.name, trim);
  const paper = (book.paper ?? DEFAULT_PAPER) as PaperType;
  if (product.spec.color === 'bw' && product.spec.paper_type !== paper) return PrintMessages.wrongPaper(product.spec.name, PAPER_LABELS[paper]);
  return null;
}

/** Per-copy price: the tier with the largest minimum quantity not above the quantity, otherwise the base price. */
export function unitPrice(product: PrintProduct, quantity: number): number {
  let price = product.spec.base_price;
  let best = 0;
  for (const [min, tierPrice] of Object.entries(product.pricing)) {
    const m = Number(min);
    if (m <= quantity && m > best) {
      best = m;
      price = tierPrice;
    }
  }
  return price;
}

export const PRINT_QUANTITY = { min: 1, max: 1000 } as const;
export const QUICK_QUANTITIES = [1, 5, 10, 25, 50] as const;
/** The wizard's quantity input: non-numeric falls back to 1, and it stays within 1–1000. */
export const clampQuantity = (value: unknown): number => {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n >= PRINT_QUANTITY.min ? Math.min(n, PRINT_QUANTITY.max) : PRINT_QUANTITY.min;
};

// Shipping (§9).
export const SHIPPING_LEVELS = ['MAIL', 'PRIORITY_MAIL', 'GROUND', 'EXPEDITED', 'EXPRESS'] as const;
export type ShippingLevel = (typeof SHIPPING_LEVELS)[number];
/** The levels the wizard offers, cheapest first (the cheapest is preselected). */
export const OFFERED_SHIPPING = [
  { level: 'MAIL', label: 'Standard Mail', days: '7-14 business days' },
  { level: 'EXPEDITED', label: 'Expedited', days: '2-3 business days' },
] as const satisfies readonly { level: ShippingLevel; label: string; days: string }[];
export const MOCK_SHIPPING_COST: Record<ShippingLevel, number> = { MAIL: 3.99, GROUND: 6.99, EXPEDITED: 12.99, EXPRESS: 24.99, PRIORITY_MAIL: 8.99 };
export const MOCK_DEFAULT_SHIPPING_COST = 6.99;
export const MOCK_UNIT_COST = { color: 12.5, bw: 4.5 } as const;
export const MOCK_DELIVERY_DAYS = 7;
export const MOCK_LATENCY_MS = { products: 500, calculate: 800, order: 1000 } as const;
export const PRINT_CURRENCY = 'USD';
/** Cost calculation uses the book's page count; 200 when there is none. */
export const DEFAULT_PRINT_PAGE_COUNT = 200;

// Addresses (§5.1, §9): libs/domain/shipping-address.ts.

// Orders (§3.6, §4.3).
export const PRINT_ORDER_STATUSES = [
  'draft', 'validating', 'unpaid', 'paid', 'submitted', 'processing', 'production', 'shipped', 'delivered', 'failed', 'error', 'cancelled',
] as const;
export type PrintOrderStatus = (typeof PRINT_ORDER_STATUSES)[number];
/** Where an order's run ends: nothing changes after these. */
export const FINAL_PRINT_ORDER_STATUSES: readonly PrintOrderStatus[] = ['shipped', 'delivered', 'failed', 'error', 'cancelled'];
/** Statuses the author is not told about: the order is only being set up. */
const QUIET_PRINT_ORDER_STATUSES: readonly PrintOrderStatus[] = ['draft', 'validating'];
/** Whether the author hears (by mail and notification) that an order reached this status. */
export const isAnnouncedPrintStatus = (status: PrintOrderStatus) => !QUIET_PRINT_ORDER_STATUSES.includes(status);

/** Lulu's print-job statuses, in the order a job moves through them (REJECTED and CANCELED end it early; DELIVERED only where the carrier reports it). */
export const LULU_STATUSES = ['CREATED', 'UNPAID', 'PAYMENT_IN_PROGRESS', 'PRODUCTION_DELAYED', 'PRODUCTION_READY', 'IN_PRODUCTION', 'SHIPPED', 'DELIVERED', 'REJECTED', 'CANCELED'] as const;
export type LuluStatus = (typeof LULU_STATUSES)[number];
/** The order status a provider status means for the author. */
export function orderStatusForLulu(status: string): PrintOrderStatus {
  switch (status) {
    case 'CREATED':
    case 'UNPAID':
    case 'PAYMENT_IN_PROGRESS':
      return 'submitted';
    case 'PRODUCTION_DELAYED':
    case 'PRODUCTION_READY':
      return 'processing';
    case 'IN_PRODUCTION':
      return 'production';
    case 'SHIPPED':
      return 'shipped';
    case 'DELIVERED':
      return 'delivered';
    case 'REJECTED':
      return 'failed';
    case 'CANCELED':
      return 'cancelled';
    default:
      return 'error';
  }
}

/** external_id of a print job: 'PB-' and a timestamp (§3.6, §9). */
const EXTERNAL_ID_PREFIX = 'PB-';
export const externalIdAt = (at: Date) => `${EXTERNAL_ID_PREFIX}${at.getTime()}`;

/** What a print order's payment is for, as the checkout page, the receipt and the payments list name it. */
export const printPaymentName = (order: { quantity: number; bookTitle: string }) => `${order.quantity} × ${order.bookTitle} (print)`;

/** How long an order waits for its payment before it is cancelled (configurable per order through the workflow input). */
export const PRINT_PAYMENT_WINDOW = '24 hours';

export const PRINT_SERVICES = [
  { id: 'amazon_kdp', label: 'Amazon KDP 6x9', template: 'amazon_kdp', handledBy: 'you' },
  { id: 'lulu', label: 'Lulu 6x9', template: 'lulu', handledBy: 'pressroom' },
] as const;
/** The cover template of the service Pressroom prints with: a cover sent to print is drawn for it. */
export const PRESS_COVER_TEMPLATE = PRINT_SERVICES.find((service) => service.handledBy === 'pressroom')?.template ?? 'lulu';

export const PrintMessages = {
  productsFailed: 'Failed to load print options',
  validateFailed: 'Failed to validate book files',
  calculateFailed: 'Failed to calculate shipping costs',
  createFailed: 'Failed to create print order',
  orderFailed: 'Failed to fetch order details',
  unavailable: 'Print service unavailable',
  ordersFailed: 'Failed to fetch print orders',
  refreshFailed: 'Failed to refresh order status',
  selectProduct: 'Please select a print option',
  selectShipping: 'Please select a shipping option',
  agreeTerms: 'Please agree to the terms and conditions',
  missingInformation: 'Missing order information. Please go back and complete all steps.',
  productsFailedRetry: 'Failed to load print options. Please try again.',
  calculateFailedRetry: 'Failed to calculate shipping costs. Please try again.',
  noShippingOptions: 'No shipping options available for this destination',
  createFailedRetry: 'Failed to create print order. Please try again.',
  loading: 'Loading your print orders...',
  empty: 'No Print Orders Yet',
  quoteSubmitted: "We'll review your book and send you a quote within 24 hours.",
  coverRegenerating: 'This may take 30-60 seconds',
  regenerateFailed: 'Failed to regenerate cover. Please try again.',
  submitFailed: 'Failed to submit print order. Please try again.',
  unknownProduct: 'Unknown print product',
  wrongTrim: (product: string, trim: string) => `${product} is not printed at this book's trim (${trim} in): choose a ${trim} product, or change the trim in the book's settings and rebuild it.`,
  wrongPaper: (product: string, paper: string) => `${product} is not printed on this book's paper (${paper}): choose a product on ${paper.toLowerCase()} paper, or change the paper in the book's settings.`,
  quantity: `Quantity must be a whole number from ${PRINT_QUANTITY.min} to ${PRINT_QUANTITY.max}`,
  notCompleted: 'Only a completed book with its PDF and cover can be printed',
  notYours: 'You can only see your own print orders',
  notYourAccount: 'You can only order prints for your own account',
  orderNotFound: 'Print order not found or access denied',
  badSignature: 'Webhook signature verification failed',
} as const;

/** Why an order's run ended early, or what the back office must act on, as the order's error_message and timeline say it. */
export const PrintOrderProblems = {
  unpaid: 'The order was not paid in time, so it was cancelled. Place a new order to print your book.',
  missingFile: (which: 'interior' | 'cover') => `The ${which} PDF of this order is missing; place a new order from your book.`,
  stopped: 'Something went wrong while handling this order. Contact support with your order id.',
  latePayment: (sessionId: string) => `Payment ${sessionId} arrived after the order was closed: refund it.`,
  costChanged: (from: string, to: string) => `The print provider's price changed: ${from} → ${to}.`,
} as const;

/** A paid order still not shipped after this many days needs the team's look (printing takes 1-2 business days). */
export const PRINT_OVERDUE_AFTER_DAYS = 4;
/** Paid long ago and still not shipped, or still waiting for its payment after its deadline (its run should have closed it). */
export function printOrderOverdue(order: { orderStatus: PrintOrderStatus; paidAt?: Date | null; payBy?: Date | null }, now: Date): boolean {
  if (FINAL_PRINT_ORDER_STATUSES.includes(order.orderStatus)) return false;
  if (order.paidAt) return now.getTime() - order.paidAt.getTime() > PRINT_OVERDUE_AFTER_DAYS * 86_400_000;
  return Boolean(order.payBy && order.payBy.getTime() < now.getTime());
}
