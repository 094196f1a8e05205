import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/auth.decorators.ts';
import type { RenderedPage } from './shop-pages.render.ts';
import { ShopPagesService } from './shop-pages.service.ts';

const send = (res: Response, page: RenderedPage) => {
  res.status(page.status).type('html').setHeader('Cache-Control', 'public, max-age=60');
  if (page.status === 404) res.setHeader('X-Robots-Tag', 'noindex');
  res.send(page.html);
};

/**
 * The shop's pages for crawlers and link previews (HTML without JavaScript), the sitemap and robots.txt, under
 * /api/pages: the portal's server forwards its own /shop, /shop/{id}, /sitemap.xml and /robots.txt here
 * (portal/vite.config.ts), so nothing the API serves leaves /api.
 */
@ApiExcludeController()
@Public()
@Controller('pages')
export class ShopPagesController {
  constructor(private readonly pages: ShopPagesService) {}

  @Get('shop')
  async catalogue(@Res() res: Response): Promise<void> {
    send(res, await this.pages.cataloguePage());
  }

  @Get('shop/:id')
  async book(@Param('id') id: string, @Res() res: Response): Promise<void> {
    send(res, await this.pages.bookPage(id));
  }

  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  sitemap(): Promise<string> {
    return this.pages.sitemap();
  }

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  robots(): string {
    return this.pages.robots();
  }
}
