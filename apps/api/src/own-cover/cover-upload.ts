import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { COVER_IMAGE_LIMITS, OwnCoverMessages } from '../../../../libs/domain/index.ts';
import { StreamedFilesInterceptor } from '../common/streamed-files.interceptor.ts';

/** One cover in the multipart field "image", counted while it streams: the author's upload and the Elite team's alike. */
export const CoverUploadInterceptor = () =>
  StreamedFilesInterceptor({
    field: 'image',
    maxFiles: 1,
    maxTotalBytes: COVER_IMAGE_LIMITS.maxBytes,
    tooMany: () => new BadRequestException('Upload one cover at a time'),
    tooLarge: () => new PayloadTooLargeException(OwnCoverMessages.tooLarge),
  });
