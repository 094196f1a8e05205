import { ApplicationFailure } from '@temporalio/activity';
import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/core';
import { PrintOrder, Sale } from '../../libs/db/index.ts';
import { earningsCents, externalIdAt, fromCents, printProduct, stripeFeeCents, type PrintOrderStatus, type SaleStatusValue } from '../../libs/domain/index.ts';
import type { StorageService } from '../../libs/storage/index.ts';
import { drawPressCover } from '../render/press-cover.ts';

const SHIPPED: readonly PrintOrderStatus[] = ['shipped', 'delivered'];

/**
 * The sale's projection, written only by its `sale-<id>` workflow through these activities. Each one moves the sale
 * forward from the status it expects and leaves it as it is otherwise, so a retry or a replayed signal changes nothing.
 */
export function createSaleActivities({ orm, storage }: { orm: MikroORM; storage: StorageService }) {
  /** Runs `work` on the sale, locked, in one transaction. */
  async function withSale<T>(saleId: string, work: (sale: Sale, em: EntityManager) => Promise<T> | T): Promise<T> {
    return orm.em.fork().transactional(async (em) => work(await em.findOneOrFail(Sale, { id: saleId }, { lockMode: LockMode.PESSIMISTIC_WRITE }), em));
  }

  return {
    /** A print sale's press cover, drawn from the book's design for its product now, into the sale's own file. */
    async drawSaleCover(saleId: string): Promise<void> {
      const em = orm.em.fork();
      const sale = await em.findOneOrFail(Sale, { id: saleId }, { populate: ['book.generatorProject.user'] });
      const product = sale.podPackageId ? printProduct(sale.podPackageId) : undefined;
      const project = sale.book?.generatorProject;
      if (!product || !project || !sale.files.cover) throw ApplicationFailure.nonRetryable('The book is no longer there to draw its cover', 'SaleRefused');
      if (await storage.stat(sale.files.cover)) return;
      await drawPressCover(storage, project, product, sale.pageCount ?? project.pageCount ?? 1, sale.files.cover);
    },

    /** Unpaid in time: the sale expires and its copied files go (nobody can have them). */
    async expireSale(saleId: string): Promise<void> {
      const files = await withSale(saleId, (sale) => {
        if (sale.status !== 'awaiting_payment') return [];
        sale.status = 'expired';
        return Object.values(sale.files);
      });
      await Promise.allSettled(files.map((key) => storage.delete(key)));
    },

    /** A sale that cannot go on before payment (its book went while its cover was drawn). */
    async cancelSale(saleId: string): Promise<void> {
      await withSale(saleId, (sale) => {
        if (sale.status === 'awaiting_payment') sale.status = 'cancelled';
      });
    },

    /** Paid: the card fee and the author's earnings are recorded with the time (once). */
    async recordSalePaid(saleId: string, sessionId: string): Promise<void> {
      await withSale(saleId, (sale) => {
        if (sale.status !== 'awaiting_payment' && sale.status !== 'expired' && sale.status !== 'cancelled') return;
        sale.status = 'paid';
        sale.paidAt = new Date();
        sale.checkoutSessionId ??= sessionId;
        sale.stripeFeeCents = stripeFeeCents(sale.priceCents);
        sale.earningsCents = earningsCents(sale);
      });
    },

    async markSaleDelivered(saleId: string): Promise<void> {
      await withSale(saleId, (sale) => {
        if (sale.status !== 'paid') return;
        sale.status = 'delivered';
        sale.deliveredAt = new Date();
      });
    },

    /**
     * The print order of a paid print sale (made once: a retry answers the order already made), with the sale's own
     * files and the price it was sold at; the sale is then printing. The order has no author: it belongs to the sale.
     */
    async createSalePrintOrder(saleId: string, order: { orderId: string; at: string }): Promise<{ orderId: string }> {
      return withSale(saleId, async (sale, em) => {
        if (sale.printOrderId) return { orderId: sale.printOrderId };
        const at = new Date(order.at);
        const { interior, cover } = sale.files;
        const address = sale.shippingAddress;
        if (!interior || !cover || !address || !sale.shippingLevel || !sale.podPackageId) throw ApplicationFailure.nonRetryable(`sale ${saleId} is not a print sale`, 'SaleRefused');
        const printing = sale.printCostCents - sale.shippingCents - sale.taxCents;
        em.create(PrintOrder, {
          id: order.orderId,
          user: null,
          saleId: sale.id,
          bookProject: sale.book ?? null,
          bookTitle: sale.bookTitle,
          bookAuthor: sale.bookAuthor,
          podPackageId: sale.podPackageId,
          quantity: sale.quantity,
          pageCount: sale.pageCount ?? null,
          shippingAddress: address,
          shippingLevel: sale.shippingLevel,
          contactEmail: sale.buyerEmail,
          externalId: `${externalIdAt(at)}-${order.orderId.slice(0, 8)}`,
          unitCost: fromCents(Math.round(printing / sale.quantity)),
          printingCost: fromCents(printing),
          shippingCost: fromCents(sale.shippingCents),
          tax: fromCents(sale.taxCents),
          totalCost: fromCents(sale.printCostCents),
          currency: sale.currency,
          costSource: 'provider',
          orderStatus: 'draft',
          trackingUrls: [],
          interiorKey: interior,
          coverKey: cover,
          history: [{ at: at.toISOString(), order_status: 'draft', lulu_status: null, note: `Order placed for shop sale ${saleId}` }],
          createdAt: at,
          updatedAt: at,
        });
        sale.printOrderId = order.orderId;
        if (sale.status === 'paid') sale.status = 'printing';
        return { orderId: order.orderId };
      });
    },

    /** The print order ended: shipped, or (refused, cancelled, failed) the sale is cancelled for a refund. */
    async recordSalePrintOutcome(saleId: string, orderStatus: PrintOrderStatus): Promise<SaleStatusValue> {
      return withSale(saleId, (sale) => {
        if (sale.status === 'printing') {
          sale.status = SHIPPED.includes(orderStatus) ? 'shipped' : 'cancelled';
          if (sale.status === 'shipped') sale.deliveredAt = new Date();
        }
        return sale.status;
      });
    },
  };
}
