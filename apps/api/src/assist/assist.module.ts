import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.ts';
import { AssistController } from './assist.controller.ts';
import { AssistService } from './assist.service.ts';

@Module({ imports: [ProjectsModule], controllers: [AssistController], providers: [AssistService] })
export class AssistModule {}
