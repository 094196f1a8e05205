import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsObject, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import type { AssistRequest } from '../../../../libs/contracts/index.ts';
import { ASSIST_ACTIONS, ASSIST_LIMITS, EditingMessages, type AssistAction } from '../../../../libs/domain/index.ts';
import { Optional } from '../common/validation.ts';

export class SelectionDto {
  @ApiProperty({ minimum: 0 })
  @IsInt({ message: EditingMessages.badSelection })
  @Min(0, { message: EditingMessages.badSelection })
  start!: number;

  @ApiProperty({ minimum: 1 })
  @IsInt({ message: EditingMessages.badSelection })
  @Min(1, { message: EditingMessages.badSelection })
  end!: number;
}

/** POST /api/projects/{id}/chapters/{order}/assist. */
export class AssistDto implements AssistRequest {
  @ApiProperty({ enum: ASSIST_ACTIONS })
  @IsIn(ASSIST_ACTIONS, { message: `action must be one of: ${ASSIST_ACTIONS.join(', ')}` })
  action!: AssistAction;

  @ApiPropertyOptional({ type: SelectionDto, description: 'Character offsets in the chapter; leave out for the whole chapter' })
  @Optional()
  @IsObject({ message: EditingMessages.badSelection })
  @ValidateNested()
  @Type(() => SelectionDto)
  selection?: SelectionDto;

  @ApiPropertyOptional({ maxLength: ASSIST_LIMITS.instructionMax, description: "Required for the 'instruct' action" })
  @Optional()
  @IsString({ message: EditingMessages.instructionRequired })
  @MaxLength(ASSIST_LIMITS.instructionMax, { message: EditingMessages.instructionTooLong })
  instruction?: string;

  @ApiPropertyOptional({ minimum: 1, description: 'The chapter version the selection refers to' })
  @Optional()
  @IsInt({ message: 'base_version must be a whole number from 1' })
  @Min(1, { message: 'base_version must be a whole number from 1' })
  base_version?: number;
}
