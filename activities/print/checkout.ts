import type { MikroORM } from '@mikro-orm/core';
import { CheckoutSession, PrintOrder } from '../../libs/db/index.ts';
import { printPaymentName, toCents } from '../../libs/domain/index.ts';
import { printCheckoutMetadata, successUrlWithSessionId, type CheckoutDeps } from '../../libs/payments/index.ts';
import { openAmountCheckout } from '../payments/amount-checkout.ts';

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
      // Only an author's own order is paid here; a sale's copies are prepaid by the sale.
      if (!order.user) throw new Error(`print order ${orderId} has no author to pay it`);
      const user = order.user;

      const amount = toCents(order.totalCost);
      const currency = order.currency.toLowerCase();
      const successUrl = successUrlWithSessionId(`${checkout.portalBase}/dashboard?print_order=${order.id}`);
      const cancelUrl = `${checkout.portalBase}/dashboard`;
      const deadline = Date.parse(payBy);
      const { sessionId, url } = await openAmountCheckout(checkout, {
        name: printPaymentName(order),
        amountCents: amount,
        currency,
        successUrl,
        cancelUrl,
        userId: user.id,
        customerEmail: order.contactEmail,
        metadata: { ...printCheckoutMetadata(order.id, user.id) },
        payBy: deadline,
        idempotencyKey: `print-checkout-${order.id}`,
      });

      await em.transactional(async (tx) => {
        await tx.upsert(CheckoutSession, {
          id: sessionId,
          user,
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
        await tx.nativeUpdate(PrintOrder, { id: order.id }, { paymentUrl: url, stripeSessionId: sessionId, payBy: new Date(deadline) });
      });
      return { sessionId, url };
    },
  };
}
