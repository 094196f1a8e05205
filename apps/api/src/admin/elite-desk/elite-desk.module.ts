import { Module } from '@nestjs/common';
import { BookImagesModule } from '../../book-images/book-images.module.ts';
import { ChaptersModule } from '../../chapters/chapters.module.ts';
import { OwnCoverModule } from '../../own-cover/own-cover.module.ts';
import { EliteDeskController } from './elite-desk.controller.ts';
import { EliteDeskService } from './elite-desk.service.ts';

/** The Elite team's tools on a request's book (issue 31): the chapter editor, the cover upload and the manuscript downloads. */
@Module({ imports: [ChaptersModule, OwnCoverModule, BookImagesModule], controllers: [EliteDeskController], providers: [EliteDeskService] })
export class EliteDeskModule {}
