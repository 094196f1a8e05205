import { Module } from '@nestjs/common';
import { ShopModule } from '../shop/shop.module.ts';
import { ShopPagesController } from './shop-pages.controller.ts';
import { ShopPagesService } from './shop-pages.service.ts';

/** The portal's paths these pages answer, outside the /api prefix (app.ts); the portal's server forwards them here. */
@Module({ imports: [ShopModule], controllers: [ShopPagesController], providers: [ShopPagesService] })
export class ShopPagesModule {}
