import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import type { Response } from 'express';
import { BookImageError, measureBookImage } from '../../../../libs/book-images/index.ts';
import type { OwnCoverAnswer, OwnCoverView } from '../../../../libs/contracts/index.ts';
import { GeneratorProject } from '../../../../libs/db/index.ts';
import {
  BuildMessages, COVER_IMAGE_LIMITS, coverImageDpi, frontPanelIn, OwnCoverMessages, projectFileKey, trimInches, trimLabel, wrapMismatch, type CoverUpload,
} from '../../../../libs/domain/index.ts';
import { POINTS_PER_INCH } from '../../../../libs/print/cover.ts';
import { pdfFactsOf, PreflightMessages } from '../../../../libs/print/preflight.ts';
import { bookCoverGeometry } from '../../../../libs/render/book-cover.ts';
import type { UploadedFile } from '../../../../libs/sources/ingest.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import { bookImageRefusal } from '../common/book-image-refusal.ts';
import { ownCoverOf } from '../common/project-files.ts';
import { coverAnswerOf, PackagingService } from '../projects/projects.module.ts';

const PDF_MAGIC = Buffer.from('%PDF-');

/**
 * The cover an author brings, checked by its bytes and kept with the book's files: a front image, which the cover
 * run wraps in a spine and back of the book's design, or a full-wrap PDF of exactly the size the book's cover must be.
 * The book's cover files are then drawn again (and every print order's cover is derived from them); taking it away
 * draws the design's own front again.
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
    const upload = file.buffer.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC) ? await this.wrapOf(project, file.buffer) : await this.frontOf(project, file.buffer);
    await this.storage.put(upload.key, file.buffer, typeOf(upload), file.size, 'private, no-cache');
    const previous = project.coverUpload ?? null;
    await this.setUpload(project.id, upload);
    try {
      await this.packaging.cover(project, {});
    } catch (error) {
      // A cover that cannot be drawn with it is not kept: the book keeps the cover it had.
      await this.setUpload(project.id, previous);
      await this.storage.delete(upload.key);
      throw error;
    }
    if (previous) await this.storage.delete(previous.key);
    const after = await this.em.fork().findOneOrFail(GeneratorProject, { id: project.id });
    const trim = trimInches(after.trimSize);
    const dpi = upload.kind === 'front' ? coverImageDpi(upload, trim) : null;
    return {
      ...coverAnswerOf(after),
      own_cover: ownCoverOf(after) as OwnCoverView,
      dpi,
      warning: dpi !== null && dpi < COVER_IMAGE_LIMITS.printDpi ? OwnCoverMessages.soft(dpi, trimLabel(after.trimSize), frontPanelIn(trim)) : null,
    };
  }

  /** Back to the design's own front: the cover is drawn again without the upload, which is then forgotten. */
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
    res.set({ 'Content-Type': typeOf(upload), 'Content-Disposition': 'inline', 'Cache-Control': 'private, no-cache', 'X-Content-Type-Options': 'nosniff' });
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }

  /** A PNG or JPEG front, measured from its bytes (anything else is refused as no cover). */
  private async frontOf(project: GeneratorProject, bytes: Buffer): Promise<CoverUpload> {
    try {
      const measured = await measureBookImage(bytes);
      return { kind: 'front', key: projectFileKey(project, `cover-front-${randomUUID()}.${measured.extension}`), contentType: measured.contentType, width: measured.width, height: measured.height };
    } catch (error) {
      if (!(error instanceof BookImageError)) throw error;
      throw bookImageRefusal(error, error.status === 415 ? OwnCoverMessages.notCover : error.message);
    }
  }

  /** A full-wrap PDF: one page, every font embedded, exactly the size of the book's cover (preflight's rules, read by poppler off the event loop). */
  private async wrapOf(project: GeneratorProject, bytes: Buffer): Promise<CoverUpload> {
    const facts = await pdfFactsOf(bytes);
    if (!facts) throw new UnprocessableEntityException(PreflightMessages.coverUnreadable);
    if (facts.pages !== 1) throw new UnprocessableEntityException(PreflightMessages.coverPages(facts.pages));
    const loose = [...new Set(facts.fonts.filter((f) => !f.embedded).map((f) => f.name || f.type))];
    if (loose.length) throw new UnprocessableEntityException(PreflightMessages.fontsNotEmbedded('cover', loose));
    const page = facts.pageSizes[0] as { width: number; height: number };
    const size = { widthIn: page.width / POINTS_PER_INCH, heightIn: page.height / POINTS_PER_INCH };
    const mismatch = wrapMismatch(size, bookCoverGeometry(project) as NonNullable<ReturnType<typeof bookCoverGeometry>>);
    if (mismatch) throw new UnprocessableEntityException(mismatch);
    return { kind: 'wrap', key: projectFileKey(project, `cover-wrap-${randomUUID()}.pdf`), ...size };
  }

  private async setUpload(projectId: string, upload: CoverUpload | null): Promise<void> {
    await this.em.fork().nativeUpdate(GeneratorProject, { id: projectId }, { coverUpload: upload });
  }
}

const typeOf = (upload: CoverUpload) => (upload.kind === 'front' ? upload.contentType : 'application/pdf');
