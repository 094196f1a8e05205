import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { AuthorEarningsView, SaleAdminView } from '../../../../../libs/contracts/index.ts';
import { Sale } from '../../../../../libs/db/index.ts';
import { EDITION_KINDS, isUuid, PAID_SALE_STATUSES, PRINT_CURRENCY, SALE_STATUSES, SaleMessages } from '../../../../../libs/domain/index.ts';
import { ilikePattern } from '../../common/ilike.ts';
import { saleView, totalsOf } from '../../sales/sales.module.ts';
import { listFilter, type ListQuery } from '../simple-rest.ts';

export const SALE_SORTABLE = { created_at: 'createdAt', paid_at: 'paidAt', price: 'priceCents', earnings: 'earningsCents', status: 'status', edition: 'edition', book_title: 'bookTitle' } as const;
export const EARNINGS_SORTABLE = ['earnings', 'gross', 'sales', 'author_email'] as const;

/** Every sale for the back office, and each author's earnings from paid sales. */
@Injectable()
export class AdminSalesService {
  constructor(private readonly em: EntityManager) {}

  async list({ sort, offset, limit, filter }: ListQuery): Promise<{ views: SaleAdminView[]; total: number }> {
    const where: FilterQuery<Sale> = {};
    const status = listFilter(filter, 'status', SALE_STATUSES);
    if (status) where.status = status;
    const edition = listFilter(filter, 'edition', EDITION_KINDS);
    if (edition) where.edition = edition;
    for (const [name, field] of [['author_id', 'author'], ['book_id', 'book']] as const) {
      const value = filter[name];
      if (value === undefined || value === '') continue;
      // A malformed id matches nothing rather than failing the query.
      where[field] = typeof value === 'string' && isUuid(value) ? value : '00000000-0000-0000-0000-000000000000';
    }
    const like = ilikePattern(typeof filter.q === 'string' ? filter.q : undefined);
    if (like) where.$or = [{ bookTitle: { $ilike: like } }, { buyerEmail: { $ilike: like } }, { author: { email: { $ilike: like } } }];
    if (Array.isArray(filter.id)) where.id = { $in: filter.id.map(String).filter(isUuid) };
    const [rows, total] = await this.em.fork().findAndCount(Sale, where, {
      populate: ['author', 'book'],
      orderBy: { [SALE_SORTABLE[sort.field as keyof typeof SALE_SORTABLE]]: `${sort.order.toLowerCase()} nulls last`, id: 'asc' },
      offset,
      limit,
    });
    return { views: rows.map(adminView), total };
  }

  async show(id: string): Promise<SaleAdminView> {
    const sale = await this.em.fork().findOne(Sale, { id }, { populate: ['author', 'book'] });
    if (!sale) throw new NotFoundException(SaleMessages.saleNotFound);
    return adminView(sale);
  }

  /** Each author's paid sales summed (cents, then shown), highest earnings first unless sorted otherwise. */
  async earnings({ sort, offset, limit }: ListQuery): Promise<{ views: AuthorEarningsView[]; total: number }> {
    const sales = await this.em.fork().find(Sale, { status: { $in: [...PAID_SALE_STATUSES] } }, { populate: ['author'] });
    const byAuthor = new Map<string, Sale[]>();
    for (const sale of sales) {
      const key = sale.author?.id ?? '';
      byAuthor.set(key, [...(byAuthor.get(key) ?? []), sale]);
    }
    const views = [...byAuthor.entries()].map(([authorId, own]) => ({
      id: authorId,
      author_email: own[0]?.author?.email ?? null,
      currency: own[0]?.currency ?? PRINT_CURRENCY,
      ...totalsOf(own),
    }));
    const field = sort.field as (typeof EARNINGS_SORTABLE)[number];
    const direction = sort.order === 'ASC' ? 1 : -1;
    views.sort((a, b) => direction * (field === 'author_email' ? (a.author_email ?? '').localeCompare(b.author_email ?? '') : a[field] - b[field]));
    return { views: views.slice(offset, offset + limit), total: views.length };
  }
}

function adminView(sale: Sale): SaleAdminView {
  return {
    ...saleView(sale),
    author_id: sale.author?.id ?? null,
    author_email: sale.author?.email ?? null,
    buyer_email: sale.buyerEmail,
    print_order_id: sale.printOrderId ?? null,
    checkout_session_id: sale.checkoutSessionId ?? null,
    delivered_at: sale.deliveredAt?.toISOString() ?? null,
  };
}
