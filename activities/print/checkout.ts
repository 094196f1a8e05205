import type { MikroORM } from '@mikro-orm/core';
import { ApplicationFailure } from '@temporalio/activity';
import { CheckoutSession, PrintOrder } from '../../libs/db/index.ts';
import { printPaymentName } from '../../libs/domain/index.ts';
import { printCheckoutMetadata, Stripe, successUrlWithSessionId, testCheckoutPath, type CheckoutDeps } from '../../libs/payments/index.ts';

/** Stripe lets a Checkout Session expire between 30 minutes and 24 hours after it is created. */
export const STRIPE_EXPIRY_MS = { min: 31 * 60_000, max: 24 * 3_600_000 - 60_000 } as const;

/** An order's money (dollars, as decimal columns hold it) in the cents Stripe charges. */
export const cents = (amount: number) => Math.round(Number(amount) * 100);

/** The print order's payment: a Stripe Checkout Session for the order's total, started once per order. */
export function createPrintCheckoutActivities({ orm, checkout }: { orm: MikroORM; checkout: CheckoutDeps }) {
  return {
    /**
     * Opens the order's Checkout Session (or answers the one it has) and records it: a checkout_sessions row naming
     * the order, so the webhook's event finds what it pays for, and on the order its payment page, session and
     * deadline. The session expires at the deadline when Stripe allows it, so a cancelled order cannot be paid there.
     */
    async openPrintCheckout(orderId: string, payBy: string): Promise<{ sessionId: string; url: string }> {
      const em = orm.em.fork();
      const order = await em.findOneOrFail(PrintOrder, { id: orderId }, { populate: ['user'] });
      if (order.stripeSessionId && order.paymentUrl) return { sessionId: order.stripeSessionId, url: order.paymentUrl };
      if (!checkout.stripe) throw ApplicationFailure.nonRetryable('Payments are off: set STRIPE_SECRET_KEY, or STRIPE_API_URL for local test mode', 'CheckoutRefused');

      const amount = cents(order.totalCost);
      const currency = order.currency.toLowerCase();
      const successUrl = successUrlWithSessionId(`${checkout.portalBase}/dashboard?print_order=${order.id}`);
      const cancelUrl = `${checkout.portalBase}/dashboard`;
      const deadline = Date.parse(payBy);
      const left = deadline - Date.now();
      let session: Stripe.Checkout.Session;
      try {
        session = await checkout.stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [{ quantity: 1, price_data: { currency, unit_amount: amount, product_data: { name: printPaymentName(order) } } }],
            success_url: successUrl,
            cancel_url: cancelUrl,
            client_reference_id: order.user.id,
            customer_email: order.contactEmail,
            metadata: { ...printCheckoutMetadata(order.id, order.user.id) },
            ...(left >= STRIPE_EXPIRY_MS.min && left <= STRIPE_EXPIRY_MS.max ? { expires_at: Math.floor(deadline / 1000) } : {}),
          },
          // A retry after a lost answer gets the same session from Stripe.
          { idempotencyKey: `print-checkout-${order.id}` },
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
          user: order.user,
          productId: null,
          printOrderId: order.id,
          priceId: '',
          mode: 'payment',
          amount,
          currency,
          customerEmail: order.contactEmail,
          successUrl,
          cancelUrl,
          createdAt: new Date(),
        });
        await tx.nativeUpdate(PrintOrder, { id: order.id }, { paymentUrl: url, stripeSessionId: session.id, payBy: new Date(deadline) });
      });
      return { sessionId: session.id, url };
    },
  };
}
