import type { PaymentView } from '../../../../libs/contracts/index.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EliteRequest, Sale, type BookCredit, type Payment } from '../../../../libs/db/index.ts';
import { elitePaymentName, printPaymentName, productOffer, salePaymentName } from '../../../../libs/domain/index.ts';
import { printOrdersByIds } from '../print-orders/print-orders.module.ts';

/** What each payment was for: the offer's name, the copies of the print order it paid ("10 × Title (print)"), or the Elite request's quote. */
export async function paymentNames(em: EntityManager, payments: Payment[]): Promise<Map<string, string>> {
  const orderIds = payments.flatMap((p) => (p.printOrderId ? [p.printOrderId] : []));
  const requestIds = payments.flatMap((p) => (p.eliteRequestId ? [p.eliteRequestId] : []));
  const saleIds = payments.flatMap((p) => (p.saleId ? [p.saleId] : []));
  const [orders, requests, sales] = await Promise.all([
    printOrdersByIds(em, orderIds),
    requestIds.length ? em.find(EliteRequest, { id: { $in: requestIds } }) : [],
    saleIds.length ? em.find(Sale, { id: { $in: saleIds } }) : [],
  ]);
  const orderName = new Map(orders.map((o) => [o.id, printPaymentName(o)]));
  const requestName = new Map(requests.map((r) => [r.id, elitePaymentName(r)]));
  const saleName = new Map(sales.map((s) => [s.id, salePaymentName(s)]));
  const nameOf = (p: Payment): string => {
    if (p.productId) return productOffer(p.productId).name;
    if (p.eliteRequestId) return requestName.get(p.eliteRequestId) ?? 'Elite Service';
    if (p.saleId) return saleName.get(p.saleId) ?? 'Shop purchase';
    return orderName.get(p.printOrderId ?? '') ?? 'Print order';
  };
  return new Map(payments.map((p) => [p.id, nameOf(p)]));
}

/** One payment as the wire shows it, with what it was for and the state of the credit it granted (if any). */
export function toPaymentView(payment: Payment, productName: string, credit: BookCredit | undefined): PaymentView {
  return {
    id: payment.id,
    user_id: payment.user?.id ?? null,
    email: payment.email ?? null,
    product_id: payment.productId ?? null,
    print_order_id: payment.printOrderId ?? null,
    product_name: productName,
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
