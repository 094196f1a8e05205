import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { siteBaseFor, type Config } from '../../../../libs/config/index.ts';
import type { ShopCheckoutResponse, ShopPrintQuote, ShopSaleStatus } from '../../../../libs/contracts/index.ts';
import { BookProject, Sale, User } from '../../../../libs/db/index.ts';
import {
  defaultProductFor,
  filesOutdated,
  fromCents,
  isUuid,
  maskEmail,
  normalizeEmail,
  PRINT_CURRENCY,
  SALE_PAYMENT_WINDOW_MS,
  saleFileKey,
  SaleMessages,
  salePaymentName,
  shopBookPath,
  toCents,
  type PrintProduct,
  type ShippingAddress,
  type ShippingLevel,
} from '../../../../libs/domain/index.ts';
import { saleCheckoutMetadata } from '../../../../libs/payments/index.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { shippingAddressOf } from '../common/shipping-address.dto.ts';
import { CONFIG } from '../config/config.module.ts';
import { CheckoutService } from '../payments/payments.module.ts';
import { PrintQuoteService } from '../print/print.module.ts';
import { SaleWorkflowService } from '../sales/sales.module.ts';
import type { ShopCheckoutDto, ShopPrintQuoteDto } from './shop-sales.dto.ts';
import { ShopService } from './shop.service.ts';
import { ebookFileKeyOf, ebookFormatsOf, shopBookSummary } from './shop.view.ts';

/** Printed copies priced: what the buyer pays and what printing them costs Pressroom (cents). */
interface PricedCopies {
  product: PrintProduct;
  pageCount: number;
  unitCents: number;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  printCostCents: number;
  estimatedDelivery: string;
}

/**
 * Buying from the shop: a print quote, and the checkout that makes a sale (awaiting its payment) with its own copies
 * of the book's files, its Checkout Session and its `sale-<id>` run. No account is needed; a signed-in buyer is named.
 */
@Injectable()
export class SaleCheckoutService {
  private readonly logger = new Logger(SaleCheckoutService.name);
  private readonly portalBase: string;

  constructor(
    @Inject(CONFIG) config: Config,
    private readonly em: EntityManager,
    private readonly storage: StorageService,
    private readonly shop: ShopService,
    private readonly checkout: CheckoutService,
    private readonly quotes: PrintQuoteService,
    private readonly door: SaleWorkflowService,
  ) {
    this.portalBase = config.PORTAL_URL.replace(/\/+$/, '');
  }

  async printQuote(id: string, dto: ShopPrintQuoteDto): Promise<ShopPrintQuote> {
    const book = await this.shop.onSale(id);
    const priced = await this.priceCopies(book, dto.quantity, shippingAddressOf(dto.shipping_address), dto.shipping_level);
    return {
      quantity: dto.quantity,
      unit_price: fromCents(priced.unitCents),
      subtotal: fromCents(priced.subtotalCents),
      shipping: fromCents(priced.shippingCents),
      tax: fromCents(priced.taxCents),
      total: fromCents(priced.totalCents),
      currency: PRINT_CURRENCY,
      estimated_delivery: priced.estimatedDelivery,
    };
  }

  /** The copies at the author's price, with the shipping and tax the print calculation quotes to the address. */
  private async priceCopies(book: BookProject, quantity: number, address: ShippingAddress, shippingLevel: ShippingLevel): Promise<PricedCopies> {
    const project = book.generatorProject;
    if (book.shopPrintPrice === null || book.shopPrintPrice === undefined || !project.pdfKey) throw new ConflictException(SaleMessages.noPrintEdition);
    const product = defaultProductFor(project);
    const pageCount = project.pageCount ?? book.pageCount ?? 0;
    this.quotes.checkPages(product, pageCount, 'book');
    const quote = await this.quotes.quote({ product, quantity, pageCount, address, shippingLevel });
    const unitCents = toCents(book.shopPrintPrice);
    const shippingCents = toCents(quote.costs.shipping_cost);
    const taxCents = toCents(quote.costs.tax ?? 0);
    const subtotalCents = unitCents * quantity;
    return {
      product,
      pageCount,
      unitCents,
      subtotalCents,
      shippingCents,
      taxCents,
      totalCents: subtotalCents + shippingCents + taxCents,
      printCostCents: toCents(quote.costs.printing_cost) + shippingCents + taxCents,
      estimatedDelivery: quote.estimated_delivery,
    };
  }

