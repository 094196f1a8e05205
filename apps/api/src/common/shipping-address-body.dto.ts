import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';
import type { ChangeShippingAddressRequest, SaveAddressRequest } from '../../../../libs/contracts/index.ts';
import { PrintMessages } from '../../../../libs/domain/index.ts';
import { ShippingAddressDto } from './shipping-address.dto.ts';

/** A body that is one shipping address: a saved one (POST /api/addresses) or a correction of an order's or a request's. */
export class ShippingAddressBodyDto implements Omit<SaveAddressRequest & ChangeShippingAddressRequest, 'shipping_address'> {
  @ApiProperty({ type: ShippingAddressDto })
  @IsObject({ message: PrintMessages.missingInformation })
  @ValidateNested()
  @Type(() => ShippingAddressDto)
  shipping_address!: ShippingAddressDto;
}
