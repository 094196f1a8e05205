import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.ts';
import { BookImagesController } from './book-images.controller.ts';
import { BookImagesService } from './book-images.service.ts';

@Module({ imports: [ProjectsModule], controllers: [BookImagesController], providers: [BookImagesService] })
export class BookImagesModule {}
