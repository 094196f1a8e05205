import type { ShopBookSummary, ShopBookView, ShopEditionView } from '../../../../libs/contracts/index.ts';
import type { BookProject } from '../../../../libs/db/index.ts';
import { BOOK_FILES, EBOOK_FORMATS, PRINT_CURRENCY, SHOP, SHOP_LIMITS, type EbookFormat } from '../../../../libs/domain/index.ts';
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
    editions: editionsOf(book),
  };
}

/** The formats of the book's files an e-book sale copies: those built. */
export const ebookFormatsOf = (book: BookProject): EbookFormat[] => EBOOK_FORMATS.filter((format) => Boolean(book.generatorProject[BOOK_FILES[format].keyColumn]));

/** Where each e-book format of the book is stored now. */
export const ebookFileKeyOf = (book: BookProject, format: EbookFormat): string | null => book.generatorProject[BOOK_FILES[format].keyColumn] ?? null;

/** What the book sells: the e-book (its price, its formats), and printed copies when the author set a print price and the interior is built. */
export function editionsOf(book: BookProject): ShopEditionView[] {
  const project = book.generatorProject;
  const editions: ShopEditionView[] = [{ kind: 'ebook', price: shopBookSummary(book).price, currency: PRINT_CURRENCY, formats: ebookFormatsOf(book) }];
  if (book.shopPrintPrice !== null && book.shopPrintPrice !== undefined && project.pdfKey) {
    editions.push({ kind: 'print', price: Number(book.shopPrintPrice), currency: PRINT_CURRENCY, formats: [], trim_size: project.trimSize, page_count: project.pageCount ?? book.pageCount ?? null });
  }
  return editions;
}
