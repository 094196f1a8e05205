import { Module } from '@nestjs/common';
import { SourcesController } from './sources.controller.ts';
import { SourcesService } from './sources.service.ts';

@Module({ controllers: [SourcesController], providers: [SourcesService] })
export class SourcesModule {}
