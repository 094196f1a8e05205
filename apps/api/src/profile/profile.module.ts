import { Module } from '@nestjs/common';
import { ProfileController } from './profile.controller.ts';
import { ProfileService } from './profile.service.ts';

/** A profile as the back office's list of users shows it. */
export { toProfileView, type ProfileView } from './profile.view.ts';

@Module({ controllers: [ProfileController], providers: [ProfileService] })
export class ProfileModule {}
