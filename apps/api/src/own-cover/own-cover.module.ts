import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.ts';
import { OwnCoverController } from './own-cover.controller.ts';
import { OwnCoverService } from './own-cover.service.ts';

/** What other features build on: a book's own cover, checked by the cover rules and drawn into the book's cover. */
export { OwnCoverService } from './own-cover.service.ts';
export { CoverUpload } from './cover-upload.ts';

@Module({ imports: [ProjectsModule], controllers: [OwnCoverController], providers: [OwnCoverService], exports: [OwnCoverService] })
export class OwnCoverModule {}
