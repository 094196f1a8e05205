import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { BookRequestAdminView } from '../../../../../libs/contracts/index.ts';
import { BookRequest } from '../../../../../libs/db/index.ts';
import { BOOK_REQUEST_STATUSES, isUuid, type BookRequestStatus } from '../../../../../libs/domain/index.ts';
import { BookRequestsService, toBookRequestAdminView } from '../../book-requests/book-requests.module.ts';
import { ilikePattern } from '../../common/ilike.ts';
import { listFilter, type ListQuery } from '../simple-rest.ts';

export const BOOK_REQUEST_SORTABLE = { created_at: 'createdAt', status: 'status', book_topic: 'bookTopic', email: 'email', name: 'name', respond_by: 'respondBy', overdue_at: 'overdueAt' } as const;

/** Book requests for the back office: the list with its filters, one request, and a status change through its workflow. */
@Injectable()
export class AdminBookRequestsService {
  constructor(
    private readonly em: EntityManager,
    private readonly requests: BookRequestsService,
  ) {}

  async list({ sort, offset, limit, filter }: ListQuery): Promise<{ views: BookRequestAdminView[]; total: number }> {
    const where: FilterQuery<BookRequest> = {};
    const like = ilikePattern(filter.q);
    if (like) where.$or = [{ email: { $ilike: like } }, { name: { $ilike: like } }, { bookTopic: { $ilike: like } }];
    const status = listFilter(filter, 'status', BOOK_REQUEST_STATUSES);
    if (status) where.status = status;
    if (typeof filter.overdue === 'boolean') where.overdueAt = filter.overdue ? { $ne: null } : null;
    if (Array.isArray(filter.id)) where.id = { $in: filter.id.map(String).filter(isUuid) };
    const [rows, total] = await this.em.findAndCount(BookRequest, where, {
      orderBy: { [BOOK_REQUEST_SORTABLE[sort.field as keyof typeof BOOK_REQUEST_SORTABLE]]: `${sort.order.toLowerCase()} nulls last`, id: 'asc' },
      offset,
      limit,
    });
    return { views: rows.map(toBookRequestAdminView), total };
  }

  async show(id: string): Promise<BookRequestAdminView> {
    return toBookRequestAdminView(await this.requests.find(id));
  }

  async changeStatus(id: string, status: BookRequestStatus, by: string): Promise<BookRequestAdminView> {
    return toBookRequestAdminView(await this.requests.changeStatus(id, status, by));
  }
}
