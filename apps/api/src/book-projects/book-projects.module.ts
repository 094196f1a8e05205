import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.ts';
import { BookProjectsController } from './book-projects.controller.ts';
import { BookProjectsService } from './book-projects.service.ts';

@Module({ imports: [ProjectsModule], controllers: [BookProjectsController], providers: [BookProjectsService] })
export class BookProjectsModule {}
