import { ApplicationFailure } from '@temporalio/activity';
import { Stripe, testCheckoutPath, type CheckoutDeps } from '../../libs/payments/index.ts';

/** Stripe lets a Checkout Session expire between 30 minutes and 24 hours after it is created. */
const STRIPE_EXPIRY_MS = { min: 31 * 60_000, max: 24 * 3_600_000 - 60_000 } as const;

/** A payment of one amount the platform computed (a print order's total, an Elite quote), not of a listed price. */
export interface AmountCheckout {
  name: string;
  amountCents: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  userId: string;
  customerEmail: string;
  metadata: Record<string, string>;
  /** When the payment closes: the session expires then, when Stripe allows so short or so long a life. */
  payBy: number;
  /** One per thing paid for: a retry after a lost answer gets the same session from Stripe. */
  idempotencyKey: string;
}

/**
 * Creates the Checkout Session and answers where to pay: Stripe's page, or the local test checkout page in test mode.
 * With payments off, or when Stripe refuses the request, it fails for good ('CheckoutRefused'); other failures retry.
 */
export async function openAmountCheckout(checkout: CheckoutDeps, payment: AmountCheckout): Promise<{ sessionId: string; url: string }> {
  if (!checkout.stripe) throw ApplicationFailure.nonRetryable('Payments are off: set STRIPE_SECRET_KEY, or STRIPE_API_URL for local test mode', 'CheckoutRefused');
  const left = payment.payBy - Date.now();
  let session: Stripe.Checkout.Session;
  try {
    session = await checkout.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: payment.currency, unit_amount: payment.amountCents, product_data: { name: payment.name } } }],
        success_url: payment.successUrl,
        cancel_url: payment.cancelUrl,
        client_reference_id: payment.userId,
        customer_email: payment.customerEmail,
        metadata: payment.metadata,
        ...(left >= STRIPE_EXPIRY_MS.min && left <= STRIPE_EXPIRY_MS.max ? { expires_at: Math.floor(payment.payBy / 1000) } : {}),
      },
      { idempotencyKey: payment.idempotencyKey },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) throw ApplicationFailure.nonRetryable(`Stripe refused the checkout: ${error.message}`, 'CheckoutRefused');
    throw error;
  }
  const url = checkout.mode === 'test' ? `${checkout.portalBase}${testCheckoutPath(session.id)}` : session.url;
  if (!url) throw new Error(`Stripe gave checkout session ${session.id} no address`);
  return { sessionId: session.id, url };
}
