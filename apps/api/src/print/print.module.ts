import { Module } from '@nestjs/common';
import type { Config } from '../../../../libs/config/index.ts';
import { createPrintProviders } from '../../../../libs/print/index.ts';
import { CONFIG } from '../config/config.module.ts';
import { PrintOrdersModule } from '../print-orders/print-orders.module.ts';
import { ProjectsModule } from '../projects/projects.module.ts';
import { LuluWebhookService } from './lulu-webhook.service.ts';
import { LuluWebhookController, PrintController } from './print.controller.ts';
import { PrintAddressController } from './print-address.controller.ts';
import { PrintHealthService } from './print-health.service.ts';
import { PrintOrdersService } from './print-orders.service.ts';
import { PrintPreflightService } from './print-preflight.service.ts';
import { PRINT_PROVIDERS, PrintQuoteService } from './print-quote.service.ts';

export { PrintQuoteService } from './print-quote.service.ts';

/** Print-on-demand (document 3, §7.1): the print API and Lulu's webhook; the print-order workflow does the rest. */
@Module({
  imports: [ProjectsModule, PrintOrdersModule],
  controllers: [PrintController, PrintAddressController, LuluWebhookController],
  providers: [
    { provide: PRINT_PROVIDERS, inject: [CONFIG], useFactory: (config: Config) => createPrintProviders(config) },
    PrintQuoteService,
    PrintPreflightService,
    PrintOrdersService,
    PrintHealthService,
    LuluWebhookService,
  ],
  exports: [PrintOrdersService, PrintQuoteService],
})
export class PrintModule {}
