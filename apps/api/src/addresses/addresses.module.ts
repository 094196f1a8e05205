import { Module } from '@nestjs/common';
import { AddressesController } from './addresses.controller.ts';
import { AddressesService } from './addresses.service.ts';

@Module({ controllers: [AddressesController], providers: [AddressesService] })
export class AddressesModule {}
