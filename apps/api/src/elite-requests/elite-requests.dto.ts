import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsString, Matches, ValidateNested } from 'class-validator';
import type {
  ApproveEliteProofRequest,
  CancelEliteRequestRequest,
  CreateEliteRequestRequest,
  DeclineEliteQuoteRequest,
  RequestEliteChangesRequest,
} from '../../../../libs/contracts/index.ts';
import {
  ELITE_BUDGETS,
  ELITE_CONTACT_METHODS,
  ELITE_LIMITS,
  ELITE_PRINT_QUANTITIES,
  ELITE_SELECTS,
  ELITE_TIMELINES,
  PrintMessages,
  ProjectMessages,
  type EliteBudget,
  type EliteContactMethod,
  type ElitePrintQuantity,
  type EliteTimeline,
} from '../../../../libs/domain/index.ts';
import { Optional, within } from '../common/validation.ts';
import { ShippingAddressDto } from '../common/shipping-address.dto.ts';

const oneOf = (list: readonly string[], field: string) => ({ message: `${field} must be one of: ${list.join(', ')}` });
const required = (field: string) => Matches(/\S/, { message: `${field} must not be empty` });
const text = (field: string) => IsString({ message: `${field} must be text` });

/** POST /api/elite-requests: the modal's four selects (required; the modal preselects their defaults) and its notes. */
export class CreateEliteRequestDto implements CreateEliteRequestRequest {
  @ApiProperty({ description: 'A completed saved book of the caller' }) @within('book_id', 64) @IsString({ message: ProjectMessages.notFound }) book_id!: string;

  @ApiProperty({ enum: ELITE_CONTACT_METHODS, default: ELITE_SELECTS.contact_method.default })
  @IsIn(ELITE_CONTACT_METHODS, oneOf(ELITE_CONTACT_METHODS, 'contact_method'))
  contact_method!: EliteContactMethod;

  @ApiProperty({ enum: ELITE_TIMELINES, default: ELITE_SELECTS.preferred_timeline.default })
  @IsIn(ELITE_TIMELINES, oneOf(ELITE_TIMELINES, 'preferred_timeline'))
  preferred_timeline!: EliteTimeline;

  @ApiProperty({ enum: ELITE_PRINT_QUANTITIES, default: ELITE_SELECTS.print_quantity.default })
  @IsIn(ELITE_PRINT_QUANTITIES, oneOf(ELITE_PRINT_QUANTITIES, 'print_quantity'))
  print_quantity!: ElitePrintQuantity;

  @ApiProperty({ enum: ELITE_BUDGETS, default: ELITE_SELECTS.budget_range.default })
  @IsIn(ELITE_BUDGETS, oneOf(ELITE_BUDGETS, 'budget_range'))
  budget_range!: EliteBudget;

  @ApiPropertyOptional({ maxLength: ELITE_LIMITS.additionalRequirements })
  @Optional()
  @within('additional_requirements', ELITE_LIMITS.additionalRequirements)
  @text('additional_requirements')
  additional_requirements?: string;

  @ApiPropertyOptional({ maxLength: ELITE_LIMITS.name, description: "How the author wants to be addressed; the account's name when left out" })
  @Optional()
  @within('user_name', ELITE_LIMITS.name)
  @text('user_name')
  user_name?: string;

  @ApiPropertyOptional({ maxLength: ELITE_LIMITS.phone, description: "The account's phone when left out" })
  @Optional()
  @within('user_phone', ELITE_LIMITS.phone)
  @text('user_phone')
  user_phone?: string;
}

export class DeclineEliteQuoteDto implements DeclineEliteQuoteRequest {
  @ApiPropertyOptional({ maxLength: ELITE_LIMITS.reason }) @Optional() @within('reason', ELITE_LIMITS.reason) @text('reason') reason?: string;
}

/** The proof is approved with the address the books go to, checked as the print wizard checks it (§5.1 of document 3). */
export class ApproveEliteProofDto implements Omit<ApproveEliteProofRequest, 'shipping_address'> {
  @ApiProperty({ type: ShippingAddressDto })
  @IsObject({ message: PrintMessages.missingInformation })
  @ValidateNested()
  @Type(() => ShippingAddressDto)
  shipping_address!: ShippingAddressDto;
}

export class RequestEliteChangesDto implements RequestEliteChangesRequest {
  @ApiProperty({ maxLength: ELITE_LIMITS.comment, description: 'What the author wants changed' })
  @required('comment')
  @within('comment', ELITE_LIMITS.comment)
  @text('comment')
  comment!: string;
}

export class CancelEliteRequestDto implements CancelEliteRequestRequest {
  @ApiProperty({ maxLength: ELITE_LIMITS.reason }) @required('reason') @within('reason', ELITE_LIMITS.reason) @text('reason') reason!: string;
}
