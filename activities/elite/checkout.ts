import type { MikroORM } from '@mikro-orm/core';
import { CheckoutSession, EliteQuote, EliteRequest } from '../../libs/db/index.ts';
import { elitePaymentName, eliteRequestPath } from '../../libs/domain/index.ts';
import { eliteCheckoutMetadata, successUrlWithSessionId, type CheckoutDeps } from '../../libs/payments/index.ts';
import { openAmountCheckout } from '../payments/amount-checkout.ts';
import type { EliteActivities } from './types.ts';

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
      const quote = await em.findOneOrFail(EliteQuote, { id: quoteId, request: requestId });

      const amount = quote.amountCents;
      const currency = quote.currency.toLowerCase();
      const page = `${checkout.portalBase}${eliteRequestPath(request.id)}`;
      const successUrl = successUrlWithSessionId(`${page}?paid=1`);
      const cancelUrl = page;
      const deadline = Date.parse(payBy);
      const { sessionId, url } = await openAmountCheckout(checkout, {
        name: elitePaymentName(request),
        amountCents: amount,
        currency,
        successUrl,
        cancelUrl,
        userId: request.user.id,
        customerEmail: request.userEmail,
        metadata: { ...eliteCheckoutMetadata(request.id, request.user.id) },
        payBy: deadline,
        idempotencyKey: `elite-checkout-${quote.id}`,
      });

      await em.transactional(async (tx) => {
        await tx.upsert(CheckoutSession, {
          id: sessionId,
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
        await tx.nativeUpdate(EliteRequest, { id: request.id }, { checkoutUrl: url, stripeSessionId: sessionId, payBy: new Date(deadline) });
      });
      return { sessionId, url };
    },
  };
}
