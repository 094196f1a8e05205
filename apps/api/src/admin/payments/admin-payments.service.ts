import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { PaymentAdminView } from '../../../../../libs/contracts/index.ts';
import { BookCredit, Payment } from '../../../../../libs/db/index.ts';
import { isUuid, PAYMENT_STATUSES, PRODUCT_IDS, type PaymentStatus, type ProductId } from '../../../../../libs/domain/index.ts';
import { paymentNames, toPaymentView } from '../../account-payments/account-payments.module.ts';
import { ilikePattern } from '../../common/ilike.ts';
import { listFilter, type ListQuery } from '../simple-rest.ts';

export const PAYMENT_SORTABLE = { created_at: 'createdAt', paid_at: 'paidAt', amount: 'amount', status: 'status', product_id: 'productId', email: 'email' } as const;

/** Payments for the back office, read-only: what was bought, by whom, and Stripe's ids to look it up there. */
@Injectable()
export class AdminPaymentsService {
  constructor(private readonly em: EntityManager) {}

  async list({ sort, offset, limit, filter }: ListQuery): Promise<{ views: PaymentAdminView[]; total: number }> {
    const where: FilterQuery<Payment> = {};
    const like = ilikePattern(filter.q);
    if (like) where.$or = [{ email: { $ilike: like } }, { user: { email: { $ilike: like } } }];
    const productId = listFilter(filter, 'product_id', PRODUCT_IDS);
    if (productId) where.productId = productId as ProductId;
    const status = listFilter(filter, 'status', PAYMENT_STATUSES);
    if (status) where.status = status as PaymentStatus;
    if (Array.isArray(filter.id)) where.id = { $in: filter.id.map(String).filter(isUuid) };
    const [rows, total] = await this.em.findAndCount(Payment, where, {
      populate: ['user'],
      orderBy: { [PAYMENT_SORTABLE[sort.field as keyof typeof PAYMENT_SORTABLE]]: `${sort.order.toLowerCase()} nulls last`, id: 'asc' },
      offset,
      limit,
    });
    return { views: await this.views(rows), total };
  }

  async show(id: string): Promise<PaymentAdminView> {
    const [view] = await this.views([await this.em.findOneOrFail(Payment, { id }, { populate: ['user'] })]);
    return view as PaymentAdminView;
  }

  private async views(payments: Payment[]): Promise<PaymentAdminView[]> {
    const credits = payments.length ? await this.em.find(BookCredit, { payment: { $in: payments.map((p) => p.id) } }) : [];
    const creditOf = new Map(credits.map((c) => [c.payment.id, c]));
    const names = await paymentNames(this.em, payments);
    return payments.map((p) => ({ ...toPaymentView(p, names.get(p.id) ?? '', creditOf.get(p.id)), user_email: p.user?.email ?? null, mismatch: p.mismatch ?? null }));
  }
}
