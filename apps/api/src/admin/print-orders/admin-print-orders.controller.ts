import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { PrintOrderAdminView } from '../../../../../libs/contracts/index.ts';
import type { AuthUser } from '../../common/auth.types.ts';
import { CurrentUser, Roles } from '../../common/auth.decorators.ts';
import { ShippingAddressBodyDto } from '../../common/shipping-address-body.dto.ts';
import { shippingAddressOf } from '../../common/shipping-address.dto.ts';
import { UuidParam } from '../../common/uuid.pipe.ts';
import { PRINT_ORDER_SORTABLE } from '../../print-orders/print-orders.module.ts';
import { AdminPrintOrdersService } from './admin-print-orders.service.ts';
import { parseListQuery, setContentRange } from '../simple-rest.ts';

/** Print orders for the back office (react-admin simple-rest), and a refresh that asks an order's workflow to fetch the provider's status now. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/print-orders')
@Roles('elite_team', 'admin')
export class AdminPrintOrdersController {
  constructor(private readonly orders: AdminPrintOrdersService) {}

  @Get()
  async list(@Query() query: { sort?: string; range?: string; filter?: string }, @Res({ passthrough: true }) res: Response): Promise<PrintOrderAdminView[]> {
    const parsed = parseListQuery(query, Object.keys(PRINT_ORDER_SORTABLE), { field: 'created_at', order: 'DESC' });
    const { views, total } = await this.orders.list(parsed);
    setContentRange(res, 'print-orders', parsed.offset, views.length, total);
    return views;
  }

  @Get(':id')
  async show(@UuidParam() id: string): Promise<PrintOrderAdminView> {
    return this.orders.show(id);
  }

  @Post(':id/refresh')
  @HttpCode(200)
  @ApiOperation({ summary: "Ask the order's workflow to fetch the print provider's status now (it writes any change to the order)" })
  async refresh(@UuidParam() id: string): Promise<PrintOrderAdminView> {
    return this.orders.refresh(id);
  }

  @Post(':id/shipping-address')
  @HttpCode(200)
  @ApiOperation({ summary: "Correct the order's shipping address (same country) through its workflow, until it is submitted to the printer; 409 after" })
  async correctAddress(@UuidParam() id: string, @Body() dto: ShippingAddressBodyDto, @CurrentUser() user: AuthUser): Promise<PrintOrderAdminView> {
    return this.orders.correctAddress(id, shippingAddressOf(dto.shipping_address), user);
  }
}
