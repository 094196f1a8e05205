import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, type HttpException, Injectable, NotFoundException, PayloadTooLargeException, UnprocessableEntityException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { Response } from 'express';
import { BookImageError, measureBookImage } from '../../../../libs/book-images/index.ts';
import type { OwnCoverAnswer, OwnCoverView } from '../../../../libs/contracts/index.ts';
import { GeneratorProject } from '../../../../libs/db/index.ts';
import {
  BuildMessages, COVER_IMAGE_LIMITS, coverImageDpi, frontPanelIn, OwnCoverMessages, projectFileKey, trimInches, trimLabel, type CoverUpload,
} from '../../../../libs/domain/index.ts';
import type { UploadedFile } from '../../../../libs/sources/ingest.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import { PackagingService } from '../projects/packaging.service.ts';
import { ownCoverOf } from '../projects/project-files.ts';
import { coverAnswerOf } from '../projects/projects.view.ts';

const REFUSALS: Record<BookImageError['status'], new (message: string) => HttpException> = {
  400: BadRequestException,
  413: PayloadTooLargeException,
  415: UnsupportedMediaTypeException,
  422: UnprocessableEntityException,
};

/**
 * The front cover an author brings: checked by its bytes, kept with the book's files, and wrapped by the cover run in
 * a spine and back of the book's design. The book's cover files are then drawn again (and every print order's cover
 * is derived from them); taking the image away draws the design's own front again.
 */
@Injectable()
export class OwnCoverService {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
    private readonly packaging: PackagingService,
  ) {}

  async upload(project: GeneratorProject, files: UploadedFile[] | undefined): Promise<OwnCoverAnswer> {
    const file = files?.[0];
    if (!file) throw new BadRequestException(OwnCoverMessages.fileRequired);
    if (!project.pdfKey || !project.pageCount) throw new BadRequestException(BuildMessages.pdfFirst);
    let measured;
    try {
      measured = measureBookImage(file.buffer);
    } catch (error) {
      if (error instanceof BookImageError) throw new REFUSALS[error.status](error.message);
      throw error;
    }
    const upload: CoverUpload = {
      kind: 'front',
      key: projectFileKey(project, `cover-front-${randomUUID()}.${measured.extension}`),
      contentType: measured.contentType,
      width: measured.width,
      height: measured.height,
    };
    await this.storage.put(upload.key, file.buffer, upload.contentType, file.size, 'private, no-cache');
    const previous = project.coverUpload ?? null;
    await this.setUpload(project.id, upload);
    try {
      await this.packaging.cover(project, {});
    } catch (error) {
      // A front the cover cannot be drawn with is not kept: the book keeps the cover it had.
      await this.setUpload(project.id, previous);
      await this.storage.delete(upload.key);
      throw error;
    }
    if (previous) await this.storage.delete(previous.key);
    const after = await this.em.fork().findOneOrFail(GeneratorProject, { id: project.id });
    const trim = trimInches(after.trimSize);
    const dpi = coverImageDpi(upload, trim);
    return {
      ...coverAnswerOf(after),
      own_cover: ownCoverOf(after) as OwnCoverView,
      dpi,
      warning: dpi < COVER_IMAGE_LIMITS.printDpi ? OwnCoverMessages.soft(dpi, trimLabel(after.trimSize), frontPanelIn(trim)) : null,
    };
  }

  /** Back to the design's own front: the cover is drawn again without the image, which is then forgotten. */
  async remove(project: GeneratorProject): Promise<void> {
    const upload = project.coverUpload;
    if (!upload) throw new NotFoundException(OwnCoverMessages.none);
    await this.setUpload(project.id, null);
    if (project.coverPdfKey) await this.packaging.cover(project, {});
    await this.storage.delete(upload.key);
  }

  async send(res: Response, project: GeneratorProject): Promise<void> {
    const upload = project.coverUpload;
    const stream = upload && (await this.storage.getStreamIfExists(upload.key));
    if (!upload || !stream) throw new NotFoundException(OwnCoverMessages.none);
    res.set({ 'Content-Type': upload.contentType, 'Content-Disposition': 'inline', 'Cache-Control': 'private, no-cache', 'X-Content-Type-Options': 'nosniff' });
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }

  private async setUpload(projectId: string, upload: CoverUpload | null): Promise<void> {
    await this.em.fork().nativeUpdate(GeneratorProject, { id: projectId }, { coverUpload: upload });
  }
}
