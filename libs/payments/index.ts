// Stripe for Pressroom: the SDK client, the offers with this server's price ids, and webhook signatures.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Config } from '../config/index.ts';
import type { CheckoutProduct } from '../contracts/payments.ts';
import { offerUnavailable, PRODUCT_OFFERS, toCents, WEBHOOK_TOLERANCE_SECONDS, type FulfilledEventType, type OfferFacts, type ProductId, type ProductOffer } from '../domain/index.ts';

export { Stripe };

type StripeSettings = Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>;
type PriceSettings = Pick<Config, 'STRIPE_PRICE_AI_BOOK_GENERATOR' | 'STRIPE_PRICE_ELITE_SERVICE'>;

/**
 * 'stripe': a secret key is set, Stripe hosts the checkout page. 'test': no key but a Stripe API address (stripe-mock),
 * checkout is a local page that sends signed webhooks. 'off': neither, nothing can be sold.
 */
export type PaymentsMode = 'stripe' | 'test' | 'off';

export function paymentsMode(config: StripeSettings): PaymentsMode {
  if (config.STRIPE_SECRET_KEY) return 'stripe';
  return config.STRIPE_API_URL ? 'test' : 'off';
}

/** stripe-mock accepts any test key; local test mode has none of its own. */
const LOCAL_TEST_KEY = 'sk_test_pressroomLocalTestMode';

/** The SDK client; with STRIPE_API_URL it talks to that address (stripe-mock) instead of api.stripe.com. */
export function createStripeClient(config: StripeSettings): Stripe {
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY ?? LOCAL_TEST_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Pressroom' },
    ...(api
      ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' }
      : {}),
  });
}

/** What starting a Checkout Session outside the API needs (a print order's payment, started by its workflow). */
export interface CheckoutDeps {
  mode: PaymentsMode;
  /** Null when payments are off. */
  stripe: Stripe | null;
  /** The portal's address without a trailing slash: where the buyer returns, and (test mode) where the local checkout page is. */
  portalBase: string;
}

export function checkoutDepsFrom(config: StripeSettings & Pick<Config, 'PORTAL_URL'>): CheckoutDeps {
  const mode = paymentsMode(config);
  return { mode, stripe: mode === 'off' ? null : createStripeClient(config), portalBase: config.PORTAL_URL.replace(/\/+$/, '') };
}

const priceIds = (config: PriceSettings): Record<ProductId, string> => ({
  'ai-book-generator': config.STRIPE_PRICE_AI_BOOK_GENERATOR,
  'elite-service': config.STRIPE_PRICE_ELITE_SERVICE,
});

/** The offers in the spec's order, each with the Stripe price this server charges for it. */
export function checkoutProducts(config: PriceSettings, facts: OfferFacts): CheckoutProduct[] {
  const prices = priceIds(config);
  return PRODUCT_OFFERS.map((offer) => ({
    id: offer.id,
    priceId: prices[offer.id],
    name: offer.name,
    description: offer.description,
    mode: offer.mode,
    price: offer.price,
    currency: offer.currency,
    returnPath: offer.returnPath,
    available: offerUnavailable(offer.id, facts) === null,
    unavailableReason: offerUnavailable(offer.id, facts),
  }));
}

/** The offer sold under this price id, if any. */
export function offerForPrice(config: PriceSettings, priceId: string): ProductOffer | undefined {
  const prices = priceIds(config);
  return PRODUCT_OFFERS.find((offer) => prices[offer.id] === priceId);
}

/** What Stripe charges for an offer: cents. */
export const amountInCents = (offer: ProductOffer) => toCents(offer.price);

/** What a Checkout Session carries about its purchase (Stripe metadata), so an event stands on its own. */
export interface CheckoutMetadata {
  product_id: ProductId;
  price_id: string;
  /** Absent for a signed-out buyer. */
  user_id?: string;
}

export const checkoutMetadata = (productId: ProductId, priceId: string, userId: string | null): CheckoutMetadata => ({
  product_id: productId,
  price_id: priceId,
  ...(userId ? { user_id: userId } : {}),
});

