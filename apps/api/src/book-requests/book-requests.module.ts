import { Module } from '@nestjs/common';
import { BookRequestWorkflowService } from './book-request-workflow.service.ts';
import { BookRequestsController } from './book-requests.controller.ts';
import { BookRequestsService } from './book-requests.service.ts';

/** What the back office builds its list and status changes on: the requests' service and their admin view. */
export { BookRequestsService } from './book-requests.service.ts';
export { toBookRequestAdminView } from './book-requests.view.ts';

@Module({ controllers: [BookRequestsController], providers: [BookRequestsService, BookRequestWorkflowService], exports: [BookRequestsService] })
export class BookRequestsModule {}
