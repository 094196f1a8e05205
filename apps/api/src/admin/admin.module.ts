import { Module } from '@nestjs/common';
import { BookRequestsModule } from '../book-requests/book-requests.module.ts';
import { AdminBookRequestsController } from './admin-book-requests.controller.ts';
import { AdminPaymentsController } from './admin-payments.controller.ts';
import { AdminPrintOrdersController } from './admin-print-orders.controller.ts';
import { AdminUsersController } from './admin-users.controller.ts';

@Module({ imports: [BookRequestsModule], controllers: [AdminUsersController, AdminPaymentsController, AdminBookRequestsController, AdminPrintOrdersController] })
export class AdminModule {}
