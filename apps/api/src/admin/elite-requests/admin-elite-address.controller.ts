import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { EliteRequestAdminView } from '../../../../../libs/contracts/index.ts';
import type { AuthUser } from '../../common/auth.types.ts';
import { CurrentUser, Roles } from '../../common/auth.decorators.ts';
import { ShippingAddressBodyDto } from '../../common/shipping-address-body.dto.ts';
import { shippingAddressOf } from '../../common/shipping-address.dto.ts';
import { UuidParam } from '../../common/uuid.pipe.ts';
import { EliteAddressService } from '../../elite-requests/elite-requests.module.ts';
import { AdminEliteRequestsService } from './admin-elite-requests.service.ts';

/** The team corrects a request's shipping address, through its run (or its print order's), until the copies are submitted to the printer. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/elite-requests')
@Roles('elite_team', 'admin')
export class AdminEliteAddressController {
  constructor(
    private readonly addresses: EliteAddressService,
    private readonly requests: AdminEliteRequestsService,
  ) {}

  @Post(':id/shipping-address')
  @HttpCode(200)
  @ApiOperation({ summary: "Correct the request's shipping address until its copies are submitted to the printer; the run refuses (409) after" })
  async correct(@UuidParam() id: string, @Body() dto: ShippingAddressBodyDto, @CurrentUser() user: AuthUser): Promise<EliteRequestAdminView> {
    await this.addresses.correct(await this.addresses.find(id), shippingAddressOf(dto.shipping_address), { id: user.id, role: 'team' });
    return this.requests.show(id);
  }
}
