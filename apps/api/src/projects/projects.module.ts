import { Module } from '@nestjs/common';
import { BookHtmlService } from '../common/book-html.ts';
import { BookProgressFeed } from './book-progress-feed.ts';
import { BookWorkflowService } from './book-workflow.service.ts';
import { IntelligentCoverController } from './intelligent-cover.controller.ts';
import { IntelligentController } from './intelligent.controller.ts';
import { OutlineController } from './outline.controller.ts';
import { OutlineService } from './outline.service.ts';
import { PackagingService } from './packaging.service.ts';
import { ProjectsController } from './projects.controller.ts';
import { ProjectsService } from './projects.service.ts';

/** What other features build on: the caller's project, its packaging runs, and the one door to its `book-<id>` run. */
export { BookWorkflowService } from './book-workflow.service.ts';
export { PackagingService } from './packaging.service.ts';
export { NOT_FOUND, ProjectsService } from './projects.service.ts';
export { coverAnswerOf, coverSizeOf } from './projects.view.ts';

@Module({
  controllers: [ProjectsController, OutlineController, IntelligentController, IntelligentCoverController],
  providers: [ProjectsService, BookProgressFeed, BookWorkflowService, PackagingService, OutlineService, BookHtmlService],
  exports: [ProjectsService, BookWorkflowService, PackagingService, BookHtmlService],
})
export class ProjectsModule {}
