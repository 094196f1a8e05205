import { applyDecorators, HttpCode, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation } from '@nestjs/swagger';
import { COVER_IMAGE_LIMITS, OwnCoverMessages } from '../../../../libs/domain/index.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { OneFileInterceptor } from '../common/streamed-files.interceptor.ts';

/** One cover in the multipart field "image", counted while it streams: the author's upload and the Elite team's alike. */
export const CoverUploadInterceptor = () => OneFileInterceptor('image', COVER_IMAGE_LIMITS.maxBytes, { tooMany: 'Upload one cover at a time', tooLarge: OwnCoverMessages.tooLarge });

/** A cover upload route (the author's and the Elite team's): its limit, its multipart body and its description. */
export const CoverUpload = (summary: string) =>
  applyDecorators(
    RateLimited('generation'),
    HttpCode(200),
    ApiConsumes('multipart/form-data'),
    ApiBody({ schema: { type: 'object', required: ['image'], properties: { image: { type: 'string', format: 'binary' } } } }),
    ApiOperation({ summary: `${summary} (multipart field "image", at most ${COVER_IMAGE_LIMITS.maxBytes / 1024 / 1024} MB)` }),
    UseInterceptors(CoverUploadInterceptor()),
  );
