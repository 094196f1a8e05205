// Checkout, payments, credits, the /success page and the Elite project-details form (spec document 1, §2–§9).
import { isEmailAddress } from './accounts.ts';
import { offerPrice } from './offers.ts';

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;
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
} as const;

export const CreditMessages = {
  needed: (provider: string) => `Writing a book with ${provider} takes a book credit: buy the AI Book Generator, or choose the free mock provider.`,
} as const;

export const WebhookMessages = {
  badSignature: 'Webhook signature verification failed',
  notConfigured: 'Stripe webhooks are not configured on this server',
  retryLater: 'The event is stored but could not be processed yet; deliver it again later',
  malformed: 'Webhook payload is not a Stripe event',
} as const;

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
  signInRequired: 'You must be logged in to submit the form',
  failed: 'Failed to submit form',
} as const;

/** "$99.00" from 9900 cents. */
export const formatAmount = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
