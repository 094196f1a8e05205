import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { BookProject } from '../../../../libs/db/index.ts';
import { isShopCategory, SHOP_LIMITS, ShopMessages } from '../../../../libs/domain/index.ts';
import { ilikePattern } from '../common/ilike.ts';
import type { ShopBooksQueryDto } from './shop.dto.ts';

/** What the shop shows: a finished book while its author keeps it published. */
const ON_SALE = { publishedToShop: true, status: 'complete' } as const;

/** The public shop: reads only, and only books on sale; anything else is not found, whatever the reason. */
@Injectable()
export class ShopService {
  constructor(private readonly em: EntityManager) {}

  /** One page of the catalogue, newest publication first. */
  async list(query: ShopBooksQueryDto): Promise<{ books: BookProject[]; total: number; page: number }> {
    const where: FilterQuery<BookProject> = { ...ON_SALE };
    if (query.category) {
      if (!isShopCategory(query.category)) throw new UnprocessableEntityException({ message: ShopMessages.invalidCategory, details: [{ field: 'category', messages: [ShopMessages.invalidCategory] }] });
      where.shopCategory = query.category;
    }
    const like = ilikePattern(query.q);
    if (like) where.$or = [{ title: { $ilike: like } }, { author: { $ilike: like } }];
    const page = query.page ?? 1;
    const [books, total] = await this.em.fork().findAndCount(BookProject, where, {
      populate: ['generatorProject'],
      orderBy: { publishedAt: 'desc', id: 'asc' },
      limit: SHOP_LIMITS.pageSize,
      offset: (page - 1) * SHOP_LIMITS.pageSize,
    });
    return { books, total, page };
  }

  /** Every book on sale and when it last changed: the sitemap's list. */
  async allOnSale(): Promise<{ id: string; lastmod: Date }[]> {
    const books = await this.em.fork().find(BookProject, ON_SALE, { fields: ['id', 'updatedAt'], orderBy: { publishedAt: 'desc', id: 'asc' } });
    return books.map((book) => ({ id: book.id, lastmod: book.updatedAt }));
  }

  /** A book on sale (a malformed id is refused at the route). */
  async onSale(id: string): Promise<BookProject> {
    const book = await this.em.fork().findOne(BookProject, { id, ...ON_SALE }, { populate: ['generatorProject'] });
    if (!book) throw new NotFoundException(ShopMessages.notFound);
    return book;
  }
}
