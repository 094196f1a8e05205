import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenException, Injectable, Logger, NotFoundException, ServiceUnavailableException, UnprocessableEntityException } from '@nestjs/common';
import type { Response } from 'express';
import { BookProject, eliteIncludedOrders, type PrintOrder } from '../../../../libs/db/index.ts';
import type { PrintOrderView } from '../../../../libs/contracts/index.ts';
import { DEFAULT_PRINT_PAGE_COUNT, externalIdAt, isUuid, printOrderFileKey, printProduct, productMismatch, PrintMessages, ProjectMessages, type PrintProduct } from '../../../../libs/domain/index.ts';
import { ownWrapMismatch } from '../../../../libs/print/index.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { PrintOrderQueries, PrintOrderWorkflowService, printOrderView } from '../print-orders/print-orders.module.ts';
import { sendObject } from '../common/project-files.ts';
import { shippingAddressOf } from '../common/shipping-address.dto.ts';
import type { CreatePrintOrderDto } from './print.dto.ts';
import type { PrintFiles } from './print-preflight.service.ts';
import { PrintQuoteService } from './print-quote.service.ts';

/**
 * Print orders (§3.6, §7.1): created here as drafts with their price and their own copies of the book's files, then
 * carried by their `print-<id>` workflow (payment, the provider, tracking), which writes every later change to the row.
 * Every query is scoped to the caller: another author's order is simply not found.
 */
@Injectable()
export class PrintOrdersService {
  private readonly logger = new Logger(PrintOrdersService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
    private readonly quotes: PrintQuoteService,
    private readonly orders: PrintOrderQueries,
    private readonly workflow: PrintOrderWorkflowService,
  ) {}

  /** The caller's saved book, if it is one. */
  async book(id: string, user: AuthUser): Promise<BookProject> {
    const book = isUuid(id) ? await this.em.fork().findOne(BookProject, { id, user: user.id }, { populate: ['generatorProject'] }) : null;
    if (!book) throw new NotFoundException(ProjectMessages.notFound);
    return book;
  }

  /** A completed book's interior and cover in storage, or the 422 saying only such a book can be printed. */
  printFiles(book: BookProject): PrintFiles {
    const project = book.generatorProject;
    if (book.generationStatus !== 'completed' || !project.pdfKey || !project.coverPdfKey) throw new UnprocessableEntityException(PrintMessages.notCompleted);
    return { interiorKey: project.pdfKey, coverKey: project.coverPdfKey };
  }

  /**
   * A product the book is not set for (another trim, or another paper), or one the author's own full-wrap cover does
   * not fit (preflight's words), is refused before anything is ordered or paid.
   */
  checkFits(product: PrintProduct, book: BookProject): void {
    const project = book.generatorProject;
    const mismatch = productMismatch(product, project) ?? ownWrapMismatch(project.coverUpload, product.spec.pod_package_id, this.pageCountOf(book));
    if (mismatch) throw new UnprocessableEntityException(mismatch);
  }

  /** The book's real page count (as typeset), else the spec's default for quotes. */
  pageCountOf(book: BookProject): number {
    return book.generatorProject.pageCount ?? book.pageCount ?? DEFAULT_PRINT_PAGE_COUNT;
  }

