import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.ts';
import { BookImagesController } from './book-images.controller.ts';
import { BookImagesService } from './book-images.service.ts';

/** What other features build on: a book's images, listed and served. */
export { BookImagesService } from './book-images.service.ts';
export { BookImageUpload } from './book-image-upload.ts';
export { UploadBookImageDto } from './book-images.dto.ts';

@Module({ imports: [ProjectsModule], controllers: [BookImagesController], providers: [BookImagesService], exports: [BookImagesService] })
export class BookImagesModule {}
