// Checkout, payments, credits, the /success page and the Elite project-details form (spec document 1, §2–§9).
import { isEmailAddress } from './accounts.ts';
import { offerPrice } from './offers.ts';

/** 'mismatch': Stripe's session did not charge what Pressroom created it for; nothing is fulfilled, the team sees why. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'mismatch'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A book credit is available, reserved by a book being written, or spent by a finished book. */
export const BOOK_CREDIT_STATUSES = ['available', 'reserved', 'spent'] as const;
export type BookCreditStatus = (typeof BOOK_CREDIT_STATUSES)[number];

/** The Stripe events Pressroom acts on; every other event is stored and acknowledged. */
export const FULFILLED_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
export type FulfilledEventType = (typeof FULFILLED_EVENT_TYPES)[number];

/** Session storage on the portal: the product type written before checkout and read by /success. */
export const PRODUCT_TYPE_KEY = 'productType';
export const ONESHOT_PRODUCT_TYPE = 'oneshot';
/** /success clears the stored product type this long after it sees a session_id, and refetches the subscription after 2 s. */
export const SUCCESS_CLEAR_MS = 5 * 60 * 1000;
export const SUBSCRIPTION_REFETCH_MS = 2000;

export const CheckoutMessages = {
  failed: 'Failed to create checkout session',
  noSession: 'No checkout URL or session ID received',
  stripeScript: 'Failed to load Stripe',
  httpError: (status: number, statusText: string) => `HTTP ${status}: ${statusText}`,
  unknownPrice: 'Unknown price: choose one of the listed products',
  modeMismatch: (mode: string) => `This product is sold with mode "${mode}"`,
  notConfigured: 'Payments are not configured on this server',
  badRedirect: 'successUrl and cancelUrl must be addresses of this site',
  processing: 'Processing...',
} as const;

export const SubscriptionMessages = {
  failed: 'Failed to fetch subscription',
  active: 'Active Subscription',
  none: 'No active subscription',
  hint: 'Purchase our Elite Service to get started',
  /** Said instead of "No active subscription" once the account has bought anything: its purchases are what it has. */
  purchases: (count: number) => `${count === 1 ? '1 purchase' : `${count} purchases`} on this account`,
  /** The seller's line: what their books sold in the shop (the Sales tab has each sale). */
  shopSales: (sales: number, earnings: string) => `Shop: ${sales === 1 ? '1 sale' : `${sales} sales`}, ${earnings} earned`,
  eliteRequests: (count: number) => (count === 0 ? 'no open request yet — open one from a finished book or the payment page' : count === 1 ? '1 open request' : `${count} open requests`),
} as const;

export const CreditMessages = {
  needed: (provider: string) => `Writing a book with ${provider} takes a book credit: buy the AI Book Generator, or choose the free mock provider.`,
  /** The dashboard's line for the account's unspent credits, and what they are for. */
  held: (count: number) =>
    count === 0 ? 'Book credits: 0' : count === 1 ? '1 book credit — your next book written with Real AI uses it' : `${count} book credits — each of your next ${count} books written with Real AI uses one`,
  what: 'A book credit pays for one book written with Real AI; mock data stays free.',
  waiting: 'Real AI is not switched on yet: your credit waits, unspent, until it is.',
} as const;

export const WebhookMessages = {
  badSignature: 'Webhook signature verification failed',
  notConfigured: 'Stripe webhooks are not configured on this server',
  retryLater: 'The event is stored but could not be processed yet; deliver it again later',
  malformed: 'Webhook payload is not a Stripe event',
} as const;

/** A webhook's signature may be this old, or dated this far ahead of this server's clock (seconds). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** What Pressroom created a Checkout Session for: cents, a currency, and the Stripe price of its line item (offers only). */
export interface ExpectedCharge {
  amount: number;
  currency: string;
  priceId?: string | null;
}

/** What a session in Stripe's event says it charged (line items only when the event carries them). */
export interface StatedCharge {
  amount_total?: unknown;
  currency?: unknown;
  line_items?: unknown;
}

export const PaymentMismatchMessages = {
  noAmount: 'The session states no amount or currency',
  amount: (charged: string, expected: string) => `The session charged ${charged}; Pressroom created it for ${expected}`,
  lineItems: 'The session\'s line items are not the one Pressroom created',
  unpriced: 'Pressroom set no price for this purchase (no accepted quote)',
} as const;

interface StatedLineItem {
  quantity?: unknown;
  amount_total?: unknown;
  price?: { id?: unknown } | null;
}

