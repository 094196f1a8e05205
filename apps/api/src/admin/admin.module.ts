import { Module } from '@nestjs/common';
import { BookRequestsModule } from '../book-requests/book-requests.module.ts';
import { EliteRequestsModule } from '../elite-requests/elite-requests.module.ts';
import { AdminBookRequestsController } from './admin-book-requests.controller.ts';
import { AdminBooksController } from './admin-books.controller.ts';
import { AdminEliteRequestsController } from './admin-elite-requests.controller.ts';
import { AdminEliteRequestsService } from './admin-elite-requests.service.ts';
import { AdminPaymentsController } from './admin-payments.controller.ts';
import { AdminPrintOrdersController } from './admin-print-orders.controller.ts';
import { AdminStatsController } from './admin-stats.controller.ts';
import { AdminUsersController } from './admin-users.controller.ts';

@Module({
  imports: [BookRequestsModule, EliteRequestsModule],
  controllers: [AdminUsersController, AdminPaymentsController, AdminBookRequestsController, AdminPrintOrdersController, AdminEliteRequestsController, AdminBooksController, AdminStatsController],
  providers: [AdminEliteRequestsService],
})
export class AdminModule {}
