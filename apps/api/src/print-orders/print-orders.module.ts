import { Module } from '@nestjs/common';
import { PrintOrderAddressService } from './print-order-address.service.ts';
import { PrintOrderQueries } from './print-order-queries.service.ts';
import { PrintOrderWorkflowService } from './print-order-workflow.service.ts';

export { PrintOrderQueries, printOrdersByIds, PRINT_ORDER_SORTABLE } from './print-order-queries.service.ts';
export { PrintOrderWorkflowService } from './print-order-workflow.service.ts';
export { PrintOrderAddressService } from './print-order-address.service.ts';
export { printOrderView } from './print-order.view.ts';

/**
 * The print-order aggregate as the API sees it: its rows (one query service) and its `print-<id>` workflow (one
 * door). The print routes, the back office, checkout and the provider's webhook all go through these.
 */
@Module({ providers: [PrintOrderQueries, PrintOrderWorkflowService, PrintOrderAddressService], exports: [PrintOrderQueries, PrintOrderWorkflowService, PrintOrderAddressService] })
export class PrintOrdersModule {}
