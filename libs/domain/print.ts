// Print-on-demand ordering (spec document 3, §2.3–2.7, §3.3–3.9, §4.3–4.5, §5.1–5.2, §8, §9): products, prices,
// shipping, addresses, order statuses and messages. The API, the print-order workflow and the portal all read them here.

export interface PrintProductSpec {
  /** The print provider's SKU (Lulu's pod_package_id, in its dotted form: the undotted one ends on 2027-02-01): trim, colour, quality, binding, paper, finish. */
  pod_package_id: string;
  name: string;
  description: string;
  trim_size: string;
  /** Trim in inches (width × height): what the interior PDF's pages and the cover must fit. */
  trim: { width: number; height: number };
  color: 'bw' | 'color';
  binding: string;
  paper: string;
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

/** The three products of §9, default first (6x9 black and white standard paperback). */
export const PRINT_PRODUCTS: readonly PrintProduct[] = [
  {
    spec: {
      pod_package_id: '0600X0900.BW.STD.PB.060UW444.MXX',
      name: 'Standard Paperback 6x9 B&W',
      description: 'Black and white interior on 60# white paper, perfect bound, matte cover.',
      trim_size: '6x9',
      trim: { width: 6, height: 9 },
      color: 'bw',
      binding: 'perfect bound',
      paper: '60# white uncoated',
      base_price: 4.5,
      pages: { min: 32, max: 800 },
    },
    pricing: { 1: 4.5, 5: 4.25, 10: 4.0, 25: 3.75, 50: 3.5 },
    popular: true,
  },
  {
    spec: {
      pod_package_id: '0600X0900.FC.STD.PB.080CW444.MXX',
      name: 'Color Paperback 6x9',
      description: 'Full-colour interior on 80# white coated paper, perfect bound, matte cover.',
      trim_size: '6x9',
      trim: { width: 6, height: 9 },
      color: 'color',
      binding: 'perfect bound',
      paper: '80# white coated',
      base_price: 12.5,
      pages: { min: 32, max: 800 },
    },
    pricing: { 1: 12.5, 5: 12.0, 10: 11.5, 25: 11.0, 50: 10.5 },
    popular: true,
  },
  {
    spec: {
      pod_package_id: '0850X1100.FC.STD.PB.080CW444.MXX',
      name: 'Large Format Color 8.5x11',
      description: 'Full-colour interior on 80# white coated paper at letter size, perfect bound, matte cover.',
      trim_size: '8.5x11',
      trim: { width: 8.5, height: 11 },
      color: 'color',
      binding: 'perfect bound',
      paper: '80# white coated',
      base_price: 18.75,
      pages: { min: 32, max: 800 },
    },
    pricing: { 1: 18.75, 5: 18.0, 10: 17.25, 25: 16.5, 50: 15.75 },
    popular: false,
  },
];
export const DEFAULT_POD_PACKAGE_ID = PRINT_PRODUCTS[0]?.spec.pod_package_id as string;
export const printProduct = (podPackageId: string): PrintProduct | undefined => PRINT_PRODUCTS.find((p) => p.spec.pod_package_id === podPackageId);

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

// Addresses (§5.1, §9).
export const COUNTRIES = ['US', 'CA', 'GB', 'AU', 'DE', 'FR', 'IT', 'ES', 'NL', 'SE', 'NO', 'DK', 'FI', 'JP', 'SG', 'NZ'] as const;
export type Country = (typeof COUNTRIES)[number];
export const DEFAULT_COUNTRY: Country = 'US';
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT',
  'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;
export const CA_PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
/** The state or province choices of a country that has a fixed list (US, CA); null where the field is free text. */
export const regionsOf = (country: string): readonly string[] | null => (country === 'US' ? US_STATES : country === 'CA' ? CA_PROVINCES : null);

export interface ShippingAddress {
  name: string;
  address_line1: string;
  address_line2?: string;
  city: string;
  state?: string;
  postcode: string;
  country: string;
  phone: string;
}
export type AddressField = keyof ShippingAddress;

export const AddressMessages = {
  name: 'Full name is required',
  street: 'Street address is required',
  city: 'City is required',
  postcode: 'Postal code is required',
  phone: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  state: 'State/Province is required',
  country: `Country must be one of ${COUNTRIES.join(', ')}`,
  stateUnknown: 'Choose a state or province from the list',
} as const;

/** §5.1's checks, in the spec's wording; the wizard shows each beside its field and the API answers them as 422 details. */
export function addressProblems(address: ShippingAddress): Partial<Record<AddressField, string>> {
  const problems: Partial<Record<AddressField, string>> = {};
  if (!address.name.trim()) problems.name = AddressMessages.name;
  if (!address.address_line1.trim()) problems.address_line1 = AddressMessages.street;
  if (!address.city.trim()) problems.city = AddressMessages.city;
  if (!address.postcode.trim()) problems.postcode = AddressMessages.postcode;
  if (!address.phone.trim()) problems.phone = AddressMessages.phone;
  else if (!/^[\d\s\-+().]+$/.test(address.phone)) problems.phone = AddressMessages.phoneInvalid;
  if (!(COUNTRIES as readonly string[]).includes(address.country)) problems.country = AddressMessages.country;
  const regions = regionsOf(address.country);
  if (regions) {
    const state = (address.state ?? '').trim();
    if (!state) problems.state = AddressMessages.state;
    else if (!regions.includes(state)) problems.state = AddressMessages.stateUnknown;
  }
  return problems;
}

// Orders (§3.6, §4.3).
export const PRINT_ORDER_STATUSES = [
  'draft', 'validating', 'unpaid', 'paid', 'submitted', 'processing', 'production', 'shipped', 'delivered', 'failed', 'error', 'cancelled',
] as const;
export type PrintOrderStatus = (typeof PRINT_ORDER_STATUSES)[number];
/** Where an order's run ends: nothing changes after these. */
export const FINAL_PRINT_ORDER_STATUSES: readonly PrintOrderStatus[] = ['shipped', 'delivered', 'failed', 'error', 'cancelled'];
/** The dashboard's progress bar: draft, paid, production, shipped, delivered at 20–100 %; any other status 0 %. */
const PROGRESS: Partial<Record<PrintOrderStatus, number>> = { draft: 20, paid: 40, production: 60, shipped: 80, delivered: 100 };
export const printOrderProgress = (status: string): number => PROGRESS[status as PrintOrderStatus] ?? 0;

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
export const EXTERNAL_ID_PREFIX = 'PB-';
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
