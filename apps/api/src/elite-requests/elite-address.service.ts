import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { EliteRequest } from '../../../../libs/db/index.ts';
import { EliteMessages, type ShippingAddress } from '../../../../libs/domain/index.ts';
import { PrintOrderAddressService, PrintOrderQueries } from '../print-orders/print-orders.module.ts';
import { EliteWorkflowService } from './elite-workflow.service.ts';

/**
 * Corrects where a request's copies go, for the author and the team alike: the request's run takes it until printing
 * starts; while its copies print, their order's run takes it until the job is submitted to the printer.
 */
@Injectable()
export class EliteAddressService {
  constructor(
    private readonly em: EntityManager,
    private readonly workflow: EliteWorkflowService,
    private readonly printOrders: PrintOrderQueries,
    private readonly printAddresses: PrintOrderAddressService,
  ) {}

  /** The request for the team (any request); the author's routes pass the row they own. */
  async find(id: string): Promise<EliteRequest> {
    const row = await this.em.fork().findOne(EliteRequest, { id });
    if (!row) throw new NotFoundException(EliteMessages.notFound);
    return row;
  }

  async correct(row: EliteRequest, address: ShippingAddress, by: { id: string; role: 'author' | 'team' }): Promise<void> {
    if (row.status === 'printing' && row.printOrderId) return this.printAddresses.correct(await this.printOrders.find(row.printOrderId), address, by);
    await this.workflow.changeAddress(row.id, row.status, { address, by });
  }
}
