import { Module } from '@nestjs/common';
import { PrintOrdersModule } from '../print-orders/print-orders.module.ts';
import { CheckoutController } from './checkout.controller.ts';
import { CheckoutService } from './checkout.service.ts';
import { TestCheckoutController } from './test-checkout.controller.ts';
import { TestCheckoutService } from './test-checkout.service.ts';
import { WebhookController } from './webhook.controller.ts';
import { WebhookService } from './webhook.service.ts';

export { CheckoutService, type AmountSession } from './checkout.service.ts';

/** Stripe Checkout: the offers, starting a session, the local test checkout, and the webhook that fulfils payments. */
@Module({
  imports: [PrintOrdersModule],
  controllers: [CheckoutController, TestCheckoutController, WebhookController],
  providers: [CheckoutService, TestCheckoutService, WebhookService],
  exports: [CheckoutService],
})
export class PaymentsModule {}
