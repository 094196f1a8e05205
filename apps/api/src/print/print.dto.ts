import { UnprocessableEntityException } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsObject, IsString, IsUUID, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import type { CalculatePrintRequest, CreatePrintOrderRequest, ValidatePrintRequest } from '../../../../libs/contracts/index.ts';
import {
  addressProblems,
  AddressMessages,
  AuthMessages,
  COUNTRIES,
  DEFAULT_COUNTRY,
  PRINT_PRODUCTS,
  PRINT_QUANTITY,
  PrintMessages,
  ProjectMessages,
  SHIPPING_LEVELS,
  type ShippingAddress,
  type ShippingLevel,
} from '../../../../libs/domain/index.ts';
import { Optional } from '../common/validation.ts';

const POD_PACKAGE_IDS = PRINT_PRODUCTS.map((p) => p.spec.pod_package_id);
/** Page counts a quote may be asked for; the product's own limits are checked by the service. */
const QUOTE_PAGES = { min: 1, max: 10_000 } as const;
const MAX_URL_LENGTH = 2048;

// Decorators apply bottom-up: the type check, written last, is reported first.
const within = (field: string, max: number) => MaxLength(max, { message: `${field} must be ${max} characters or less` });

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
