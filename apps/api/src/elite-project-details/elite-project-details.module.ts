import { Module } from '@nestjs/common';
import { EliteRequestsModule } from '../elite-requests/elite-requests.module.ts';
import { EliteProjectDetailsController } from './elite-project-details.controller.ts';
import { EliteProjectDetailsService } from './elite-project-details.service.ts';

@Module({ imports: [EliteRequestsModule], controllers: [EliteProjectDetailsController], providers: [EliteProjectDetailsService] })
export class EliteProjectDetailsModule {}
