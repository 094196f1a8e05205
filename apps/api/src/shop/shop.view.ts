import type { ShopBookSummary, ShopBookView } from '../../../../libs/contracts/index.ts';
import type { BookProject } from '../../../../libs/db/index.ts';
import { SHOP, SHOP_LIMITS } from '../../../../libs/domain/index.ts';
import { projectFile } from '../common/project-files.ts';
import { previewsOf } from '../common/previews.ts';

export const shopBookBase = (id: string) => `/api/shop/books/${id}`;

/** A published book on the catalogue: what a buyer sees, nothing of its owner or its files but the cover. */
export function shopBookSummary(book: BookProject): ShopBookSummary {
  return {
    id: book.id,
    title: book.title,
    author: book.author,
    price: book.shopPrice === null || book.shopPrice === undefined ? SHOP.defaultPrice : Number(book.shopPrice),
    category: book.shopCategory || SHOP.defaultCategory,
    published_at: (book.publishedAt ?? book.updatedAt).toISOString(),
    cover_url: projectFile(book.generatorProject, 'cover-png').key ? `${shopBookBase(book.id)}/cover` : null,
  };
}

/** A published book's page: the summary, its description and facts, and its first pages. */
export function shopBookView(book: BookProject): ShopBookView {
  const project = book.generatorProject;
  return {
    ...shopBookSummary(book),
    description: book.shopDescription || book.bookIdea,
    isbn: book.isbn ?? null,
    page_count: project.pageCount ?? book.pageCount ?? null,
    previews: previewsOf(project, shopBookBase(book.id)).pages.slice(0, SHOP_LIMITS.previewPages),
  };
}