/** Why the session does not match what Pressroom created (null when it matches): amount, currency, and line item when stated. */
export function chargeMismatch(expected: ExpectedCharge, stated: StatedCharge): string | null {
  const { amount_total: amount, currency } = stated;
  if (typeof amount !== 'number' || typeof currency !== 'string' || !currency) return PaymentMismatchMessages.noAmount;
  if (amount !== expected.amount || currency.toLowerCase() !== expected.currency.toLowerCase()) {
    return PaymentMismatchMessages.amount(describeAmount(amount, currency), describeAmount(expected.amount, expected.currency));
  }
  const items = (stated.line_items as { data?: unknown } | null | undefined)?.data;
  if (items === undefined) return null;
  const [item, ...more] = Array.isArray(items) ? (items as StatedLineItem[]) : [];
  const fits = item && more.length === 0 && item.quantity === 1 && item.amount_total === expected.amount && (!expected.priceId || item.price?.id === expected.priceId);
  return fits ? null : PaymentMismatchMessages.lineItems;
}

/** "$0.01 (usd)", or the bare figures when the currency is not one Intl knows. */
function describeAmount(cents: number, currency: string): string {
  try {
    return `${formatAmount(cents, currency)} (${currency.toLowerCase()})`;
  } catch {
    return `${cents} cents (${currency})`;
  }
}

/**
 * Where people write to the team by default: SUPPORT_EMAIL's default (libs/config), the address the team's notices go
 * to. The portal shows the deployment's own (GET /api/site), and this one until the API has answered.
 */
export const SUPPORT_EMAIL = 'support@pressroom.local';

/** What the spec promises the customer (§9), as the mails and /success put them. */
export const SUPPORT_PROMISES = {
  contact: '24 hours',
  quote: '24 hours',
  confirmation: '5 minutes',
  outline: '24-48 hours',
  boundCopies: '2 professionally-bound books arrive within 2 weeks',
} as const;

// The Elite project-details form (§3, §5).
export const ELITE_DESCRIPTION_MAX = 2000;
/** The spec's words for a form sent signed out that needs an account (§ error texts: "Not logged in, request submit"). */
const SIGN_IN_TO_SUBMIT = 'You must be logged in to submit the form';
export const ELITE_FORM = { name: 'elite-project-details', version: '2.0', serviceType: 'Elite Service', price: offerPrice('elite-service') } as const;
export const EliteDetailsMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  topicRequired: 'Book topic is required',
  descriptionRequired: 'Book description is required',
  descriptionTooLong: 'Description must be 2000 characters or less',
  failed: 'Failed to submit form. Please try again or contact support.',
  submitted: 'Project Details Submitted!',
  noElitePayment: 'An Elite Service payment is needed before project details can be sent',
  /** Signed out, with the session of a purchase made from an account: only that account may send its details. */
  signInRequired: SIGN_IN_TO_SUBMIT,
} as const;

export interface EliteDetailsInput {
  name: string;
  email: string;
  bookTopic: string;
  bookDescription: string;
}
export type EliteDetailsField = keyof EliteDetailsInput;

/** The form's checks in the spec's wording: the page shows them beside each field, the API answers them as 422 details. */
export function eliteDetailsProblems(input: EliteDetailsInput): Partial<Record<EliteDetailsField, string>> {
  const problems: Partial<Record<EliteDetailsField, string>> = {};
  if (!input.name.trim()) problems.name = EliteDetailsMessages.nameRequired;
  if (!input.email.trim()) problems.email = EliteDetailsMessages.emailRequired;
  else if (!isEmailAddress(input.email)) problems.email = EliteDetailsMessages.emailInvalid;
  if (!input.bookTopic.trim()) problems.bookTopic = EliteDetailsMessages.topicRequired;
  if (!input.bookDescription.trim()) problems.bookDescription = EliteDetailsMessages.descriptionRequired;
  else if (input.bookDescription.length > ELITE_DESCRIPTION_MAX) problems.bookDescription = EliteDetailsMessages.descriptionTooLong;
  return problems;
}

export const BookRequestMessages = {
  signInRequired: SIGN_IN_TO_SUBMIT,
  failed: 'Failed to submit form',
} as const;

/** "$99.00" from 9900 cents. */
export const formatAmount = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/** Dollars (as prices and decimal columns hold them) in the whole cents Stripe charges: 12.5 → 1250. */
export const toCents = (dollars: number) => Math.round(Number(dollars) * 100);

/** Dollars rounded to the cent, as prices are quoted: 12.345 → 12.35. */
export const roundToCent = (dollars: number) => Math.round(dollars * 100) / 100;
