import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.ts';
import { PrintModule } from '../print/print.module.ts';
import { SalesModule } from '../sales/sales.module.ts';
import { SaleCheckoutService } from './sale-checkout.service.ts';
import { LibraryController, ShopSalesController } from './shop-sales.controller.ts';
import { ShopController } from './shop.controller.ts';
import { ShopDownloadsService } from './shop-downloads.service.ts';
import { ShopService } from './shop.service.ts';

export { ShopService } from './shop.service.ts';
export { shopBookSummary, shopBookView } from './shop.view.ts';

@Module({
  imports: [PaymentsModule, PrintModule, SalesModule],
  controllers: [ShopController, ShopSalesController, LibraryController],
  providers: [ShopService, SaleCheckoutService, ShopDownloadsService],
  exports: [ShopService],
})
export class ShopModule {}
