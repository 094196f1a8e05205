import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { ConflictException, Controller, Get, HttpCode, Inject, Logger, NotFoundException, Param, ParseUUIDPipe, Post, Query, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Client, WorkflowNotFoundError } from '@temporalio/client';
import type { Response } from 'express';
import type { Config } from '../../../../libs/config/index.ts';
import type { PrintOrderAdminView } from '../../../../libs/contracts/index.ts';
import { Payment, PrintOrder } from '../../../../libs/db/index.ts';
import {
  FINAL_PRINT_ORDER_STATUSES,
  isUuid,
  PRINT_ORDER_STATUSES,
  PRINT_OVERDUE_AFTER_DAYS,
  PrintMessages,
  printOrderOverdue,
  printOrderWorkflowId,
} from '../../../../libs/domain/index.ts';
import { refreshSignal } from '../../../../workflows/print-order/messages.ts';
import { paymentNames, toPaymentView } from '../account-payments/payment.view.ts';
import { Roles } from '../auth/public.decorator.ts';
import { withTimeout } from '../common/with-timeout.ts';
import { CONFIG } from '../config/config.module.ts';
import { printOrderView } from '../print/print-order.view.ts';
import { ilikePattern } from '../common/ilike.ts';
import { listFilter, parseListQuery, setContentRange } from './simple-rest.ts';
import { workflowLink } from './workflow-link.ts';

const SORTABLE = { created_at: 'createdAt', updated_at: 'updatedAt', order_status: 'orderStatus', total_cost: 'totalCost', book_title: 'bookTitle', contact_email: 'contactEmail', paid_at: 'paidAt', shipped_at: 'shippedAt' } as const;
const SIGNAL_TIMEOUT_MS = 10_000;
const NO_RUN = "This order's run has ended: there is no status left to fetch";

/** printOrderOverdue as a query (spelled out both ways: SQL's NOT of a comparison with a NULL is not true). */
function overdueFilter(overdue: boolean, now: Date): FilterQuery<PrintOrder> {
  const final = [...FINAL_PRINT_ORDER_STATUSES];
  const paidBefore = new Date(now.getTime() - PRINT_OVERDUE_AFTER_DAYS * 86_400_000);
  if (overdue) return { orderStatus: { $nin: final }, $or: [{ paidAt: { $lt: paidBefore } }, { paidAt: null, payBy: { $lt: now } }] };
  return { $or: [{ orderStatus: { $in: final } }, { paidAt: { $gte: paidBefore } }, { paidAt: null, $or: [{ payBy: null }, { payBy: { $gte: now } }] }] };
}

/**
 * Print orders for the back office (react-admin simple-rest): the list with status, search and overdue filters; one
 * order with its timeline, the provider's job, its payment and its run in the Temporal UI; and a refresh that asks the
 * order's workflow to fetch the provider's status now.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/print-orders')
@Roles('elite_team', 'admin')
export class AdminPrintOrdersController {
  private readonly logger = new Logger(AdminPrintOrdersController.name);

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly em: EntityManager,
    @Inject(Client) private readonly temporal: Client,
  ) {}

  @Get()
  async list(@Query() query: { sort?: string; range?: string; filter?: string }, @Res({ passthrough: true }) res: Response): Promise<PrintOrderAdminView[]> {
    const { sort, offset, limit, filter } = parseListQuery(query, Object.keys(SORTABLE), { field: 'created_at', order: 'DESC' });
    const where: FilterQuery<PrintOrder> = {};
    const like = ilikePattern(filter.q);
    if (like) {
      const id = String(filter.q).trim();
      where.$or = [{ bookTitle: { $ilike: like } }, { contactEmail: { $ilike: like } }, { user: { email: { $ilike: like } } }, { externalId: { $ilike: like } }, ...(isUuid(id) ? [{ id }] : [])];
    }
    const status = listFilter(filter, 'order_status', PRINT_ORDER_STATUSES);
    if (status) where.orderStatus = status;
    if (typeof filter.overdue === 'boolean') where.$and = [overdueFilter(filter.overdue, new Date())];
    if (Array.isArray(filter.id)) where.id = { $in: filter.id.map(String).filter(isUuid) };
    const [rows, total] = await this.em.findAndCount(PrintOrder, where, {
      populate: ['user'],
      orderBy: { [SORTABLE[sort.field as keyof typeof SORTABLE]]: `${sort.order.toLowerCase()} nulls last`, id: 'asc' },
      offset,
      limit,
    });
    setContentRange(res, 'print-orders', offset, rows.length, total);
    return this.views(rows);
  }

  @Get(':id')
  async show(@Param('id', ParseUUIDPipe) id: string): Promise<PrintOrderAdminView> {
    return (await this.views([await this.find(id)]))[0] as PrintOrderAdminView;
  }

  @Post(':id/refresh')
  @HttpCode(200)
  @ApiOperation({ summary: "Ask the order's workflow to fetch the print provider's status now (it writes any change to the order)" })
  async refresh(@Param('id', ParseUUIDPipe) id: string): Promise<PrintOrderAdminView> {
    const order = await this.find(id);
    try {
      await withTimeout(this.temporal.workflow.getHandle(printOrderWorkflowId(order.id)).signal(refreshSignal), SIGNAL_TIMEOUT_MS, 'Temporal');
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) throw new ConflictException(NO_RUN);
      this.logger.error(`print order ${order.id}: refresh not delivered: ${(error as Error).message}`);
      throw new ServiceUnavailableException(PrintMessages.unavailable);
    }
    return this.show(id);
  }

  private async find(id: string): Promise<PrintOrder> {
    const order = await this.em.fork().findOne(PrintOrder, { id }, { populate: ['user'] });
    if (!order) throw new NotFoundException(PrintMessages.orderNotFound);
    return order;
  }

  private async views(orders: PrintOrder[]): Promise<PrintOrderAdminView[]> {
    const em = this.em.fork();
    const payments = orders.length ? await em.find(Payment, { printOrderId: { $in: orders.map((o) => o.id) } }, { orderBy: { createdAt: 'asc' } }) : [];
    const names = await paymentNames(em, payments);
    // The latest payment of each order wins (a second session exists only if the first was abandoned).
    const paymentOf = new Map(payments.map((p) => [p.printOrderId, p]));
    const now = new Date();
    return orders.map((order) => {
      const payment = paymentOf.get(order.id);
      const workflow = workflowLink(this.config, printOrderWorkflowId(order.id));
      return {
        ...printOrderView(order),
        id: order.id,
        user_id: order.user.id,
        user_email: order.user.email ?? null,
        paid_at: order.paidAt?.toISOString() ?? null,
        overdue: printOrderOverdue(order, now),
        payment: payment ? toPaymentView(payment, names.get(payment.id) ?? '', undefined) : null,
        workflow_id: workflow.id,
        workflow_url: workflow.url,
      };
    });
  }
}
