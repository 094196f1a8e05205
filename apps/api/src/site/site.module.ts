import { Module } from '@nestjs/common';
import { SiteController } from './site.controller.ts';

@Module({ controllers: [SiteController] })
export class SiteModule {}
