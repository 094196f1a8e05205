import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsObject, IsString, IsUUID, Max, Min, ValidateNested } from 'class-validator';
import type { CalculatePrintRequest, CreatePrintOrderRequest, ValidatePrintRequest } from '../../../../libs/contracts/index.ts';
import { AuthMessages, PRINT_PRODUCTS, PRINT_QUANTITY, PrintMessages, ProjectMessages, SHIPPING_LEVELS, type ShippingLevel } from '../../../../libs/domain/index.ts';
import { ShippingAddressDto } from '../common/shipping-address.dto.ts';
import { Optional, within } from '../common/validation.ts';

const POD_PACKAGE_IDS = PRINT_PRODUCTS.map((p) => p.spec.pod_package_id);
/** Page counts a quote may be asked for; the product's own limits are checked by the service. */
const QUOTE_PAGES = { min: 1, max: 10_000 } as const;
const MAX_URL_LENGTH = 2048;

class QuoteDto {
  @ApiProperty({ enum: POD_PACKAGE_IDS, description: 'A product of GET /api/print/products' })
  @IsIn(POD_PACKAGE_IDS, { message: PrintMessages.selectProduct })
  pod_package_id!: string;

  @ApiProperty({ minimum: PRINT_QUANTITY.min, maximum: PRINT_QUANTITY.max })
  @IsInt({ message: PrintMessages.quantity })
  @Min(PRINT_QUANTITY.min, { message: PrintMessages.quantity })
  @Max(PRINT_QUANTITY.max, { message: PrintMessages.quantity })
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

/** POST /api/print/calculate. */
export class CalculatePrintDto extends QuoteDto implements Omit<CalculatePrintRequest, 'shipping_address'> {
  @ApiPropertyOptional({ minimum: QUOTE_PAGES.min, maximum: QUOTE_PAGES.max, description: "The book's page count; 200 when not given" })
  @Optional()
  @IsInt({ message: `page_count must be a whole number from ${QUOTE_PAGES.min} to ${QUOTE_PAGES.max}` })
  @Min(QUOTE_PAGES.min, { message: `page_count must be a whole number from ${QUOTE_PAGES.min} to ${QUOTE_PAGES.max}` })
  @Max(QUOTE_PAGES.max, { message: `page_count must be a whole number from ${QUOTE_PAGES.min} to ${QUOTE_PAGES.max}` })
  page_count?: number;
}

/** POST /api/print/validate: the book's own files are checked; file addresses a client sends are ignored. */
export class ValidatePrintDto implements ValidatePrintRequest {
  @ApiProperty({ description: 'A saved book of the caller' }) @IsString({ message: ProjectMessages.notFound }) @within('book_project_id', 64) book_project_id!: string;

  @ApiProperty({ enum: POD_PACKAGE_IDS })
  @IsIn(POD_PACKAGE_IDS, { message: PrintMessages.selectProduct })
  pod_package_id!: string;

  @ApiPropertyOptional({ description: 'Ignored: the book project’s own interior is checked' }) @Optional() @within('interior_pdf_url', MAX_URL_LENGTH) @IsString() interior_pdf_url?: string;
  @ApiPropertyOptional({ description: 'Ignored: the book project’s own cover is checked' }) @Optional() @within('cover_pdf_url', MAX_URL_LENGTH) @IsString() cover_pdf_url?: string;
}

/** POST /api/print/orders (§7.1). */
export class CreatePrintOrderDto extends QuoteDto implements Omit<CreatePrintOrderRequest, 'shipping_address'> {
  @ApiProperty({ description: 'A completed saved book of the caller' }) @IsString({ message: ProjectMessages.notFound }) @within('book_project_id', 64) book_project_id!: string;

  @ApiPropertyOptional({ description: "The caller's own id (anyone else's is refused)" })
  @Optional()
  @IsUUID('all', { message: PrintMessages.notYourAccount })
  user_id?: string;

  @ApiProperty({ description: 'Where the provider and Pressroom write about the order' })
  @within('contact_email', 254)
  @IsEmail({}, { message: AuthMessages.invalidEmail })
  @IsString({ message: AuthMessages.invalidEmail })
  contact_email!: string;

  @ApiPropertyOptional({ description: "Ignored: the server makes each order's 'PB-' id, unique per order" })
  @Optional()
  @within('external_id', 64)
  @IsString()
  external_id?: string;

  @ApiPropertyOptional({ description: 'Ignored (the simple flow sends it): the book project’s own interior is printed' }) @Optional() @within('interior_pdf_url', MAX_URL_LENGTH) @IsString() interior_pdf_url?: string;
  @ApiPropertyOptional({ description: 'Ignored (the simple flow sends it): the book project’s own cover is printed' }) @Optional() @within('cover_pdf_url', MAX_URL_LENGTH) @IsString() cover_pdf_url?: string;
}
