import { BadRequestException, Controller, HttpCode, Post, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SourceSummary } from '../../../../libs/contracts/index.ts';
import { SOURCE_LIMITS, SourceMessages } from '../../../../libs/sources/extract.ts';
import type { UploadedFile } from '../../../../libs/sources/ingest.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, OptionalAuth } from '../common/auth.decorators.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { SourcesService } from './sources.service.ts';
import { StreamedFilesInterceptor } from '../common/streamed-files.interceptor.ts';

/** Source materials for a book: POST /api/intelligent/process-sources, multipart field "files". */
@ApiTags('sources')
@OptionalAuth()
@Controller('intelligent')
export class SourcesController {
  constructor(private readonly sources: SourcesService) {}

  @Post('process-sources')
  @RateLimited('files')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Upload up to 5 files (.md, .txt, .docx, .pdf; 10 MB in total); answers with their summary and an id for source_materials' })
  @UseInterceptors(
    StreamedFilesInterceptor({
      field: 'files',
      ...SOURCE_LIMITS,
      tooMany: () => new BadRequestException(SourceMessages.tooMany),
      tooLarge: () => new BadRequestException(SourceMessages.tooLarge),
    }),
  )
  async process(@UploadedFiles() files: UploadedFile[] | undefined, @CurrentUser() user?: AuthUser): Promise<SourceSummary> {
    return this.sources.process(files ?? [], user?.id);
  }
}
