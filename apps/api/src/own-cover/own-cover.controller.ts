import { Controller, Delete, Get, HttpCode, Post, Res, UploadedFiles } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { OwnCoverAnswer } from '../../../../libs/contracts/index.ts';
import { COVER_IMAGE_LIMITS } from '../../../../libs/domain/index.ts';
import type { UploadedFile } from '../../../../libs/sources/ingest.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, OptionalAuth } from '../common/auth.decorators.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { UuidOrNotFound } from '../common/uuid.pipe.ts';
import { NOT_FOUND, ProjectsService } from '../projects/projects.module.ts';
import { CoverUpload } from './cover-upload.ts';
import { OwnCoverService } from './own-cover.service.ts';

/** A book's own cover, uploaded by its author: a front image or a full-wrap PDF. Same ownership as the project. */
@ApiTags('projects')
@OptionalAuth()
@Controller('projects')
export class OwnCoverController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly covers: OwnCoverService,
  ) {}

  @Post(':id/cover-image')
  @CoverUpload(
    `Use your own cover: a PNG or JPEG front, drawn with the spine and back in the book's design (a warning says when it prints under ${COVER_IMAGE_LIMITS.printDpi} dpi), ` +
      'or a one-page full-wrap PDF of the size cover_size gives, used as it is. Print orders derive their covers from it',
  )
  async upload(@UuidOrNotFound(NOT_FOUND) id: string, @UploadedFiles() files: UploadedFile[] | undefined, @CurrentUser() user?: AuthUser): Promise<OwnCoverAnswer> {
    return this.covers.upload(await this.projects.owned(id, user), files);
  }

  @Get(':id/cover-image')
  @ApiOperation({ summary: 'The cover the author uploaded (a front image or a full-wrap PDF)' })
  async get(@UuidOrNotFound(NOT_FOUND) id: string, @Res() res: Response, @CurrentUser() user?: AuthUser): Promise<void> {
    await this.covers.send(res, await this.projects.owned(id, user));
  }

  @Delete(':id/cover-image')
  @RateLimited('generation')
  @HttpCode(204)
  @ApiOperation({ summary: "Stop using your own front cover: the cover is drawn again in the book's design" })
  async remove(@UuidOrNotFound(NOT_FOUND) id: string, @CurrentUser() user?: AuthUser): Promise<void> {
    await this.covers.remove(await this.projects.owned(id, user));
  }
}
