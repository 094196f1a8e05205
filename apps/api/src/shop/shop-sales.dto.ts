import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsObject, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import type { ShopCheckoutRequest, ShopPrintQuoteRequest, ShopResendRequest } from '../../../../libs/contracts/index.ts';
import { AuthMessages, EDITION_KINDS, PrintMessages, SALE_QUANTITY, SaleMessages, SHIPPING_LEVELS, type EditionKindValue, type ShippingLevel } from '../../../../libs/domain/index.ts';
import { ShippingAddressDto } from '../common/shipping-address.dto.ts';
import { Optional } from '../common/validation.ts';

const EMAIL_MAX = 254;

/** POST /api/shop/books/{id}/print-quote. */
export class ShopPrintQuoteDto implements Omit<ShopPrintQuoteRequest, 'shipping_address'> {
  @ApiProperty({ minimum: SALE_QUANTITY.min, maximum: SALE_QUANTITY.max })
  @IsInt({ message: SaleMessages.quantity })
  @Min(SALE_QUANTITY.min, { message: SaleMessages.quantity })
  @Max(SALE_QUANTITY.max, { message: SaleMessages.quantity })
  quantity!: number;

  @ApiProperty({ type: ShippingAddressDto })
  @IsObject({ message: PrintMessages.missingInformation })
  @ValidateNested()
  @Type(() => ShippingAddressDto)
  shipping_address!: ShippingAddressDto;

  @ApiProperty({ enum: SHIPPING_LEVELS })
  @IsIn(SHIPPING_LEVELS, { message: PrintMessages.selectShipping })
  shipping_level!: ShippingLevel;
}

/** POST /api/shop/books/{id}/checkout: the print fields are required for print (checked by the service). */
export class ShopCheckoutDto implements Omit<ShopCheckoutRequest, 'shipping_address'> {
  @ApiProperty({ enum: EDITION_KINDS }) @IsIn(EDITION_KINDS, { message: SaleMessages.invalidEdition }) edition!: EditionKindValue;

  @ApiPropertyOptional({ description: "Where the e-book and the receipt go; a signed-in buyer's own address by default" })
  @Optional()
  @IsString()
  @MaxLength(EMAIL_MAX)
  @IsEmail({}, { message: AuthMessages.invalidEmail })
  email?: string;

  @ApiPropertyOptional({ minimum: SALE_QUANTITY.min, maximum: SALE_QUANTITY.max })
  @Optional()
  @IsInt({ message: SaleMessages.quantity })
  @Min(SALE_QUANTITY.min, { message: SaleMessages.quantity })
  @Max(SALE_QUANTITY.max, { message: SaleMessages.quantity })
  quantity?: number;

  @ApiPropertyOptional({ type: ShippingAddressDto })
  @Optional()
  @IsObject({ message: PrintMessages.missingInformation })
  @ValidateNested()
  @Type(() => ShippingAddressDto)
  shipping_address?: ShippingAddressDto;

  @ApiPropertyOptional({ enum: SHIPPING_LEVELS })
  @Optional()
  @IsIn(SHIPPING_LEVELS, { message: PrintMessages.selectShipping })
  shipping_level?: ShippingLevel;
}

/** POST /api/shop/downloads/resend. */
export class ShopResendDto implements ShopResendRequest {
  @ApiProperty() @IsString() @MaxLength(EMAIL_MAX) @IsEmail({}, { message: AuthMessages.invalidEmail }) email!: string;
}
