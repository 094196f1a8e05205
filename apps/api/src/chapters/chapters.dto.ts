import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, IsUUID, Matches, MaxLength, Min } from 'class-validator';
import type { UpdateChapterRequest } from '../../../../libs/contracts/index.ts';
import { CHAPTER_EDIT_LIMITS, EditingMessages } from '../../../../libs/domain/index.ts';
import { Optional } from '../common/validation.ts';

const BASE_VERSION = 'base_version must be the version number the chapter was opened at';

/** PUT /api/projects/{id}/chapters/{order}: the spec's {title, content}, guarded by the version it started from. */
export class UpdateChapterDto implements UpdateChapterRequest {
  // Rules are checked from the bottom up and the first failing one is the message: a missing title is "required".
  @ApiProperty({ maxLength: CHAPTER_EDIT_LIMITS.titleMax })
  @MaxLength(CHAPTER_EDIT_LIMITS.titleMax, { message: EditingMessages.titleTooLong })
  @Matches(/\S/, { message: EditingMessages.titleRequired })
  @IsString({ message: EditingMessages.titleRequired })
  title!: string;

  @ApiProperty({ description: 'The chapter in Markdown', maxLength: CHAPTER_EDIT_LIMITS.contentMaxChars })
  @MaxLength(CHAPTER_EDIT_LIMITS.contentMaxChars, { message: EditingMessages.contentTooLong })
  @IsString({ message: 'content must be text' })
  content!: string;

  @ApiPropertyOptional({ description: 'The version the edit started from; a newer save makes this a 409' })
  @Optional()
  @IsInt({ message: BASE_VERSION })
  @Min(0, { message: BASE_VERSION })
  base_version?: number;

  @ApiPropertyOptional({ description: 'The AI Writing Assistant change this text accepts' })
  @Optional()
  @IsUUID('all', { message: 'assist_id must be the id of an AI Writing Assistant change' })
  assist_id?: string;
}

/** POST …/versions/{versionId}/restore. */
export class RestoreVersionDto {
  @ApiPropertyOptional({ description: 'The version the author was looking at; a newer save makes this a 409' })
  @Optional()
  @IsInt({ message: BASE_VERSION })
  @Min(0, { message: BASE_VERSION })
  base_version?: number;
}

/** GET …/versions/compare?a=&b=: two versions, each by id or by version number. */
export class CompareVersionsDto {
  @ApiProperty({ description: 'The older side: a version id or number' }) @IsString() @MaxLength(64) a!: string;
  @ApiProperty({ description: 'The newer side: a version id or number' }) @IsString() @MaxLength(64) b!: string;
}
