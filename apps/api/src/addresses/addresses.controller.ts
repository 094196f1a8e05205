import { Body, Controller, Delete, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { SavedAddressView } from '../../../../libs/contracts/index.ts';
import type { SavedAddress } from '../../../../libs/db/index.ts';
import { AddressBookMessages } from '../../../../libs/domain/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser } from '../common/auth.decorators.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { ShippingAddressBodyDto } from '../common/shipping-address-body.dto.ts';
import { shippingAddressOf } from '../common/shipping-address.dto.ts';
import { UuidOrNotFound } from '../common/uuid.pipe.ts';
import { AddressesService } from './addresses.service.ts';

const view = (row: SavedAddress): SavedAddressView => ({ id: row.id, address: row.address, created_at: row.createdAt.toISOString() });

/** The signed-in author's address book, offered by the print wizard, the Elite approval and the shop. */
@ApiTags('addresses')
@ApiBearerAuth()
@Controller('addresses')
export class AddressesController {
  constructor(private readonly addresses: AddressesService) {}

  @Get()
  @ApiOperation({ summary: "The caller's saved addresses, newest first" })
  async list(@CurrentUser() user: AuthUser): Promise<SavedAddressView[]> {
    return (await this.addresses.list(user)).map(view);
  }

  @Post()
  @RateLimited('edits')
  @ApiOperation({ summary: 'Save an address (checked as every shipping address is); one already saved answers 200 with it, a full book 409' })
  async save(@Body() dto: ShippingAddressBodyDto, @CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: Response): Promise<SavedAddressView> {
    const { row, created } = await this.addresses.save(user, shippingAddressOf(dto.shipping_address));
    res.status(created ? 201 : 200);
    return view(row);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: "Delete one of the caller's saved addresses (anyone else's is not found)" })
  async remove(@UuidOrNotFound(AddressBookMessages.notFound) id: string, @CurrentUser() user: AuthUser): Promise<void> {
    await this.addresses.remove(user, id);
  }
}