/** What a print order's Checkout Session carries: the order it pays for (its amount is the order's total). */
export interface PrintCheckoutMetadata {
  print_order_id: string;
  user_id?: string;
}

export const printCheckoutMetadata = (printOrderId: string, userId: string | null): PrintCheckoutMetadata => ({
  print_order_id: printOrderId,
  ...(userId ? { user_id: userId } : {}),
});

/** What an Elite request's Checkout Session carries: the request whose accepted quote it pays (its amount is the quote's). */
export interface EliteCheckoutMetadata {
  elite_request_id: string;
  user_id?: string;
}

export const eliteCheckoutMetadata = (eliteRequestId: string, userId: string | null): EliteCheckoutMetadata => ({
  elite_request_id: eliteRequestId,
  ...(userId ? { user_id: userId } : {}),
});

/** What a shop sale's Checkout Session carries: the sale it pays for (its amount is the sale's price). */
export interface SaleCheckoutMetadata {
  sale_id: string;
  user_id?: string;
}

export const saleCheckoutMetadata = (saleId: string, userId: string | null): SaleCheckoutMetadata => ({
  sale_id: saleId,
  ...(userId ? { user_id: userId } : {}),
});

/** Where the local test checkout page of a session lives (served by the API through the portal's /api). */
export const testCheckoutPath = (sessionId: string) => `/api/stripe/test-checkout/${encodeURIComponent(sessionId)}`;

/** The session's `{CHECKOUT_SESSION_ID}` placeholder: Stripe puts the session id there when it sends the buyer back. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** The success address Stripe is given: the page's own, with `session_id` for /success to read. */
export function successUrlWithSessionId(url: string): string {
  if (url.includes(SESSION_ID_PLACEHOLDER)) return url;
  const [base, ...fragment] = url.split('#');
  const withId = `${base}${base?.includes('?') ? '&' : '?'}session_id=${SESSION_ID_PLACEHOLDER}`;
  return fragment.length ? `${withId}#${fragment.join('#')}` : withId;
}

/**
 * Checks a webhook's Stripe-Signature (HMAC, and a timestamp within 5 minutes of now either way) and parses the event;
 * throws when it fails. Stripe's own check refuses only old timestamps: one dated ahead would stay replayable until then.
 */
export function verifyStripeEvent(payload: string | Buffer, signature: string, secret: string, now = Date.now()): Stripe.Event {
  const event = Stripe.webhooks.constructEvent(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, now);
  if (signedAt(signature) > Math.floor(now / 1000) + WEBHOOK_TOLERANCE_SECONDS) throw new Error('Webhook signature is dated in the future');
  return event;
}

/** The header's `t=` (seconds) as Stripe's SDK reads it: the last one, the one the signature covers. */
function signedAt(signature: string): number {
  let seconds = NaN;
  for (const part of signature.split(',')) {
    const [key, value] = part.split('=');
    if (key === 't') seconds = parseInt(value ?? '', 10);
  }
  return Number.isFinite(seconds) ? seconds : Infinity;
}

/** The Stripe-Signature header Stripe would send with this payload (timestamp in seconds; now by default). */
export function signStripePayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
}

/** The fields of a Checkout Session that fulfilment reads (objects inside events name related objects by id). */
export interface CheckoutSessionFields {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: string | null;
  payment_status: string;
  client_reference_id: string | null;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  customer: string | null;
  payment_intent: string | null;
  amount_total: number | null;
  currency: string | null;
  metadata: Record<string, string> | null;
}

export interface CheckoutSessionEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: FulfilledEventType;
  data: { object: CheckoutSessionFields };
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** A test-mode event about a Checkout Session, shaped as Stripe sends it (what the local checkout page and the tests post). */
export function checkoutSessionEvent(type: FulfilledEventType, session: Omit<CheckoutSessionFields, 'object'>): CheckoutSessionEvent {
  return {
    id: randomId('evt_test'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { object: 'checkout.session', ...session } },
  };
}

/** A payment intent id of the local test mode. */
export const testPaymentIntentId = () => randomId('pi_test');
