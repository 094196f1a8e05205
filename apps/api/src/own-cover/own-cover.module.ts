import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.ts';
import { OwnCoverController } from './own-cover.controller.ts';
import { OwnCoverService } from './own-cover.service.ts';

@Module({ imports: [ProjectsModule], controllers: [OwnCoverController], providers: [OwnCoverService] })
export class OwnCoverModule {}
