import { Module } from '@nestjs/common';
import { AccountPaymentsController } from './account-payments.controller.ts';
import { AccountPaymentsService } from './account-payments.service.ts';

/** What the back office shows of payments, built as the account's own list builds it. */
export { paymentNames, toPaymentView } from './payment.view.ts';

@Module({ controllers: [AccountPaymentsController], providers: [AccountPaymentsService] })
export class AccountPaymentsModule {}
