import { Controller, Get, NotFoundException, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { ShopBookList, ShopBookView } from '../../../../libs/contracts/index.ts';
import { SHOP_LIMITS, ShopMessages } from '../../../../libs/domain/index.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import { Public } from '../common/auth.decorators.ts';
import { UuidOrNotFound } from '../common/uuid.pipe.ts';
import { sendPreview } from '../common/previews.ts';
import { sendProjectFile } from '../common/project-files.ts';
import { ShopBooksQueryDto } from './shop.dto.ts';
import { ShopService } from './shop.service.ts';
import { shopBookSummary, shopBookView } from './shop.view.ts';

/** The public shop (spec 3, 2.2): published books, their covers and first pages; never a book's PDF or text. */
@ApiTags('shop')
@Public()
@Controller('shop/books')
export class ShopController {
  constructor(
    private readonly shop: ShopService,
    private readonly storage: StorageService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Published books, newest first, 24 a page; by category and by a search over title and author' })
  async list(@Query() query: ShopBooksQueryDto): Promise<ShopBookList> {
    const { books, total, page } = await this.shop.list(query);
    return { books: books.map(shopBookSummary), page, page_size: SHOP_LIMITS.pageSize, total };
  }

  @Get(':id')
  @ApiOperation({ summary: "A published book's page" })
  async get(@UuidOrNotFound(ShopMessages.notFound) id: string): Promise<ShopBookView> {
    return shopBookView(await this.shop.onSale(id));
  }

  @Get(':id/cover')
  @ApiOperation({ summary: "A published book's front cover (PNG)" })
  async cover(@UuidOrNotFound(ShopMessages.notFound) id: string, @Res() res: Response): Promise<void> {
    const book = await this.shop.onSale(id);
    await sendProjectFile(res, this.storage, book.generatorProject, 'cover-png', true);
  }

  @Get(':id/preview/:page')
  @ApiOperation({ summary: `One of a published book's first ${SHOP_LIMITS.previewPages} page previews (PNG)` })
  async preview(@UuidOrNotFound(ShopMessages.notFound) id: string, @Param('page') page: string, @Res() res: Response): Promise<void> {
    const book = await this.shop.onSale(id);
    const n = Number(page);
    if (!Number.isInteger(n) || n < 1 || n > SHOP_LIMITS.previewPages) throw new NotFoundException(ShopMessages.notFound);
    await sendPreview(res, this.storage, book.generatorProject, page);
  }
}
