import { Module } from '@nestjs/common';
import { EliteRequestsController } from './elite-requests.controller.ts';
import { EliteRequestsService } from './elite-requests.service.ts';
import { EliteWorkflowService } from './elite-workflow.service.ts';

/** The Elite Service's requests: the author's routes, and the door to their workflows the back office shares. */
@Module({
  controllers: [EliteRequestsController],
  providers: [EliteRequestsService, EliteWorkflowService],
  exports: [EliteRequestsService, EliteWorkflowService],
})
export class EliteRequestsModule {}
