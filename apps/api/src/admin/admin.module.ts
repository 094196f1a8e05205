import { Module } from '@nestjs/common';
import { BookRequestsModule } from '../book-requests/book-requests.module.ts';
import { EliteRequestsModule } from '../elite-requests/elite-requests.module.ts';
import { PrintOrdersModule } from '../print-orders/print-orders.module.ts';
import { AdminBookRequestsController } from './book-requests/admin-book-requests.controller.ts';
import { AdminBookRequestsService } from './book-requests/admin-book-requests.service.ts';
import { AdminBooksController } from './books/admin-books.controller.ts';
import { AdminBooksService } from './books/admin-books.service.ts';
import { AdminEliteRequestsController } from './elite-requests/admin-elite-requests.controller.ts';
import { AdminEliteAddressController } from './elite-requests/admin-elite-address.controller.ts';
import { AdminEliteRequestsService } from './elite-requests/admin-elite-requests.service.ts';
import { AdminPaymentsController } from './payments/admin-payments.controller.ts';
import { AdminPaymentsService } from './payments/admin-payments.service.ts';
import { AdminPrintOrdersController } from './print-orders/admin-print-orders.controller.ts';
import { AdminPrintOrdersService } from './print-orders/admin-print-orders.service.ts';
import { AdminSalesController } from './sales/admin-sales.controller.ts';
import { AdminSalesService } from './sales/admin-sales.service.ts';
import { AdminStatsController } from './stats/admin-stats.controller.ts';
import { AdminStatsService } from './stats/admin-stats.service.ts';
import { AdminUsersController } from './users/admin-users.controller.ts';
import { AdminUsersService } from './users/admin-users.service.ts';
import { TeamNamesService } from './team-profile/team-names.service.ts';
import { TeamProfileController } from './team-profile/team-profile.controller.ts';

/** The back office's API: each resource a thin controller over its service. */
@Module({
  imports: [BookRequestsModule, EliteRequestsModule, PrintOrdersModule],
  controllers: [AdminUsersController, AdminPaymentsController, AdminBookRequestsController, AdminPrintOrdersController, AdminEliteRequestsController, AdminEliteAddressController, AdminBooksController, AdminStatsController, AdminSalesController, TeamProfileController],
  providers: [AdminUsersService, AdminPaymentsService, AdminBookRequestsService, AdminPrintOrdersService, AdminEliteRequestsService, AdminBooksService, AdminStatsService, AdminSalesService, TeamNamesService],
})
export class AdminModule {}
