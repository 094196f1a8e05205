import { Module } from '@nestjs/common';
import { EliteRequestViewsService } from './elite-request-views.service.ts';
import { EliteRequestsController } from './elite-requests.controller.ts';
import { EliteRequestsService } from './elite-requests.service.ts';
import { EliteWorkflowService } from './elite-workflow.service.ts';

/** What the back office builds its own view and actions on: the author's view, the proof files, the door to the runs. */
export { sendEliteProofFile, type EliteProofFile } from './elite-proof-files.ts';
export { ELITE_VIEW_POPULATE, eliteQuoteView, loadEliteRequestViews, type EliteProofUrls } from './elite-request.view.ts';
export { EliteWorkflowService } from './elite-workflow.service.ts';
/** Elite project details open their request through it (the Elite purchase's form). */
export { EliteRequestsService } from './elite-requests.service.ts';

/** The Elite Service's requests: the author's routes, and the door to their workflows the back office shares. */
@Module({
  controllers: [EliteRequestsController],
  providers: [EliteRequestsService, EliteWorkflowService, EliteRequestViewsService],
  exports: [EliteRequestsService, EliteWorkflowService],
})
export class EliteRequestsModule {}
