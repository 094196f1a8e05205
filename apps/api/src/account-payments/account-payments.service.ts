import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { PaymentView, SubscriptionView } from '../../../../libs/contracts/index.ts';
import { availableBookCredits, BookCredit, EliteRequest, Payment, Profile } from '../../../../libs/db/index.ts';
import { fromCents, OPEN_ELITE_STATUSES, PAID_SALE_STATUSES, productOffer, productsGranting } from '../../../../libs/domain/index.ts';
import { paymentNames, toPaymentView } from './payment.view.ts';

/** What the caller bought and what it gives them; every query is the caller's own. */
@Injectable()
export class AccountPaymentsService {
  constructor(private readonly em: EntityManager) {}

  async subscription(userId: string): Promise<SubscriptionView> {
    const profile = await this.em.findOne(Profile, { user: userId });
    const elite = await this.em.findOne(
      Payment,
      { user: userId, status: 'paid', productId: { $in: productsGranting('elite') } },
      { orderBy: { paidAt: 'desc nulls last', createdAt: 'desc' } },
    );
    return {
      subscription_status: profile?.subscriptionStatus ?? 'free',
      price_id: elite?.priceId ?? null,
      product_name: elite?.productId ? productOffer(elite.productId).name : null,
      book_credits: await availableBookCredits(this.em, userId),
      purchases: await this.em.count(Payment, { user: userId, status: 'paid' }),
      elite_requests: await this.em.count(EliteRequest, { user: userId, status: { $in: [...OPEN_ELITE_STATUSES] } }),
      ...(await this.shopSales(userId)),
    };
  }

  private async shopSales(userId: string): Promise<Pick<SubscriptionView, 'shop_sales' | 'shop_earnings'>> {
    const [row] = await this.em.getConnection().execute<{ sales: string; earnings: string | null }[]>(
      'select count(*) as sales, sum(earnings_cents) as earnings from sales where author_id = ? and status in (?)',
      [userId, [...PAID_SALE_STATUSES]],
    );
    return { shop_sales: Number(row?.sales ?? 0), shop_earnings: fromCents(Number(row?.earnings ?? 0)) };
  }

  /** Newest first. */
  async payments(userId: string): Promise<PaymentView[]> {
    const payments = await this.em.find(Payment, { user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    const credits = payments.length ? await this.em.find(BookCredit, { payment: { $in: payments.map((p) => p.id) } }) : [];
    const creditOf = new Map(credits.map((c) => [c.payment.id, c]));
    const names = await paymentNames(this.em, payments);
    return payments.map((p) => toPaymentView(p, names.get(p.id) ?? '', creditOf.get(p.id)));
  }
}
