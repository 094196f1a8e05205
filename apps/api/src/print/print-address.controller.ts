import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PrintOrderView } from '../../../../libs/contracts/index.ts';
import { PrintMessages } from '../../../../libs/domain/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser } from '../common/auth.decorators.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { ShippingAddressBodyDto } from '../common/shipping-address-body.dto.ts';
import { shippingAddressOf } from '../common/shipping-address.dto.ts';
import { UuidOrNotFound } from '../common/uuid.pipe.ts';
import { PrintOrderAddressService, printOrderView } from '../print-orders/print-orders.module.ts';
import { PrintOrdersService } from './print-orders.service.ts';

/** The author corrects their order's address until its job is submitted to the printer. */
@ApiTags('print')
@ApiBearerAuth()
@Controller('print')
export class PrintAddressController {
  constructor(
    private readonly orders: PrintOrdersService,
    private readonly addresses: PrintOrderAddressService,
  ) {}

  @Post('orders/:id/shipping-address')
  @HttpCode(200)
  @RateLimited('edits')
  @ApiOperation({ summary: "Correct the order's shipping address (same country) until it is submitted to the printer; 409 after" })
  async correct(@UuidOrNotFound(PrintMessages.orderNotFound) id: string, @Body() dto: ShippingAddressBodyDto, @CurrentUser() user: AuthUser): Promise<PrintOrderView> {
    await this.addresses.correct(await this.orders.owned(id, user), shippingAddressOf(dto.shipping_address), { id: user.id, role: 'author' });
    return printOrderView(await this.orders.owned(id, user));
  }
}
