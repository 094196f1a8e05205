import type { MikroORM } from '@mikro-orm/core';
import { ApplicationFailure } from '@temporalio/activity';
import { CheckoutSession, EliteQuote, EliteRequest } from '../../libs/db/index.ts';
import { elitePaymentName } from '../../libs/domain/index.ts';
import { eliteCheckoutMetadata, Stripe, successUrlWithSessionId, testCheckoutPath, type CheckoutDeps } from '../../libs/payments/index.ts';
import { STRIPE_EXPIRY_MS } from '../print/checkout.ts';
import type { EliteActivities } from './types.ts';

/** The request's page on the portal, where the author comes back to after paying (or not). */
export const eliteRequestPath = (requestId: string) => `/elite-requests/${requestId}`;

/** The accepted quote's payment: a Stripe Checkout Session for its amount, started once per request. */
export function createEliteCheckoutActivities({ orm, checkout }: { orm: MikroORM; checkout: CheckoutDeps }): Pick<EliteActivities, 'openEliteCheckout'> {
  return {
    /**
     * Opens the quote's Checkout Session (or answers the one the request has: a request accepts one quote) and
     * records it: a checkout_sessions row naming the request, so the webhook's payment finds it, and on the request its
     * payment page, session and deadline.
     */
    async openEliteCheckout(requestId: string, quoteId: string, payBy: string): Promise<{ sessionId: string; url: string }> {
      const em = orm.em.fork();
      const request = await em.findOneOrFail(EliteRequest, { id: requestId }, { populate: ['user'] });
      if (request.stripeSessionId && request.checkoutUrl) return { sessionId: request.stripeSessionId, url: request.checkoutUrl };
      if (!checkout.stripe) throw ApplicationFailure.nonRetryable('Payments are off: set STRIPE_SECRET_KEY, or STRIPE_API_URL for local test mode', 'CheckoutRefused');
      const quote = await em.findOneOrFail(EliteQuote, { id: quoteId, request: requestId });

      const amount = quote.amountCents;
      const currency = quote.currency.toLowerCase();
      const page = `${checkout.portalBase}${eliteRequestPath(request.id)}`;
      const successUrl = successUrlWithSessionId(`${page}?paid=1`);
      const cancelUrl = page;
      const deadline = Date.parse(payBy);
      const left = deadline - Date.now();
      let session: Stripe.Checkout.Session;
      try {
        session = await checkout.stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [{ quantity: 1, price_data: { currency, unit_amount: amount, product_data: { name: elitePaymentName(request) } } }],
            success_url: successUrl,
            cancel_url: cancelUrl,
            client_reference_id: request.user.id,
            customer_email: request.userEmail,
            metadata: { ...eliteCheckoutMetadata(request.id, request.user.id) },
            ...(left >= STRIPE_EXPIRY_MS.min && left <= STRIPE_EXPIRY_MS.max ? { expires_at: Math.floor(deadline / 1000) } : {}),
          },
          // A retry after a lost answer gets the same session from Stripe.
          { idempotencyKey: `elite-checkout-${quote.id}` },
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw ApplicationFailure.nonRetryable(`Stripe refused the checkout: ${error.message}`, 'CheckoutRefused');
        throw error;
      }
      const url = checkout.mode === 'test' ? `${checkout.portalBase}${testCheckoutPath(session.id)}` : session.url;
      if (!url) throw new Error(`Stripe gave checkout session ${session.id} no address`);

      await em.transactional(async (tx) => {
        await tx.upsert(CheckoutSession, {
          id: session.id,
          user: request.user,
          productId: null,
          printOrderId: null,
          eliteRequestId: request.id,
          priceId: '',
          mode: 'payment',
          amount,
          currency,
          customerEmail: request.userEmail,
          successUrl,
          cancelUrl,
          createdAt: new Date(),
        });
        await tx.nativeUpdate(EliteRequest, { id: request.id }, { checkoutUrl: url, stripeSessionId: session.id, payBy: new Date(deadline) });
      });
      return { sessionId: session.id, url };
    },
  };
}
