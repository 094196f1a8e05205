import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { EliteRequestView } from '../../../../libs/contracts/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser } from '../common/auth.decorators.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { ShippingAddressBodyDto } from '../common/shipping-address-body.dto.ts';
import { shippingAddressOf } from '../common/shipping-address.dto.ts';
import { UuidParam } from '../common/uuid.pipe.ts';
import { EliteAddressService } from './elite-address.service.ts';
import { EliteRequestViewsService } from './elite-request-views.service.ts';
import { EliteRequestsService } from './elite-requests.service.ts';

/** The author corrects the address their approved proof's copies go to, until they are submitted to the printer. */
@ApiTags('elite-requests')
@ApiBearerAuth()
@Controller('elite-requests')
export class EliteAddressController {
  constructor(
    private readonly requests: EliteRequestsService,
    private readonly addresses: EliteAddressService,
    private readonly views: EliteRequestViewsService,
  ) {}

  @Post(':id/shipping-address')
  @HttpCode(200)
  @RateLimited('forms')
  @ApiOperation({ summary: 'Correct the shipping address given with the proof, until the copies are submitted to the printer; 409 after' })
  async correct(@UuidParam() id: string, @Body() dto: ShippingAddressBodyDto, @CurrentUser() user: AuthUser): Promise<EliteRequestView> {
    await this.addresses.correct(await this.requests.owned(id, user), shippingAddressOf(dto.shipping_address), { id: user.id, role: 'author' });
    return this.views.one(await this.requests.owned(id, user));
  }
}
