import { EntityManager, type FilterQuery, type RequiredEntityData } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { BookProject, PrintOrder, User } from '../../../../libs/db/index.ts';
import { FINAL_PRINT_ORDER_STATUSES, isUuid, PRINT_OVERDUE_AFTER_DAYS, PrintMessages, type PrintOrderStatus } from '../../../../libs/domain/index.ts';
import { ilikePattern } from '../common/ilike.ts';

/** Lulu's job ids are numbers and our external ids 'PB-…'; anything longer names no order. */
const MAX_PROVIDER_ID_LENGTH = 255;

export const PRINT_ORDER_SORTABLE = { created_at: 'createdAt', updated_at: 'updatedAt', order_status: 'orderStatus', total_cost: 'totalCost', book_title: 'bookTitle', contact_email: 'contactEmail', paid_at: 'paidAt', shipped_at: 'shippedAt' } as const;

/** What the back office's list of print orders can be narrowed to. */
export interface PrintOrderSearch {
  q?: unknown;
  status?: PrintOrderStatus;
  overdue?: boolean;
  ids?: string[];
}

export interface PrintOrderPage {
  sort: keyof typeof PRINT_ORDER_SORTABLE;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/** A new order's row as PrintOrdersService prices it; its status, history, timestamps and references are filled here. */
export type NewPrintOrder = Omit<RequiredEntityData<PrintOrder>, 'user' | 'bookProject' | 'history' | 'createdAt' | 'updatedAt' | 'orderStatus' | 'trackingUrls'> & {
  userId: string;
  bookProjectId: string;
};

/** printOrderOverdue as a query (spelled out both ways: SQL's NOT of a comparison with a NULL is not true). */
function overdueFilter(overdue: boolean, now: Date): FilterQuery<PrintOrder> {
  const final = [...FINAL_PRINT_ORDER_STATUSES];
  const paidBefore = new Date(now.getTime() - PRINT_OVERDUE_AFTER_DAYS * 86_400_000);
  if (overdue) return { orderStatus: { $nin: final }, $or: [{ paidAt: { $lt: paidBefore } }, { paidAt: null, payBy: { $lt: now } }] };
  return { $or: [{ orderStatus: { $in: final } }, { paidAt: { $gte: paidBefore } }, { paidAt: null, $or: [{ payBy: null }, { payBy: { $gte: now } }] }] };
}

/** The print orders with these ids (the views of payments and Elite requests name the orders they paid for or made). */
export function printOrdersByIds(em: EntityManager, ids: string[]): Promise<PrintOrder[]> {
  return ids.length ? em.find(PrintOrder, { id: { $in: ids } }) : Promise.resolve([]);
}

/**
 * The one place the API reads and writes `print_orders` rows (the order's workflow writes every later change through
 * its activities). An author's queries are scoped to them: another author's order is simply not found.
 */
@Injectable()
export class PrintOrderQueries {
  constructor(private readonly em: EntityManager) {}

  /** The author's own order, or the 404 that any other id gets (a malformed id is refused at the route). */
  async owned(id: string, userId: string): Promise<PrintOrder> {
    const order = await this.em.fork().findOne(PrintOrder, { id, user: userId });
    if (!order) throw new NotFoundException(PrintMessages.orderNotFound);
    return order;
  }

  /** Any order with its author, for the back office. */
  async find(id: string): Promise<PrintOrder> {
    const order = await this.em.fork().findOne(PrintOrder, { id }, { populate: ['user'] });
    if (!order) throw new NotFoundException(PrintMessages.orderNotFound);
    return order;
  }

  /** An order by id, or null (what a checkout session was opened for). */
  byId(id: string): Promise<PrintOrder | null> {
    return this.em.fork().findOne(PrintOrder, { id });
  }

  /** An author's orders, newest first. */
  ofUser(userId: string): Promise<PrintOrder[]> {
    return this.em.fork().find(PrintOrder, { user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 500 });
  }

  /** The order following this provider job, or (before its workflow recorded the job's id) the one created with this external id. */
  async ofProviderJob(jobId: string, externalId: string | null): Promise<PrintOrder | null> {
    const usable = (id: string | null): id is string => typeof id === 'string' && id.length > 0 && id.length <= MAX_PROVIDER_ID_LENGTH;
    const em = this.em.fork();
    const byJob = usable(jobId) ? await em.findOne(PrintOrder, { luluJobId: jobId }) : null;
    return byJob ?? (usable(externalId) ? await em.findOne(PrintOrder, { externalId }) : null);
  }

  /** One page of the back office's list, with the total it was cut from. */
  async search(search: PrintOrderSearch, page: PrintOrderPage): Promise<{ rows: PrintOrder[]; total: number }> {
    const where: FilterQuery<PrintOrder> = {};
    const like = ilikePattern(search.q);
    if (like) {
      const id = String(search.q).trim();
      where.$or = [{ bookTitle: { $ilike: like } }, { contactEmail: { $ilike: like } }, { user: { email: { $ilike: like } } }, { externalId: { $ilike: like } }, ...(isUuid(id) ? [{ id }] : [])];
    }
    if (search.status) where.orderStatus = search.status;
    if (search.overdue !== undefined) where.$and = [overdueFilter(search.overdue, new Date())];
    if (search.ids) where.id = { $in: search.ids.filter(isUuid) };
    const [rows, total] = await this.em.fork().findAndCount(PrintOrder, where, {
      populate: ['user'],
      orderBy: { [PRINT_ORDER_SORTABLE[page.sort]]: `${page.order.toLowerCase()} nulls last`, id: 'asc' },
      offset: page.offset,
      limit: page.limit,
    });
    return { rows, total };
  }

  /** Stores a new draft order with its first history entry. */
  async create(order: NewPrintOrder, now: Date): Promise<PrintOrder> {
    const em = this.em.fork();
    const { userId, bookProjectId, ...fields } = order;
    const row = em.create(PrintOrder, {
      ...fields,
      user: em.getReference(User, userId),
      bookProject: em.getReference(BookProject, bookProjectId),
      orderStatus: 'draft',
      trackingUrls: [],
      history: [{ at: now.toISOString(), order_status: 'draft', lulu_status: null, note: 'Order placed' }],
      createdAt: now,
      updatedAt: now,
    });
    await em.flush();
    return row;
  }

  /** Removes a draft no workflow carries. */
  async remove(id: string): Promise<void> {
    await this.em.fork().nativeDelete(PrintOrder, { id });
  }
}
