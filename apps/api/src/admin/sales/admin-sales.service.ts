import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { AuthorEarningsView, SaleAdminView } from '../../../../../libs/contracts/index.ts';
import { Sale } from '../../../../../libs/db/index.ts';
import { EDITION_KINDS, isUuid, PAID_SALE_STATUSES, PRINT_CURRENCY, SALE_STATUSES, SaleMessages } from '../../../../../libs/domain/index.ts';
import { ilikePattern } from '../../common/ilike.ts';
import { saleView, sumsView } from '../../sales/sales.module.ts';
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

  /**
   * Each author's paid sales summed in the database (cents, then shown), highest earnings first unless sorted otherwise;
   * `q` finds authors by e-mail.
   */
  async earnings({ sort, offset, limit, filter }: ListQuery): Promise<{ views: AuthorEarningsView[]; total: number }> {
    const like = ilikePattern(typeof filter.q === 'string' ? filter.q : undefined);
    const paid = [...PAID_SALE_STATUSES];
    const where = `s."status" in (${paid.map(() => '?').join(', ')})${like ? ` and u."email" ilike ?` : ''}`;
    const params = [...paid, ...(like ? [like] : [])];
    const from = `from "sales" s left join "users" u on u."id" = s."author_id" where ${where} group by s."author_id", u."email"`;
    // parseListQuery let only the names in EARNINGS_SORTABLE through, each a column of the select below.
    const column = `"${sort.field}"`;
    const direction = sort.order === 'ASC' ? 'asc' : 'desc';
    const connection = this.em.getConnection();
    const [rows, [counted]] = await Promise.all([
      connection.execute<EarningsRow[]>(
        `select coalesce(s."author_id"::text, '') as "id", u."email" as "author_email", min(s."currency") as "currency", count(*)::int as "sales",
           sum(s."price_cents")::bigint as "gross", sum(s."stripe_fee_cents")::bigint as "fees",
           sum(case when s."edition" = 'print' then s."print_cost_cents" else 0 end)::bigint as "print", sum(s."earnings_cents")::bigint as "earnings"
         ${from} order by ${column} ${direction} nulls last, "id" limit ? offset ?`,
        [...params, limit, offset],
      ),
      connection.execute<[{ total: number }]>(`select count(*)::int as "total" from (select 1 ${from}) as authors`, params),
    ]);
    const views = rows.map((row) => ({
      id: row.id,
      author_email: row.author_email,
      currency: row.currency ?? PRINT_CURRENCY,
      ...sumsView({ sales: row.sales, gross: Number(row.gross), fees: Number(row.fees), print: Number(row.print), earnings: Number(row.earnings) }),
    }));
    return { views, total: counted?.total ?? 0 };
  }
}

/** The sums of one author's paid sales, as the database returns them (bigint sums arrive as strings). */
interface EarningsRow {
  id: string;
  author_email: string | null;
  currency: string | null;
  sales: number;
  gross: string;
  fees: string;
  print: string;
  earnings: string;
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
