import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { Controller, Get, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { PaymentAdminView } from '../../../../libs/contracts/index.ts';
import { BookCredit, Payment } from '../../../../libs/db/index.ts';
import { isUuid, PAYMENT_STATUSES, PRODUCT_IDS, type PaymentStatus, type ProductId } from '../../../../libs/domain/index.ts';
import { paymentNames, toPaymentView } from '../account-payments/payment.view.ts';
import { Roles } from '../auth/public.decorator.ts';
import { ilikePattern } from '../common/ilike.ts';
import { listFilter, parseListQuery, setContentRange } from './simple-rest.ts';

const SORTABLE = { created_at: 'createdAt', paid_at: 'paidAt', amount: 'amount', status: 'status', product_id: 'productId', email: 'email' } as const;

/** Payments for the back office (react-admin simple-rest), read-only: what was bought, by whom, and Stripe's ids to look it up there. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/payments')
@Roles('elite_team', 'admin')
export class AdminPaymentsController {
  constructor(private readonly em: EntityManager) {}

  @Get()
  async list(@Query() query: { sort?: string; range?: string; filter?: string }, @Res({ passthrough: true }) res: Response): Promise<PaymentAdminView[]> {
    const { sort, offset, limit, filter } = parseListQuery(query, Object.keys(SORTABLE), { field: 'created_at', order: 'DESC' });
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
      orderBy: { [SORTABLE[sort.field as keyof typeof SORTABLE]]: `${sort.order.toLowerCase()} nulls last`, id: 'asc' },
      offset,
      limit,
    });
    setContentRange(res, 'payments', offset, rows.length, total);
    return this.views(rows);
  }

  @Get(':id')
  async show(@Param('id', ParseUUIDPipe) id: string): Promise<PaymentAdminView> {
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
