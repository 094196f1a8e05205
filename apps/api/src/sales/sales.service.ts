import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { SalesQuery } from '../../../../libs/contracts/index.ts';
import { Sale } from '../../../../libs/db/index.ts';
import { PAID_SALE_STATUSES } from '../../../../libs/domain/index.ts';

/** At most this many sales in one report or export (newest first). */
const REPORT_LIMIT = 5000;

/** The author's side of the shop: their books' paid sales. */
@Injectable()
export class SalesService {
  constructor(private readonly em: EntityManager) {}

  /** The caller's paid sales, newest first: the author is the one who sold, whatever became of the book. */
  paidSalesOf(authorId: string, { book, edition }: SalesQuery = {}): Promise<Sale[]> {
    const where = { author: authorId, status: { $in: [...PAID_SALE_STATUSES] }, ...(book ? { book } : {}), ...(edition ? { edition } : {}) };
    return this.em.fork().find(Sale, where, { populate: ['book'], orderBy: { paidAt: 'desc', id: 'asc' }, limit: REPORT_LIMIT });
  }
}
