import { UnprocessableEntityException } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { addressProblems, AddressMessages, COUNTRIES, DEFAULT_COUNTRY, type ShippingAddress } from '../../../../libs/domain/index.ts';
import { Optional, within } from './validation.ts';

/**
 * §3.4. Every field may be missing here: what is required, and the phone and state rules, are §5.1's and are
 * answered by addressProblems in the wizard's own words (422). Only the types and lengths are checked at the door.
 */
export class ShippingAddressDto implements Partial<ShippingAddress> {
  @ApiPropertyOptional({ maxLength: 200 }) @Optional() @within('name', 200) @IsString({ message: AddressMessages.name }) name?: string;
  @ApiPropertyOptional({ maxLength: 200 }) @Optional() @within('address_line1', 200) @IsString({ message: AddressMessages.street }) address_line1?: string;
  @ApiPropertyOptional({ maxLength: 200 }) @Optional() @within('address_line2', 200) @IsString({ message: 'address_line2 must be text' }) address_line2?: string;
  @ApiPropertyOptional({ maxLength: 100 }) @Optional() @within('city', 100) @IsString({ message: AddressMessages.city }) city?: string;
  @ApiPropertyOptional({ maxLength: 100, description: 'A code of US_STATES for US, of CA_PROVINCES for CA; free text elsewhere' })
  @Optional()
  @within('state', 100)
  @IsString({ message: AddressMessages.state })
  state?: string;
  @ApiPropertyOptional({ maxLength: 32 }) @Optional() @within('postcode', 32) @IsString({ message: AddressMessages.postcode }) postcode?: string;
  @ApiPropertyOptional({ enum: COUNTRIES, default: 'US' }) @Optional() @within('country', 8) @IsString({ message: AddressMessages.country }) country?: string;
  @ApiPropertyOptional({ maxLength: 40 }) @Optional() @within('phone', 40) @IsString({ message: AddressMessages.phone }) phone?: string;
}

/** The address as the rules and the provider take it: a missing field is empty, text is trimmed, the country defaults to US. */
export function shippingAddressOf(dto: ShippingAddressDto): ShippingAddress {
  const text = (value: string | undefined) => (value ?? '').trim();
  return {
    name: text(dto.name),
    address_line1: text(dto.address_line1),
    ...(text(dto.address_line2) ? { address_line2: text(dto.address_line2) } : {}),
    city: text(dto.city),
    ...(text(dto.state) ? { state: text(dto.state) } : {}),
    postcode: text(dto.postcode),
    country: text(dto.country) || DEFAULT_COUNTRY,
    phone: text(dto.phone),
  };
}

/** §5.1's address rules as a 422 whose details name each field under shipping_address (the wizard's and an Elite proof's address). */
export function checkShippingAddress(address: ShippingAddress): void {
  const problems = Object.entries(addressProblems(address)).map(([field, message]) => ({ field: `shipping_address.${field}`, messages: [message] }));
  if (problems.length) throw new UnprocessableEntityException({ message: problems[0]?.messages[0], details: problems });
}
