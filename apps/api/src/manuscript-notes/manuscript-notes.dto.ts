import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Matches, MaxLength, Min, MinLength } from 'class-validator';
import type { CreateCommentRequest, CreateSuggestionRequest, ReplyRequest } from '../../../../libs/contracts/index.ts';
import { NOTE_LIMITS, NoteMessages } from '../../../../libs/domain/index.ts';
import { Optional } from '../common/validation.ts';

// Rules are checked from the bottom up and the first failing one is the message: write the type check last.

/** The passage a note is about: its offsets in the chapter's current text and the text there. */
class PassageDto {
  @ApiProperty({ description: "Where the passage starts in the chapter's current text (UTF-16 code units, as a textarea's selection)", minimum: 0 })
  @Min(0, { message: NoteMessages.offsets })
  @IsInt({ message: NoteMessages.offsets })
  start!: number;

  @ApiProperty({ description: 'Where it ends (exclusive)', minimum: 1 })
  @Min(1, { message: NoteMessages.offsets })
  @IsInt({ message: NoteMessages.offsets })
  end!: number;

  @ApiProperty({ description: 'The passage itself: the text between start and end', maxLength: NOTE_LIMITS.quoteMax })
  @MaxLength(NOTE_LIMITS.quoteMax, { message: NoteMessages.quoteTooLong })
  @MinLength(1, { message: NoteMessages.quoteRequired })
  @IsString({ message: NoteMessages.quoteRequired })
  quote!: string;
}

/** POST …/chapters/{order}/comments */
export class CreateCommentDto extends PassageDto implements CreateCommentRequest {
  @ApiProperty({ maxLength: NOTE_LIMITS.bodyMax })
  @MaxLength(NOTE_LIMITS.bodyMax, { message: NoteMessages.bodyTooLong })
  @Matches(/\S/, { message: NoteMessages.bodyRequired })
  @IsString({ message: NoteMessages.bodyRequired })
  body!: string;
}

/** POST …/comments/{commentId}/replies */
export class ReplyDto implements ReplyRequest {
  @ApiProperty({ maxLength: NOTE_LIMITS.bodyMax })
  @MaxLength(NOTE_LIMITS.bodyMax, { message: NoteMessages.bodyTooLong })
  @Matches(/\S/, { message: NoteMessages.bodyRequired })
  @IsString({ message: NoteMessages.bodyRequired })
  body!: string;
}

/** POST /api/admin/elite-requests/{id}/chapters/{order}/suggestions */
export class CreateSuggestionDto extends PassageDto implements CreateSuggestionRequest {
  @ApiProperty({ description: 'The text to put in the passage’s place (empty: delete it)', maxLength: NOTE_LIMITS.replacementMax })
  @MaxLength(NOTE_LIMITS.replacementMax, { message: NoteMessages.replacementTooLong })
  @IsString({ message: NoteMessages.replacementRequired })
  replacement!: string;

  @ApiPropertyOptional({ description: 'Why, for the author', maxLength: NOTE_LIMITS.bodyMax })
  @Optional()
  @MaxLength(NOTE_LIMITS.bodyMax, { message: NoteMessages.noteTooLong })
  @IsString({ message: 'note must be text' })
  note?: string;
}
