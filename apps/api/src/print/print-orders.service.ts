import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException, UnprocessableEntityException } from '@nestjs/common';
import { Client, WorkflowNotFoundError } from '@temporalio/client';
import type { Config } from '../../../../libs/config/index.ts';
import { BookProject, PrintOrder, User } from '../../../../libs/db/index.ts';
import {
  DEFAULT_PRINT_PAGE_COUNT,
  externalIdAt,
  isUuid,
  printOrderFileKey,
  printOrderWorkflowId,
  printProduct,
  productMismatch,
  PrintMessages,
  ProjectMessages,
  type PrintProduct,
} from '../../../../libs/domain/index.ts';
import { ownWrapMismatch } from '../../../../libs/print/index.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import { refreshSignal } from '../../../../workflows/print-order/messages.ts';
import type { printOrderWorkflow } from '../../../../workflows/print-order/workflow.ts';
import { ProjectIdAttribute, UserIdAttribute } from '../../../../workflows/search-attributes.ts';
import type { AuthUser } from '../auth/auth.types.ts';
import { withTimeout } from '../common/with-timeout.ts';
import { CONFIG } from '../config/config.module.ts';
import { shippingAddressOf, type CreatePrintOrderDto } from './print.dto.ts';
import type { PrintFiles } from './print-preflight.service.ts';
import { PrintQuoteService } from './print-quote.service.ts';

/** A signal is one short call; a Temporal that does not answer within this is treated as down. */
const SIGNAL_TIMEOUT_MS = 10_000;

/**
 * Print orders (§3.6, §7.1): created here as drafts with their price and their own copies of the book's files, then
 * carried by their `print-<id>` workflow (payment, the provider, tracking), which writes every later change to the row.
 * Every query is scoped to the caller: another author's order is simply not found.
 */
@Injectable()
export class PrintOrdersService {
  private readonly logger = new Logger(PrintOrdersService.name);

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly em: EntityManager,
    private readonly storage: StorageService,
    @Inject(Client) private readonly temporal: Client,
    private readonly quotes: PrintQuoteService,
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
    this.quotes.checkAddress(address);
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
    const em = this.em.fork();
    const order = em.create(PrintOrder, {
      id,
      user: em.getReference(User, user.id),
      bookProject: em.getReference(BookProject, book.id),
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
      orderStatus: 'draft',
      trackingUrls: [],
      ...keys,
      history: [{ at: now.toISOString(), order_status: 'draft', lulu_status: null, note: 'Order placed' }],
      createdAt: now,
      updatedAt: now,
    });
    await em.flush();

    try {
      await this.temporal.workflow.start<typeof printOrderWorkflow>('printOrderWorkflow', {
        workflowId: printOrderWorkflowId(order.id),
        taskQueue: this.config.TEMPORAL_TASK_QUEUE,
        args: [{ orderId: order.id }],
        typedSearchAttributes: [
          // The generator project's id, as the book's own book-… and package-… runs have it.
          { key: ProjectIdAttribute, value: book.generatorProject.id },
          { key: UserIdAttribute, value: user.id },
        ],
      });
    } catch (error) {
      // Nothing would carry the order: it is removed again and refused, so no draft waits unseen.
      this.logger.error(`print order ${order.id}: its workflow did not start: ${(error as Error).message}`);
      await em.remove(order).flush();
      await this.removeFiles(keys);
      throw new ServiceUnavailableException(PrintMessages.createFailed);
    }
    return order;
  }

  private async removeFiles(keys: PrintFiles): Promise<void> {
    await Promise.allSettled([this.storage.delete(keys.interiorKey), this.storage.delete(keys.coverKey)]);
  }

  async owned(id: string, user: AuthUser): Promise<PrintOrder> {
    const order = isUuid(id) ? await this.em.fork().findOne(PrintOrder, { id, user: user.id }) : null;
    if (!order) throw new NotFoundException(PrintMessages.orderNotFound);
    return order;
  }

  /** The caller's own orders, newest first; any other account's id is refused, not filtered. */
  async ofUser(userId: string, user: AuthUser): Promise<PrintOrder[]> {
    if (userId !== user.id) throw new ForbiddenException(PrintMessages.notYours);
    return this.em.fork().find(PrintOrder, { user: user.id }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 500 });
  }

  /**
   * Asks the order's workflow to fetch the provider's status now; the answer is the order as it stands (the workflow
   * writes the change when the provider has answered). An order whose run has ended has nothing more to fetch.
   */
  async refresh(id: string, user: AuthUser): Promise<PrintOrder> {
    const order = await this.owned(id, user);
    try {
      await withTimeout(this.temporal.workflow.getHandle(printOrderWorkflowId(order.id)).signal(refreshSignal), SIGNAL_TIMEOUT_MS, 'Temporal');
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) {
        this.logger.error(`print order ${order.id}: refresh not delivered: ${(error as Error).message}`);
        throw new ServiceUnavailableException(PrintMessages.unavailable);
      }
    }
    return this.owned(id, user);
  }
}
