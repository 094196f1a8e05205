// Stripe webhook events for tests: shaped as Stripe sends them and signed with the SDK, in Stripe's wire format.
import { randomBytes } from 'node:crypto';
import type { FulfilledEventType } from '../libs/domain/index.ts';
import { checkoutSessionEvent, signStripePayload, type CheckoutSessionEvent, type CheckoutSessionFields } from '../libs/payments/index.ts';

/** A Checkout Session id of Stripe's shape, unknown to the server unless a test started that session. */
export const newSessionId = () => `cs_test_${randomBytes(12).toString('hex')}`;

/** An event about a Checkout Session: a paid card payment of the AI Book Generator unless `session` says otherwise. */
export function sessionEvent(type: FulfilledEventType, session: Partial<Omit<CheckoutSessionFields, 'object'>> = {}): CheckoutSessionEvent {
  return checkoutSessionEvent(type, {
    id: newSessionId(),
    mode: 'payment',
    status: type === 'checkout.session.expired' ? 'expired' : 'complete',
    payment_status: 'paid',
    client_reference_id: null,
    customer_email: null,
    customer_details: null,
    customer: null,
    payment_intent: null,
    amount_total: 9900,
    currency: 'usd',
    metadata: { product_id: 'ai-book-generator', price_id: 'price_ai_book_generator' },
    ...session,
  });
}

/** POSTs an event to the API's Stripe webhook, signed with `secret` at `timestamp` (seconds; now by default). */
export function postWebhook(apiUrl: string, event: object, secret: string, timestamp?: number): Promise<Response> {
  const body = JSON.stringify(event);
  return fetch(`${apiUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signStripePayload(body, secret, timestamp) },
    body,
  });
}
