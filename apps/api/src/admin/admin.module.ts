import { Module } from '@nestjs/common';
import { AdminUsersController } from './admin-users.controller.ts';

@Module({ controllers: [AdminUsersController] })
export class AdminModule {}
