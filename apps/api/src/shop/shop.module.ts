import { Module } from '@nestjs/common';
import { ShopController } from './shop.controller.ts';
import { ShopService } from './shop.service.ts';

@Module({ controllers: [ShopController], providers: [ShopService] })
export class ShopModule {}
