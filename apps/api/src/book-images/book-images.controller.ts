import { Body, Controller, Get, Param, Post, Res, UploadedFiles } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { BookImageView } from '../../../../libs/contracts/index.ts';
import type { UploadedFile } from '../../../../libs/sources/ingest.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, OptionalAuth } from '../common/auth.decorators.ts';
import { UuidOrNotFound } from '../common/uuid.pipe.ts';
import { NOT_FOUND, ProjectsService } from '../projects/projects.module.ts';
import { BookImageUpload } from './book-image-upload.ts';
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
  @BookImageUpload("The author's editor")
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
