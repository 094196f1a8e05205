import { Module } from '@nestjs/common';
import { IntelligentCoverController } from './intelligent-cover.controller.ts';
import { IntelligentController } from './intelligent.controller.ts';
import { PackagingService } from './packaging.service.ts';
import { ProjectsController } from './projects.controller.ts';
import { ProjectsService } from './projects.service.ts';

@Module({ controllers: [ProjectsController, IntelligentController, IntelligentCoverController], providers: [ProjectsService, PackagingService], exports: [ProjectsService, PackagingService] })
export class ProjectsModule {}
