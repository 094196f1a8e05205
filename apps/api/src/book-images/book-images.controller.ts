import { Body, Controller, Get, Param, PayloadTooLargeException, BadRequestException, Post, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { BookImageView } from '../../../../libs/contracts/index.ts';
import { BOOK_IMAGE_LIMITS, BookImageMessages } from '../../../../libs/domain/index.ts';
import type { UploadedFile } from '../../../../libs/sources/ingest.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, OptionalAuth } from '../common/auth.decorators.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { StreamedFilesInterceptor } from '../common/streamed-files.interceptor.ts';
import { UuidOrNotFound } from '../common/uuid.pipe.ts';
import { NOT_FOUND, ProjectsService } from '../projects/projects.module.ts';
import { UploadBookImageDto } from './book-images.dto.ts';
import { BookImagesService } from './book-images.service.ts';

/** The images of a book, for its chapters (document 2, §2.5 "upload image"). Same ownership as the project. */
@ApiTags('projects')
@OptionalAuth()
@Controller('projects')
export class BookImagesController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly images: BookImagesService,
  ) {}

  @Post(':id/images')
  @RateLimited('edits')
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['image'],
      properties: {
        image: { type: 'string', format: 'binary' },
        alt: { type: 'string', maxLength: BOOK_IMAGE_LIMITS.altMax },
        decorative: { type: 'string', enum: ['true', 'false'] },
      },
    },
  })
  @ApiOperation({
    summary: `Upload an image into the book (multipart field "image": PNG or JPEG, at most ${BOOK_IMAGE_LIMITS.maxBytes / 1024 / 1024} MB and ${BOOK_IMAGE_LIMITS.maxSide} pixels a side; "alt", its description, or "decorative": "true"); answers with the Markdown to insert`,
  })
  @UseInterceptors(
    StreamedFilesInterceptor({
      field: 'image',
      maxFiles: 1,
      maxTotalBytes: BOOK_IMAGE_LIMITS.maxBytes,
      tooMany: () => new BadRequestException('Upload one image at a time'),
      tooLarge: () => new PayloadTooLargeException(BookImageMessages.tooLarge),
    }),
  )
  async upload(@UuidOrNotFound(NOT_FOUND) id: string, @UploadedFiles() files: UploadedFile[] | undefined, @Body() dto: UploadBookImageDto, @CurrentUser() user?: AuthUser): Promise<BookImageView> {
    return this.images.upload(await this.projects.owned(id, user), files, dto);
  }

  @Get(':id/images')
  @ApiOperation({ summary: "The book's images, newest first" })
  async list(@UuidOrNotFound(NOT_FOUND) id: string, @CurrentUser() user?: AuthUser): Promise<BookImageView[]> {
    return this.images.list(await this.projects.owned(id, user));
  }

  @Get(':id/images/:imageId')
  @ApiOperation({ summary: "One of the book's images: its bytes, for the book's owner only" })
  async get(@UuidOrNotFound(NOT_FOUND) id: string, @Param('imageId') imageId: string, @Res() res: Response, @CurrentUser() user?: AuthUser): Promise<void> {
    await this.images.send(res, await this.projects.owned(id, user), imageId);
  }
}
