import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, UnprocessableEntityException } from '@nestjs/common';
import type { SourceSummary } from '../../../../libs/contracts/index.ts';
import { ingestSources, SourceValidationError, type UploadedFile } from '../../../../libs/sources/ingest.ts';
import { StorageService } from '../../../../libs/storage/index.ts';

/** A book's source materials: kept in storage with their extracted text, answered with their summary. */
@Injectable()
export class SourcesService {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
  ) {}

  /** Files refused by their checks are a 400 (the upload itself) or a 422 (what they hold), with the checks' words. */
  async process(files: UploadedFile[], userId: string | undefined): Promise<SourceSummary> {
    try {
      return await ingestSources(this.em.fork(), this.storage, files, userId);
    } catch (error) {
      if (error instanceof SourceValidationError) {
        throw error.status === 400 ? new BadRequestException(error.message) : new UnprocessableEntityException(error.message);
      }
      throw error;
    }
  }
}
