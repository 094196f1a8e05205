import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, registerDecorator, ValidateBy, ValidateIf, type ValidationArguments } from 'class-validator';
import { addressProblems, AddressMessages, COUNTRIES, normalizedAddress, type AddressField, type ShippingAddress } from '../../../../libs/domain/index.ts';

/** A text field's length limit in the house words; a field that is not text is the type check's and the rule's to name. */
const within = (field: string, max: number) =>
  ValidateBy({ name: 'addressFieldLength', validator: { validate: (value: unknown) => typeof value !== 'string' || value.length <= max, defaultMessage: () => `${field} must be ${max} characters or less` } });

const problemOf = (args: ValidationArguments): string | undefined => addressProblems(args.object as Partial<Record<AddressField, unknown>>)[args.property as AddressField];

/**
 * The one address rule of libs/domain on a field: its message under `shipping_address.<field>` in the validation
 * pipe's 400. A field left out is only checked when the rule needs it (a required field, a US state), so a missing
 * optional field passes while a missing required one is named in the rule's words.
 */
function FitsAddressRule(): PropertyDecorator {
  return (target, property) => {
    ValidateIf((object: object, value: unknown) => value !== undefined || Boolean(addressProblems(object as Partial<Record<AddressField, unknown>>)[property as AddressField]))(target, property);
    registerDecorator({
      name: 'fitsAddressRule',
      target: target.constructor,
      propertyName: property as string,
      validator: { validate: (_value: unknown, args: ValidationArguments) => !problemOf(args), defaultMessage: (args?: ValidationArguments) => (args && problemOf(args)) ?? AddressMessages.phoneInvalid },
    });
  };
}

/** §3.4's address; the rule of libs/domain/shipping-address.ts checks it field by field (postal code, region and phone per country). */
export class ShippingAddressDto implements Partial<ShippingAddress> {
  @ApiPropertyOptional({ maxLength: 200 }) @FitsAddressRule() @within('name', 200) @IsString({ message: AddressMessages.name }) name?: string;
  @ApiPropertyOptional({ maxLength: 200 }) @FitsAddressRule() @within('address_line1', 200) @IsString({ message: AddressMessages.street }) address_line1?: string;
  @ApiPropertyOptional({ maxLength: 200 }) @FitsAddressRule() @within('address_line2', 200) @IsString({ message: 'address_line2 must be text' }) address_line2?: string;
  @ApiPropertyOptional({ maxLength: 100 }) @FitsAddressRule() @within('city', 100) @IsString({ message: AddressMessages.city }) city?: string;
  @ApiPropertyOptional({ maxLength: 100, description: 'Required where the country has states, provinces or prefectures (US, CA, AU, IN, BR, JP): one of its list; free text elsewhere' })
  @FitsAddressRule()
  @within('state', 100)
  @IsString({ message: AddressMessages.state })
  state?: string;
  @ApiPropertyOptional({ maxLength: 32, description: "A postal code of the country's format" }) @FitsAddressRule() @within('postcode', 32) @IsString({ message: AddressMessages.postcode }) postcode?: string;
  @ApiPropertyOptional({ enum: COUNTRIES, default: 'US' }) @FitsAddressRule() @within('country', 8) @IsString({ message: AddressMessages.country }) country?: string;
  @ApiPropertyOptional({ maxLength: 40, description: 'A phone number of the country' }) @FitsAddressRule() @within('phone', 40) @IsString({ message: AddressMessages.phone }) phone?: string;
}

/** The address as the rules and the provider take it: a missing field is empty, text is trimmed, the country defaults to US. */
export const shippingAddressOf = (dto: ShippingAddressDto): ShippingAddress => normalizedAddress(dto);
