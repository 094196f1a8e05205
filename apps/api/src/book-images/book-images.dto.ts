import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { BOOK_IMAGE_LIMITS, BookImageMessages } from '../../../../libs/domain/index.ts';
import { Optional } from '../common/validation.ts';

/** POST /api/projects/{id}/images: the text fields beside the multipart file "image". */
export class UploadBookImageDto {
  @ApiPropertyOptional({ description: "The image's description (its alt text); the file name when left out", maxLength: BOOK_IMAGE_LIMITS.altMax })
  @Optional()
  @MaxLength(BOOK_IMAGE_LIMITS.altMax, { message: BookImageMessages.altTooLong })
  @IsString({ message: 'alt must be text' })
  alt?: string;
}
