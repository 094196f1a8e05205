import { Module } from '@nestjs/common';
import { IntelligentController } from './intelligent.controller.ts';
import { ProjectsController } from './projects.controller.ts';
import { ProjectsService } from './projects.service.ts';

@Module({ controllers: [ProjectsController, IntelligentController], providers: [ProjectsService] })
export class ProjectsModule {}
