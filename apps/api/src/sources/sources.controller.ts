import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Controller, HttpCode, Module, Post, UnprocessableEntityException, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SourceSummary } from '../../../../libs/contracts/index.ts';
import { SOURCE_LIMITS, SourceMessages } from '../../../../libs/sources/extract.ts';
import { ingestSources, SourceValidationError, type UploadedFile } from '../../../../libs/sources/ingest.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import type { AuthUser } from '../auth/auth.types.ts';
import { CurrentUser, OptionalAuth } from '../auth/public.decorator.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { StreamedFilesInterceptor } from './streamed-files.interceptor.ts';

/** Source materials for a book: POST /api/intelligent/process-sources, multipart field "files". */
@ApiTags('sources')
@OptionalAuth()
@Controller('intelligent')
export class SourcesController {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
  ) {}

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
    try {
      return await ingestSources(this.em.fork(), this.storage, files ?? [], user?.id);
    } catch (error) {
      if (error instanceof SourceValidationError) {
        throw error.status === 400 ? new BadRequestException(error.message) : new UnprocessableEntityException(error.message);
      }
      throw error;
    }
  }
}

@Module({ controllers: [SourcesController] })
export class SourcesModule {}
