import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { MANUSCRIPT_DOWNLOAD_FORMATS } from '../../../../libs/domain/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, OptionalAuth } from '../common/auth.decorators.ts';
import { ManuscriptDownloadService, manuscriptFormat } from '../common/manuscript-download.ts';
import { UuidOrNotFound } from '../common/uuid.pipe.ts';
import { NOT_FOUND, ProjectsService } from '../projects/projects.module.ts';

/** The author's manuscript from its current text, as the editor's Download offers it. Same ownership as the project. */
@ApiTags('projects')
@OptionalAuth()
@Controller('projects')
export class ManuscriptDownloadController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly manuscripts: ManuscriptDownloadService,
  ) {}

  @Get(':id/manuscript/:format')
  @ApiOperation({ summary: `The manuscript as it is now (format: ${MANUSCRIPT_DOWNLOAD_FORMATS.join(' or ')}): DOCX of the whole book, or its chapters in Markdown, one "# " heading each` })
  async download(@UuidOrNotFound(NOT_FOUND) id: string, @Param('format') format: string, @Res() res: Response, @CurrentUser() user?: AuthUser): Promise<void> {
    const wanted = manuscriptFormat(format);
    await this.manuscripts.send(res, await this.projects.owned(id, user), wanted);
  }
}
