import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsNumber, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import type { AssignEliteRequest, CancelEliteRequestRequest, EliteStepRequest, SendEliteProofRequest, SendEliteQuoteRequest, StartElitePrintingRequest } from '../../../../../libs/contracts/index.ts';
import {
  ELITE_LIMITS,
  ELITE_QUOTE_AMOUNT,
  ELITE_QUOTE_COPIES,
  PRINT_PRODUCTS,
  PrintMessages,
  SHIPPING_LEVELS,
  type ShippingLevel,
} from '../../../../../libs/domain/index.ts';
import { Optional, within } from '../../common/validation.ts';

const POD_PACKAGE_IDS = PRINT_PRODUCTS.map((p) => p.spec.pod_package_id);
const AMOUNT = `amount must be a number of US dollars from ${ELITE_QUOTE_AMOUNT.min} to ${ELITE_QUOTE_AMOUNT.max}, with at most 2 decimals`;
const COPIES = `copies must be a whole number from ${ELITE_QUOTE_COPIES.min} to ${ELITE_QUOTE_COPIES.max}`;
const INCLUDES = `includes must list 1 to ${ELITE_LIMITS.quoteItems} items of at most ${ELITE_LIMITS.quoteItem} characters`;

/** Text that must say something: blank (only spaces) is refused like missing. */
const required = (field: string) => Matches(/\S/, { message: `${field} is required` });

export class AssignEliteRequestDto implements AssignEliteRequest {
  @ApiProperty({ description: 'An Elite team member or admin (GET /api/admin/users?filter={"role":"elite_team"})' })
  @IsUUID('all', { message: 'assignee_id must be a user id' })
  assignee_id!: string;
}

/** The amount is in US dollars (cents are what the author is charged). */
export class SendEliteQuoteDto implements SendEliteQuoteRequest {
  @ApiProperty({ minimum: ELITE_QUOTE_AMOUNT.min, maximum: ELITE_QUOTE_AMOUNT.max, description: 'US dollars, at most 2 decimals' })
  @Min(ELITE_QUOTE_AMOUNT.min, { message: AMOUNT })
  @Max(ELITE_QUOTE_AMOUNT.max, { message: AMOUNT })
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: AMOUNT })
  amount!: number;

  @ApiProperty({ minimum: ELITE_QUOTE_COPIES.min, maximum: ELITE_QUOTE_COPIES.max })
  @Min(ELITE_QUOTE_COPIES.min, { message: COPIES })
  @Max(ELITE_QUOTE_COPIES.max, { message: COPIES })
  @IsInt({ message: COPIES })
  copies!: number;

  @ApiProperty({ maxLength: ELITE_LIMITS.quoteText, example: 'Two weeks from payment' })
  @within('timeline', ELITE_LIMITS.quoteText)
  @required('timeline')
  @IsString({ message: 'timeline is required' })
  timeline!: string;

  @ApiProperty({ type: [String], minItems: 1, maxItems: ELITE_LIMITS.quoteItems })
  @MaxLength(ELITE_LIMITS.quoteItem, { each: true, message: INCLUDES })
  @Matches(/\S/, { each: true, message: INCLUDES })
  @IsString({ each: true, message: INCLUDES })
  @ArrayMaxSize(ELITE_LIMITS.quoteItems, { message: INCLUDES })
  @ArrayMinSize(1, { message: INCLUDES })
  @IsArray({ message: INCLUDES })
  includes!: string[];

  @ApiProperty({ maxLength: ELITE_LIMITS.quoteText })
  @within('message', ELITE_LIMITS.quoteText)
  @required('message')
  @IsString({ message: 'message is required' })
  message!: string;
}

/** Starting or finishing a step, or sending a proof: an optional note for the timeline. */
export class EliteNoteDto implements EliteStepRequest, SendEliteProofRequest {
  @ApiPropertyOptional({ maxLength: ELITE_LIMITS.note })
  @Optional()
  @within('note', ELITE_LIMITS.note)
  @IsString({ message: 'note must be text' })
  note?: string;
}

export class StartElitePrintingDto implements StartElitePrintingRequest {
  @ApiPropertyOptional({ enum: POD_PACKAGE_IDS, description: "A product of GET /api/print/products at the book's trim; by default the book's black and white paperback on its paper" })
  @Optional()
  @IsIn(POD_PACKAGE_IDS, { message: PrintMessages.unknownProduct })
  pod_package_id?: string;

  @ApiPropertyOptional({ enum: SHIPPING_LEVELS, default: 'MAIL' })
  @Optional()
  @IsIn(SHIPPING_LEVELS, { message: PrintMessages.selectShipping })
  shipping_level?: ShippingLevel;
}

export class CancelEliteRequestDto implements CancelEliteRequestRequest {
  @ApiProperty({ maxLength: ELITE_LIMITS.reason })
  @within('reason', ELITE_LIMITS.reason)
  @required('reason')
  @IsString({ message: 'reason is required' })
  reason!: string;
}
