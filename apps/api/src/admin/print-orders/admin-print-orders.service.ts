import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Inject, Injectable } from '@nestjs/common';
import type { Config } from '../../../../../libs/config/index.ts';
import type { PrintOrderAdminView } from '../../../../../libs/contracts/index.ts';
import { eliteIncludedOrders, Payment, type PrintOrder } from '../../../../../libs/db/index.ts';
import { PRINT_ORDER_STATUSES, printOrderOverdue, printOrderWorkflowId, type ShippingAddress } from '../../../../../libs/domain/index.ts';
import type { AuthUser } from '../../common/auth.types.ts';
import { paymentNames, toPaymentView } from '../../account-payments/account-payments.module.ts';
import { CONFIG } from '../../config/config.module.ts';
import { PRINT_ORDER_SORTABLE, PrintOrderAddressService, PrintOrderQueries, PrintOrderWorkflowService, printOrderView } from '../../print-orders/print-orders.module.ts';
import { listFilter, type ListQuery } from '../simple-rest.ts';
import { workflowLink } from '../workflow-link.ts';

export const NO_RUN = "This order's run has ended: there is no status left to fetch";

/**
 * The back office's side of print orders: the list with status, search and overdue filters; one order with its
 * timeline, the provider's job, its payment and its run in the Temporal UI; and a refresh through the order's run.
 */
@Injectable()
export class AdminPrintOrdersService {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly em: EntityManager,
    private readonly orders: PrintOrderQueries,
    private readonly workflow: PrintOrderWorkflowService,
    private readonly addresses: PrintOrderAddressService,
  ) {}

  async list({ sort, offset, limit, filter }: ListQuery): Promise<{ views: PrintOrderAdminView[]; total: number }> {
    const search = {
      q: filter.q,
      status: listFilter(filter, 'order_status', PRINT_ORDER_STATUSES),
      overdue: typeof filter.overdue === 'boolean' ? filter.overdue : undefined,
      ids: Array.isArray(filter.id) ? filter.id.map(String) : undefined,
    };
    const { rows, total } = await this.orders.search(search, { sort: sort.field as keyof typeof PRINT_ORDER_SORTABLE, order: sort.order, offset, limit });
    return { views: await this.views(rows), total };
  }

  async show(id: string): Promise<PrintOrderAdminView> {
    return (await this.views([await this.orders.find(id)]))[0] as PrintOrderAdminView;
  }

  /** Asks the order's workflow to fetch the print provider's status now; an order whose run has ended is a 409. */
  async refresh(id: string): Promise<PrintOrderAdminView> {
    const order = await this.orders.find(id);
    if ((await this.workflow.refresh(order.id)) === 'ended') throw new ConflictException(NO_RUN);
    return this.show(id);
  }

  /** The team's correction of an order's address, through its run (refused once the job is submitted). */
  async correctAddress(id: string, address: ShippingAddress, user: AuthUser): Promise<PrintOrderAdminView> {
    await this.addresses.correct(await this.orders.find(id), address, { id: user.id, role: 'team' });
    return this.show(id);
  }

  private async views(orders: PrintOrder[]): Promise<PrintOrderAdminView[]> {
    const em = this.em.fork();
    const payments = orders.length ? await em.find(Payment, { printOrderId: { $in: orders.map((o) => o.id) } }, { orderBy: { createdAt: 'asc' } }) : [];
    const names = await paymentNames(em, payments);
    const included = await eliteIncludedOrders(em, orders.map((o) => o.id));
    // The latest payment of each order wins (a second session exists only if the first was abandoned).
    const paymentOf = new Map(payments.map((p) => [p.printOrderId, p]));
    const now = new Date();
    return orders.map((order) => {
      const payment = paymentOf.get(order.id);
      const workflow = workflowLink(this.config, printOrderWorkflowId(order.id));
      return {
        ...printOrderView(order, included.get(order.id)),
        id: order.id,
        user_id: order.user?.id ?? null,
        user_email: order.user ? (order.user.email ?? null) : order.contactEmail,
        sale_id: order.saleId ?? null,
        paid_at: order.paidAt?.toISOString() ?? null,
        overdue: printOrderOverdue(order, now),
        payment: payment ? toPaymentView(payment, names.get(payment.id) ?? '', undefined) : null,
        workflow_id: workflow.id,
        workflow_url: workflow.url,
      };
    });
  }
}
