import type { PaymentView } from '../../../../libs/contracts/index.ts';
import type { BookCredit, Payment } from '../../../../libs/db/index.ts';
import { productOffer } from '../../../../libs/domain/index.ts';

/** One payment as the wire shows it, with the state of the credit it granted (if any). */
export function toPaymentView(payment: Payment, credit: BookCredit | undefined): PaymentView {
  return {
    id: payment.id,
    user_id: payment.user?.id ?? null,
    email: payment.email ?? null,
    product_id: payment.productId,
    product_name: productOffer(payment.productId).name,
    price_id: payment.priceId,
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    stripe_session_id: payment.stripeSessionId,
    stripe_payment_intent_id: payment.stripePaymentIntentId ?? null,
    stripe_customer_id: payment.stripeCustomerId ?? null,
    created_at: payment.createdAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
    credit_status: credit?.status ?? null,
  };
}