  async create(dto: CreatePrintOrderDto, user: AuthUser): Promise<PrintOrder> {
    if (dto.user_id !== undefined && dto.user_id !== user.id) throw new ForbiddenException(PrintMessages.notYourAccount);
    const address = shippingAddressOf(dto.shipping_address);
    const product = printProduct(dto.pod_package_id) as PrintProduct;
    const book = await this.book(dto.book_project_id, user);
    const { interiorKey } = this.printFiles(book);
    this.checkFits(product, book);
    const pageCount = this.pageCountOf(book);
    this.quotes.checkPages(product, pageCount, 'book_project_id');
    const quote = await this.quotes.quote({ product, quantity: dto.quantity, pageCount, address, shippingLevel: dto.shipping_level });

    const id = randomUUID();
    const now = new Date();
    const keys = { interiorKey: printOrderFileKey({ id, userId: user.id }, 'interior.pdf'), coverKey: printOrderFileKey({ id, userId: user.id }, 'cover.pdf') };
    try {
      // The order prints this copy of the interior; its cover is drawn by its run from the book's design, for the
      // product (the book's own cover is never replaced).
      await this.storage.copy(interiorKey, keys.interiorKey);
    } catch (error) {
      this.logger.error(`print order ${id}: the book's files were not copied: ${(error as Error).message}`);
      await this.removeFiles(keys);
      throw new ServiceUnavailableException(PrintMessages.createFailed);
    }
    const order = await this.orders.create(
      {
        id,
        userId: user.id,
        bookProjectId: book.id,
        bookTitle: book.title,
        bookAuthor: book.author,
        podPackageId: product.spec.pod_package_id,
        quantity: dto.quantity,
        pageCount,
        shippingAddress: address,
        shippingLevel: dto.shipping_level,
        contactEmail: dto.contact_email.trim(),
        // 'PB-' and the time (§9), then a piece of the order's id: two orders in the same millisecond stay apart.
        externalId: `${externalIdAt(now)}-${id.slice(0, 8)}`,
        unitCost: quote.costs.unit_cost,
        printingCost: quote.costs.printing_cost,
        shippingCost: quote.costs.shipping_cost,
        tax: quote.costs.tax ?? null,
        totalCost: quote.costs.total,
        currency: quote.costs.currency,
        costSource: quote.source,
        ...keys,
      },
      now,
    );

    try {
      await this.workflow.start({ id: order.id, userId: user.id, generatorProjectId: book.generatorProject.id });
    } catch (error) {
      // Nothing would carry the order: it is removed again and refused, so no draft waits unseen.
      this.logger.error(`print order ${order.id}: its workflow did not start: ${(error as Error).message}`);
      await this.orders.remove(order.id);
      await this.removeFiles(keys);
      throw new ServiceUnavailableException(PrintMessages.createFailed);
    }
    return order;
  }

  private async removeFiles(keys: PrintFiles): Promise<void> {
    await Promise.allSettled([this.storage.delete(keys.interiorKey), this.storage.delete(keys.coverKey)]);
  }

  /** The caller's own order (a malformed id is refused at the route). */
  owned(id: string, user: AuthUser): Promise<PrintOrder> {
    return this.orders.owned(id, user.id);
  }

  /** The cover PDF printed for the order: its own copy, drawn when it was placed. */
  async sendCover(res: Response, id: string, user: AuthUser): Promise<void> {
    const order = await this.owned(id, user);
    if (!order.coverKey) throw new NotFoundException(ProjectMessages.fileNotFound);
    await sendObject(res, this.storage, order.coverKey, { type: 'application/pdf', name: `${order.externalId}_cover.pdf`, inline: true });
  }

  /** The orders' views; an Elite request's copies say they are included in what the author paid for the request. */
  async views(orders: PrintOrder[]): Promise<PrintOrderView[]> {
    const included = await eliteIncludedOrders(this.em.fork(), orders.map((order) => order.id));
    return orders.map((order) => printOrderView(order, included.get(order.id)));
  }

  /** The caller's own orders, newest first; any other account's id is refused, not filtered. */
  async ofUser(userId: string, user: AuthUser): Promise<PrintOrder[]> {
    if (userId !== user.id) throw new ForbiddenException(PrintMessages.notYours);
    return this.orders.ofUser(user.id);
  }

  /**
   * Asks the order's workflow to fetch the provider's status now; the answer is the order as it stands (the workflow
   * writes the change when the provider has answered). An order whose run has ended has nothing more to fetch.
   */
  async refresh(id: string, user: AuthUser): Promise<PrintOrder> {
    const order = await this.owned(id, user);
    await this.workflow.refresh(order.id);
    return this.owned(id, user);
  }
}
