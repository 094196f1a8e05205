import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.ts';
import { ChaptersController } from './chapters.controller.ts';
import { ChaptersService } from './chapters.service.ts';

@Module({ imports: [ProjectsModule], controllers: [ChaptersController], providers: [ChaptersService] })
export class ChaptersModule {}
