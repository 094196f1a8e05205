import { Module } from '@nestjs/common';
import { SaleWorkflowService } from './sale-workflow.service.ts';
import { SalesController } from './sales.controller.ts';
import { SalesService } from './sales.service.ts';

export { SaleWorkflowService } from './sale-workflow.service.ts';
export { saleView, sumsView, totalsOf } from './sale.view.ts';

/** Sales as their authors see them, and the one door to `sale-<id>` runs (the shop starts them, resends mail through it). */
@Module({ controllers: [SalesController], providers: [SalesService, SaleWorkflowService], exports: [SaleWorkflowService] })
export class SalesModule {}
