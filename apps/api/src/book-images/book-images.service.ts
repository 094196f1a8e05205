import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import type { Response } from 'express';
import { BookImageError, bookImageAlt, bookImageFilename, measureBookImage } from '../../../../libs/book-images/index.ts';
import type { BookImageView } from '../../../../libs/contracts/index.ts';
import { BookImage, GeneratorProject } from '../../../../libs/db/index.ts';
import { BOOK_IMAGE_LIMITS, BOOK_IMAGE_TYPES, bookImageKey, bookImageMarkdown, bookImagePath, BookImageMessages, isUuid } from '../../../../libs/domain/index.ts';
import type { UploadedFile } from '../../../../libs/sources/ingest.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import { bookImageRefusal } from '../common/book-image-refusal.ts';

/** Ids never change their bytes: a browser may keep an image as long as it likes (only its owner's browser gets it). */
const IMMUTABLE = 'private, max-age=31536000, immutable';

const bookImageView = (image: BookImage, alt = ''): BookImageView => {
  const ref = { id: image.id, extension: BOOK_IMAGE_TYPES[image.contentType] };
  return {
    id: image.id,
    path: bookImagePath(ref),
    markdown: bookImageMarkdown(ref, alt),
    filename: image.filename,
    content_type: image.contentType,
    size: image.size,
    width: image.width,
    height: image.height,
    url: `/api/projects/${image.project.id}/images/${image.id}`,
    created_at: image.createdAt.toISOString(),
  };
};

/** The images of a book (document 2, §2.5 "upload image"): checked on the way in, kept in MinIO with the book's files. */
@Injectable()
export class BookImagesService {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
  ) {}

  /** Stores an image with its description, which the author gives or declines (a decorative image); none is made up. */
  async upload(project: GeneratorProject, files: UploadedFile[] | undefined, { alt, decorative }: { alt?: string; decorative?: 'true' | 'false' }): Promise<BookImageView> {
    const file = files?.[0];
    if (!file) throw new BadRequestException(BookImageMessages.fileRequired);
    let measured;
    try {
      measured = await measureBookImage(file.buffer);
    } catch (error) {
      if (error instanceof BookImageError) throw bookImageRefusal(error);
      throw error;
    }
    const description = decorative === 'true' ? '' : bookImageAlt(alt);
    if (!description && decorative !== 'true') throw new UnprocessableEntityException(BookImageMessages.altRequired);
    if ((await this.em.fork().count(BookImage, { project: project.id })) >= BOOK_IMAGE_LIMITS.perBook) throw new UnprocessableEntityException(BookImageMessages.tooMany);

    const id = randomUUID();
    const key = bookImageKey(project, { id, extension: measured.extension });
    await this.storage.put(key, file.buffer, measured.contentType, file.size, IMMUTABLE);
    try {
      const image = await this.em.fork().transactional(async (tx) => {
        // Under the project's lock, so that uploads at the same time cannot pass the limit together.
        await tx.findOneOrFail(GeneratorProject, { id: project.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if ((await tx.count(BookImage, { project: project.id })) >= BOOK_IMAGE_LIMITS.perBook) throw new UnprocessableEntityException(BookImageMessages.tooMany);
        return tx.create(BookImage, {
          id,
          project: tx.getReference(GeneratorProject, project.id),
          key,
          contentType: measured.contentType,
          filename: bookImageFilename(file.originalname),
          size: file.size,
          width: measured.width,
          height: measured.height,
          createdAt: new Date(),
        });
      });
      return bookImageView(image, description);
    } catch (error) {
      await this.storage.delete(key);
      throw error;
    }
  }

  async list(project: GeneratorProject): Promise<BookImageView[]> {
    const images = await this.em.fork().find(BookImage, { project: project.id }, { orderBy: { createdAt: 'desc', id: 'asc' } });
    return images.map((image) => bookImageView(image));
  }

  /** Streams the image's bytes, typed by what was measured on the way in and never sniffed again by the browser. */
  async send(res: Response, project: GeneratorProject, imageId: string): Promise<void> {
    const image = isUuid(imageId) ? await this.em.fork().findOne(BookImage, { id: imageId.toLowerCase(), project: project.id }) : null;
    const stream = image && (await this.storage.getStreamIfExists(image.key));
    if (!image || !stream) throw new NotFoundException(BookImageMessages.notFound);
    res.set({
      'Content-Type': image.contentType,
      'Content-Length': String(image.size),
      'Content-Disposition': 'inline',
      'Cache-Control': IMMUTABLE,
      'X-Content-Type-Options': 'nosniff',
    });
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }
}
