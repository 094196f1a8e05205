import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Controller, HttpCode, Module, Post, UnprocessableEntityException, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ingestSources, SourceValidationError, type UploadedFile } from '../../../../activities/sources/ingest.ts';
import type { SourceSummary } from '../../../../libs/domain/index.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import type { AuthUser } from '../auth/auth.types.ts';
import { CurrentUser, OptionalAuth } from '../auth/public.decorator.ts';

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
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Upload up to 5 files (.md, .txt, .docx, .pdf; 10 MB in total); answers with their summary and an id for source_materials' })
  // Multer's own limit only guards memory; the product's limits (5 files, 10 MB in total) are checked with their messages below.
  @UseInterceptors(FilesInterceptor('files', 20, { limits: { fileSize: 50 * 1024 * 1024, files: 20 } }))
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
