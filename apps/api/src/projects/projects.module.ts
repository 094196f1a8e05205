import { Module } from '@nestjs/common';
import { BookHtmlService } from '../chapters/book-html.ts';
import { IntelligentCoverController } from './intelligent-cover.controller.ts';
import { IntelligentController } from './intelligent.controller.ts';
import { OutlineController } from './outline.controller.ts';
import { OutlineService } from './outline.service.ts';
import { PackagingService } from './packaging.service.ts';
import { ProjectsController } from './projects.controller.ts';
import { ProjectsService } from './projects.service.ts';

@Module({ controllers: [ProjectsController, OutlineController, IntelligentController, IntelligentCoverController], providers: [ProjectsService, PackagingService, OutlineService, BookHtmlService], exports: [ProjectsService, PackagingService, BookHtmlService] })
export class ProjectsModule {}
