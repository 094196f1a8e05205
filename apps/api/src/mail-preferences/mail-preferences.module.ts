import { Module } from '@nestjs/common';
import { MailPreferencesController } from './mail-preferences.controller.ts';
import { MailPreferencesService } from './mail-preferences.service.ts';

@Module({ controllers: [MailPreferencesController], providers: [MailPreferencesService] })
export class MailPreferencesModule {}
