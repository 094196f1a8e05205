import { Module } from '@nestjs/common';
import { EliteRequestsModule } from '../elite-requests/elite-requests.module.ts';
import { EliteController } from './elite.controller.ts';
import { EliteService } from './elite.service.ts';

@Module({ imports: [EliteRequestsModule], controllers: [EliteController], providers: [EliteService] })
export class EliteModule {}
