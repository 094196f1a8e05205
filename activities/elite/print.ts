import type { MikroORM } from '@mikro-orm/core';
import { ApplicationFailure } from '@temporalio/activity';
import type { PrintSource } from '../../libs/contracts/index.ts';
import { EliteRequest, PrintOrder } from '../../libs/db/index.ts';
import {
  DEFAULT_PRINT_PAGE_COUNT,
  EliteRefusals,
  externalIdAt,
  MOCK_SHIPPING_COST,
  PRINT_CURRENCY,
  PrintMessages,
  printOrderFileKey,
  printProduct,
  type PrintProduct,
  type ShippingAddress,
  type ShippingLevel,
} from '../../libs/domain/index.ts';
import { authorPrice } from '../../libs/print/pricing.ts';
import { PrintProviderError, type CostQuote, type PrintProvider } from '../../libs/print/provider.ts';
import type { StorageService } from '../../libs/storage/index.ts';
import type { EliteActivities } from './types.ts';

const refuse = (message: string) => ApplicationFailure.nonRetryable(message, 'PrintRefused');

export function createElitePrintActivities({ orm, storage, printProvider }: { orm: MikroORM; storage: StorageService; printProvider: PrintProvider }): Pick<EliteActivities, 'createElitePrintOrder' | 'elitePrintOutcome'> {
  /**
   * What the copies cost, as the print wizard would price them (libs/print/pricing.ts): our tier price with the
   * provider's shipping and tax, or the product's own prices with the mock's shipping when the provider cannot answer.
   */
  async function price(product: PrintProduct, order: { quantity: number; pageCount: number; address: ShippingAddress; shippingLevel: ShippingLevel }): Promise<CostQuote & { source: PrintSource }> {
    if (printProvider.source === 'provider') {
      try {
        const quote = await printProvider.calculateCost({ podPackageId: product.spec.pod_package_id, ...order });
        return { ...authorPrice(product, order.quantity, quote), source: 'provider' };
      } catch (error) {
        if (!(error instanceof PrintProviderError)) throw error;
      }
    }
    const shippingCost = MOCK_SHIPPING_COST[order.shippingLevel];
    return { ...authorPrice(product, order.quantity, { unitCost: 0, printingCost: 0, shippingCost, tax: null, total: shippingCost, currency: PRINT_CURRENCY }), source: 'mock' };
  }

  return {
    /** The order the request's copies are printed with: paid by the request, so it only carries the price for the record. */
    async createElitePrintOrder(requestId: string, order: { orderId: string; podPackageId: string; shippingLevel: ShippingLevel; at: string }): Promise<{ orderId: string }> {
      const em = orm.em.fork();
      if (await em.findOne(PrintOrder, { id: order.orderId })) return { orderId: order.orderId };
      const request = await em.findOneOrFail(EliteRequest, { id: requestId }, { populate: ['user', 'bookProject.generatorProject'] });
      const product = printProduct(order.podPackageId);
      if (!product) throw refuse(PrintMessages.unknownProduct);
      const book = request.bookProject;
      const project = book?.generatorProject;
      if (!book || !project?.pdfKey) throw refuse(EliteRefusals.noBook);
      if (!request.shippingAddress) throw refuse('The request has no shipping address: the author gives it when approving the proof');
      const quantity = request.copies;
      if (!quantity) throw refuse('The request has no agreed number of copies');
      const pageCount = project.pageCount ?? book.pageCount ?? DEFAULT_PRINT_PAGE_COUNT;
      const cost = await price(product, { quantity, pageCount, address: request.shippingAddress, shippingLevel: order.shippingLevel });

      const userId = request.user.id;
      const keys = { interiorKey: printOrderFileKey({ id: order.orderId, userId }, 'interior.pdf'), coverKey: printOrderFileKey({ id: order.orderId, userId }, 'cover.pdf') };
      // The order's cover is drawn by its own run (print-<id>), from the book's design for this product.
      await storage.copy(project.pdfKey, keys.interiorKey);
      const at = new Date(order.at);
      em.create(PrintOrder, {
        id: order.orderId,
        user: request.user,
        bookProject: book,
        bookTitle: book.title,
        bookAuthor: book.author,
        podPackageId: product.spec.pod_package_id,
        quantity,
        pageCount,
        shippingAddress: request.shippingAddress,
        shippingLevel: order.shippingLevel,
        contactEmail: request.userEmail,
        // 'PB-' and the time (§9), then a piece of the order's id, as the API names orders.
        externalId: `${externalIdAt(at)}-${order.orderId.slice(0, 8)}`,
        unitCost: cost.unitCost,
        printingCost: cost.printingCost,
        shippingCost: cost.shippingCost,
        tax: cost.tax,
        totalCost: cost.total,
        currency: cost.currency,
        costSource: cost.source,
        orderStatus: 'draft',
        trackingUrls: [],
        ...keys,
        history: [{ at: at.toISOString(), order_status: 'draft', lulu_status: null, note: `Order placed for Elite request ${requestId}` }],
        createdAt: at,
        updatedAt: at,
      });
      await em.flush();
      return { orderId: order.orderId };
    },

    async elitePrintOutcome(orderId: string) {
      const order = await orm.em.fork().findOneOrFail(PrintOrder, { id: orderId });
      return { orderStatus: order.orderStatus, trackingId: order.trackingId ?? null, carrierName: order.carrierName ?? null, trackingUrls: order.trackingUrls, errorMessage: order.errorMessage ?? null, shippingAddress: order.shippingAddress };
    },
  };
}