  /** `referer`: the page the buyer bought on; they come back to its origin when it is one of the site's (siteBaseFor). */
  async create(id: string, dto: ShopCheckoutDto, user: AuthUser | undefined, referer?: string): Promise<ShopCheckoutResponse> {
    const book = await this.shop.onSale(id);
    const project = book.generatorProject;
    const account = user ? await this.em.fork().findOne(User, { id: user.id }) : null;
    const email = dto.email?.trim() || account?.email;
    if (!email) throw new BadRequestException({ message: SaleMessages.emailRequired, details: [{ field: 'email', messages: [SaleMessages.emailRequired] }] });
    if (filesOutdated(project)) throw new ConflictException(SaleMessages.filesOutdated);

    const saleId = randomUUID();
    const sources: [string, string][] = [];
    let priced: PricedCopies | null = null;
    if (dto.edition === 'ebook') {
      for (const format of ebookFormatsOf(book)) sources.push([ebookFileKeyOf(book, format) as string, format]);
      if (!sources.length) throw new ConflictException(SaleMessages.filesMissing);
    } else {
      if (!dto.quantity || !dto.shipping_address || !dto.shipping_level) throw new BadRequestException(SaleMessages.printDetailsRequired);
      priced = await this.priceCopies(book, dto.quantity, shippingAddressOf(dto.shipping_address), dto.shipping_level);
      sources.push([project.pdfKey as string, 'interior']);
    }
    const files: Sale['files'] = Object.fromEntries(sources.map(([, name]) => [name, saleFileKey(saleId, name === 'epub' ? 'book.epub' : name === 'pdf' ? 'book.pdf' : 'interior.pdf')]));
    // The press cover is drawn by the sale's run from the book as it is now (a print sale's cover is its own file).
    if (priced) files.cover = saleFileKey(saleId, 'cover.pdf');
    await this.copyFiles(saleId, sources, files);

    const priceCents = priced ? priced.totalCents : toCents(shopBookSummary(book).price);
    const em = this.em.fork();
    const sale = em.create(Sale, {
      id: saleId,
      book: em.getReference(BookProject, book.id),
      author: em.getReference(User, book.user.id),
      bookTitle: book.title,
      bookAuthor: book.author,
      buyerEmail: normalizeEmail(email),
      buyer: account ? em.getReference(User, account.id) : null,
      edition: dto.edition,
      quantity: priced ? (dto.quantity as number) : 1,
      files,
      podPackageId: priced?.product.spec.pod_package_id ?? null,
      pageCount: priced?.pageCount ?? project.pageCount ?? null,
      priceCents,
      unitPriceCents: priced ? priced.unitCents : priceCents,
      shippingCents: priced?.shippingCents ?? 0,
      taxCents: priced?.taxCents ?? 0,
      printCostCents: priced?.printCostCents ?? 0,
      currency: PRINT_CURRENCY,
      status: 'awaiting_payment',
      shippingAddress: dto.shipping_address ? shippingAddressOf(dto.shipping_address) : null,
      shippingLevel: dto.shipping_level ?? null,
    });
    await em.flush();

    try {
      const session = await this.checkout.createForAmount({
        name: salePaymentName(sale),
        amountCents: priceCents,
        currency: PRINT_CURRENCY.toLowerCase(),
        successUrl: `${siteBaseFor(this.portalBase, referer)}/shop/purchase/${saleId}`,
        cancelUrl: `${siteBaseFor(this.portalBase, referer)}${shopBookPath(book.id)}`,
        customerEmail: sale.buyerEmail,
        userId: account?.id ?? null,
        metadata: { ...saleCheckoutMetadata(saleId, account?.id ?? null) },
        saleId,
        payBy: new Date(Date.now() + SALE_PAYMENT_WINDOW_MS),
        idempotencyKey: `sale-checkout-${saleId}`,
      });
      sale.checkoutSessionId = session.id;
      await em.flush();
      await this.door.start({ id: saleId, edition: dto.edition, authorId: book.user.id }).catch((error: unknown) => {
        this.logger.error(`sale ${saleId}: its workflow did not start: ${(error as Error).message}`);
        throw new ServiceUnavailableException(SaleMessages.checkoutFailed);
      });
      return { sale_id: saleId, url: session.url };
    } catch (error) {
      // Nothing would carry the sale: it is cancelled (its session can no longer be paid) and its files go.
      await em.nativeUpdate(Sale, { id: saleId }, { status: 'cancelled' });
      await Promise.allSettled(Object.values(files).map((key) => this.storage.delete(key)));
      throw error;
    }
  }

  private async copyFiles(saleId: string, sources: [string, string][], files: Sale['files']): Promise<void> {
    try {
      for (const [from, name] of sources) await this.storage.copy(from, files[name as keyof Sale['files']] as string);
    } catch (error) {
      this.logger.error(`sale ${saleId}: the book's files were not copied: ${(error as Error).message}`);
      await Promise.allSettled(Object.values(files).map((key) => this.storage.delete(key)));
      throw new ConflictException(SaleMessages.filesMissing);
    }
  }

  /** The buyer's return page: what was bought and where it goes, nothing more. */
  async status(id: string): Promise<ShopSaleStatus> {
    const sale = isUuid(id) ? await this.em.fork().findOne(Sale, { id }) : null;
    if (!sale) throw new NotFoundException(SaleMessages.saleNotFound);
    const paid = sale.status !== 'awaiting_payment' && sale.status !== 'expired' && sale.status !== 'cancelled';
    return {
      sale_id: sale.id,
      status: sale.status,
      edition: sale.edition,
      book_title: sale.bookTitle,
      quantity: sale.quantity,
      mailed_to: paid ? maskEmail(sale.buyerEmail) : null,
    };
  }
}
