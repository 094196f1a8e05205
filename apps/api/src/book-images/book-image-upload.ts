import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation } from '@nestjs/swagger';
import { BOOK_IMAGE_LIMITS, BookImageMessages } from '../../../../libs/domain/index.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { OneFileInterceptor } from '../common/streamed-files.interceptor.ts';

/** An image upload route for a book's chapters (the author's editor and the Elite team's desk): one image, streamed and counted. */
export const BookImageUpload = (who: string) =>
  applyDecorators(
    RateLimited('edits'),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: ['image'],
        properties: {
          image: { type: 'string', format: 'binary' },
          alt: { type: 'string', maxLength: BOOK_IMAGE_LIMITS.altMax },
          decorative: { type: 'string', enum: ['true', 'false'] },
        },
      },
    }),
    ApiOperation({
      summary: `${who}: upload an image into the book (multipart field "image": PNG or JPEG, at most ${BOOK_IMAGE_LIMITS.maxBytes / 1024 / 1024} MB and ${BOOK_IMAGE_LIMITS.maxSide} pixels a side; "alt", its description, or "decorative": "true"); answers with the Markdown to insert`,
    }),
    UseInterceptors(OneFileInterceptor('image', BOOK_IMAGE_LIMITS.maxBytes, { tooMany: 'Upload one image at a time', tooLarge: BookImageMessages.tooLarge })),
  );
