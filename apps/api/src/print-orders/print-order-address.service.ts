import { BadRequestException, Injectable } from '@nestjs/common';
import type { PrintOrder } from '../../../../libs/db/index.ts';
import { AddressBookMessages, type ShippingAddress } from '../../../../libs/domain/index.ts';
import { PrintOrderWorkflowService } from './print-order-workflow.service.ts';

/**
 * Corrects an order's shipping address (the author's route, the back office's, and an Elite request's while it prints):
 * within its country, since the order was priced for it, and through the order's run, which refuses once the job is
 * submitted to the printer.
 */
@Injectable()
export class PrintOrderAddressService {
  constructor(private readonly workflow: PrintOrderWorkflowService) {}

  async correct(order: PrintOrder, address: ShippingAddress, by: { id: string; role: 'author' | 'team' }): Promise<void> {
    if (address.country !== order.shippingAddress.country) {
      const message = AddressBookMessages.sameCountry(order.shippingAddress.country);
      throw new BadRequestException({ message, details: [{ field: 'shipping_address.country', messages: [message] }] });
    }
    await this.workflow.changeAddress(order.id, { address, by });
  }
}
