import { Module } from '@nestjs/common';
import { PrintOrdersModule } from '../print-orders/print-orders.module.ts';
import { EliteAddressController } from './elite-address.controller.ts';
import { EliteAddressService } from './elite-address.service.ts';
import { EliteRequestViewsService } from './elite-request-views.service.ts';
import { EliteRequestsController } from './elite-requests.controller.ts';
import { EliteRequestsService } from './elite-requests.service.ts';
import { EliteWorkflowService } from './elite-workflow.service.ts';

/** What the back office builds its own view and actions on: the author's view, the proof files, the door to the runs. */
export { sendEliteProofFile, type EliteProofFile } from './elite-proof-files.ts';
export { ELITE_VIEW_POPULATE, eliteQuoteView, loadEliteRequestViews, type EliteProofUrls } from './elite-request.view.ts';
export { EliteWorkflowService, type EliteActed } from './elite-workflow.service.ts';
/** Elite project details open their request through it (the Elite purchase's form). */
export { EliteRequestsService } from './elite-requests.service.ts';
/** The author's and the team's corrections of a request's shipping address. */
export { EliteAddressService } from './elite-address.service.ts';

/** The Elite Service's requests: the author's routes, and the door to their workflows the back office shares. */
@Module({
  imports: [PrintOrdersModule],
  controllers: [EliteRequestsController, EliteAddressController],
  providers: [EliteRequestsService, EliteWorkflowService, EliteRequestViewsService, EliteAddressService],
  exports: [EliteRequestsService, EliteWorkflowService, EliteAddressService],
})
export class EliteRequestsModule {}
