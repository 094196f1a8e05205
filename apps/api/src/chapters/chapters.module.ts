import { Module } from '@nestjs/common';
import { ManuscriptDownloadService } from '../common/manuscript-download.ts';
import { ProjectsModule } from '../projects/projects.module.ts';
import { ChaptersController } from './chapters.controller.ts';
import { ChaptersService } from './chapters.service.ts';
import { ManuscriptDownloadController } from './manuscript-download.controller.ts';

/** What other features build on: the one service that reads and writes a book's chapters and their versions. */
export { chapterNumber, ChaptersService, removedKey } from './chapters.service.ts';
export { CompareVersionsDto, RestoreVersionDto, UpdateChapterDto } from './chapters.dto.ts';

@Module({
  imports: [ProjectsModule],
  controllers: [ChaptersController, ManuscriptDownloadController],
  providers: [ChaptersService, ManuscriptDownloadService],
  exports: [ChaptersService, ManuscriptDownloadService],
})
export class ChaptersModule {}
