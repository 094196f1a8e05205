import { Module } from '@nestjs/common';
import { ProfileController } from './profile.controller.ts';

@Module({ controllers: [ProfileController] })
export class ProfileModule {}
