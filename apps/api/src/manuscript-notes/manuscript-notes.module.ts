import { Module } from '@nestjs/common';
import { ChaptersModule } from '../chapters/chapters.module.ts';
import { ProjectsModule } from '../projects/projects.module.ts';
import { AuthorNotesController } from './author-notes.controller.ts';
import { ManuscriptNotesService } from './manuscript-notes.service.ts';
import { TeamNotesController } from './team-notes.controller.ts';

/** Comments and suggested changes on a book's chapters: the author's routes and the Elite team's, over one service. */
@Module({ imports: [ProjectsModule, ChaptersModule], controllers: [AuthorNotesController, TeamNotesController], providers: [ManuscriptNotesService] })
export class ManuscriptNotesModule {}
