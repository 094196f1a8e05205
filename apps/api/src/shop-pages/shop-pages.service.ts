import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Config } from '../../../../libs/config/index.ts';
import { isUuid } from '../../../../libs/domain/index.ts';
import { CONFIG } from '../config/config.module.ts';
import { ShopService, shopBookSummary, shopBookView } from '../shop/shop.module.ts';
import { portalShell } from './portal-shell.ts';
import { renderBookPage, renderCataloguePage, renderNotFoundPage, renderRobots, renderSitemap, type RenderedPage } from './shop-pages.render.ts';

/** The shop's crawlable pages, built from what the public shop shows (ShopService) and nothing more. */
@Injectable()
export class ShopPagesService {
  constructor(
    private readonly shop: ShopService,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async bookPage(id: string): Promise<RenderedPage> {
    const shell = await portalShell();
    const book = isUuid(id) ? await this.shop.onSale(id).catch((error: unknown) => (error instanceof NotFoundException ? null : Promise.reject(error))) : null;
    if (!book) return renderNotFoundPage(shell);
    return renderBookPage(shell, { ...shopBookView(book), language: book.generatorProject.language }, this.config.PORTAL_URL);
  }

  async cataloguePage(): Promise<RenderedPage> {
    const [shell, { books }] = await Promise.all([portalShell(), this.shop.list({})]);
    return renderCataloguePage(shell, books.map(shopBookSummary), this.config.PORTAL_URL);
  }

  async sitemap(): Promise<string> {
    return renderSitemap(await this.shop.allOnSale(), this.config.PORTAL_URL);
  }

  robots(): string {
    return renderRobots(this.config.PORTAL_URL);
  }
}
