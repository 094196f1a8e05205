import { Module } from '@nestjs/common';
import { BookRequestsController } from './book-requests.controller.ts';
import { BookRequestsService } from './book-requests.service.ts';

@Module({ controllers: [BookRequestsController], providers: [BookRequestsService], exports: [BookRequestsService] })
export class BookRequestsModule {}
