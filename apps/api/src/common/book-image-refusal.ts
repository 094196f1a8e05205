import { BadRequestException, type HttpException, PayloadTooLargeException, UnprocessableEntityException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { BookImageError } from '../../../../libs/book-images/index.ts';

const REFUSALS: Record<BookImageError['status'], new (message: string) => HttpException> = {
  400: BadRequestException,
  413: PayloadTooLargeException,
  415: UnsupportedMediaTypeException,
  422: UnprocessableEntityException,
};

/** The answer to an image an upload refuses (too large, not an image, too many pixels), with its status and words. */
export const bookImageRefusal = (error: BookImageError, message = error.message): HttpException => new REFUSALS[error.status](message);
