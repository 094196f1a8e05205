import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { BOOK_IMAGE_LIMITS, BookImageMessages } from '../../../../libs/domain/index.ts';
import { Optional } from '../common/validation.ts';

/** POST /api/projects/{id}/images: the text fields beside the multipart file "image". */
export class UploadBookImageDto {
  @ApiPropertyOptional({ description: "The image's description (its alt text): required unless the image is decorative", maxLength: BOOK_IMAGE_LIMITS.altMax })
  @Optional()
  @MaxLength(BOOK_IMAGE_LIMITS.altMax, { message: BookImageMessages.altTooLong })
  @IsString({ message: 'alt must be text' })
  alt?: string;

  @ApiPropertyOptional({ description: '"true" when the image only decorates: it then has no description, and readers pass it by', enum: ['true', 'false'] })
  @Optional()
  @IsIn(['true', 'false'], { message: 'decorative must be "true" or "false"' })
  decorative?: 'true' | 'false';
}
