import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PaymentView, SubscriptionView } from '../../../../libs/contracts/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser } from '../common/auth.decorators.ts';
import { AccountPaymentsService } from './account-payments.service.ts';

/** The dashboard's Account Status card and the caller's purchases; there is no way to name another user's here. */
@ApiTags('account')
@ApiBearerAuth()
@Controller()
export class AccountPaymentsController {
  constructor(private readonly account: AccountPaymentsService) {}

  @Get('subscription')
  @ApiOperation({ summary: "The caller's subscription status, their latest Elite Service purchase, their unspent book credits, paid purchases and open Elite requests" })
  subscription(@CurrentUser() user: AuthUser): Promise<SubscriptionView> {
    return this.account.subscription(user.id);
  }

  @Get('payments')
  @ApiOperation({ summary: "The caller's payments, newest first, each with the state of the book credit it granted" })
  payments(@CurrentUser() user: AuthUser): Promise<PaymentView[]> {
    return this.account.payments(user.id);
  }
}
