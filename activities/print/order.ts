import { randomUUID } from 'node:crypto';
import { LockMode, type MikroORM } from '@mikro-orm/core';
import type { PrintOrderEvent, PrintStatusNotification } from '../../libs/contracts/index.ts';
import { Notification, PrintOrder, Profile } from '../../libs/db/index.ts';
import { formatAmount, isAnnouncedPrintStatus, PrintMessages, PrintOrderProblems, printProduct, toCents, type PrintOrderChange } from '../../libs/domain/index.ts';
import { pdfFactsOf, preflightProblems, PreflightMessages } from '../../libs/print/preflight.ts';
import { PrintProviderError, type PrintProvider } from '../../libs/print/provider.ts';
import { authorPrice } from '../../libs/print/pricing.ts';
import type { StorageService } from '../../libs/storage/index.ts';
import { withHeartbeat } from '../heartbeat.ts';

export interface PreflightOutcome {
  errors: string[];
  warnings: string[];
  pageCount: number | null;
}

const destinationOf = (order: PrintOrder) => [order.shippingAddress.city, order.shippingAddress.state, order.shippingAddress.country].filter(Boolean).join(', ');

export function createPrintOrderActivities({ orm, storage, printProvider }: { orm: MikroORM; storage: StorageService; printProvider: PrintProvider }) {
  return {
    /**
     * The order's files, checked again before it is paid for: both PDFs are there, the interior fits the product's
     * trim and page limits with every font embedded, and the cover fits the interior's page count (libs/print/preflight).
     */
    preflightPrintOrder(orderId: string): Promise<PreflightOutcome> {
      // Heartbeats (activities/heartbeat.ts): an attempt whose worker died is retried within the heartbeat time-out.
      return withHeartbeat(async () => {
        const em = orm.em.fork();
        const order = await em.findOneOrFail(PrintOrder, { id: orderId });
        const refuse = (error: string): PreflightOutcome => ({ errors: [error], warnings: [], pageCount: null });
        const product = printProduct(order.podPackageId);
        if (!product) return refuse(PrintMessages.unknownProduct);
        if (!order.interiorKey || !(await storage.stat(order.interiorKey))) return refuse(PrintOrderProblems.missingFile('interior'));
        if (!order.coverKey || !(await storage.stat(order.coverKey))) return refuse(PrintOrderProblems.missingFile('cover'));

        const interior = await pdfFactsOf(await storage.getStream(order.interiorKey));
        if (!interior) return refuse(PreflightMessages.interiorUnreadable);
        const cover = await pdfFactsOf(await storage.getStream(order.coverKey));
        if (!cover) return refuse(PreflightMessages.coverUnreadable);
        const { errors, warnings } = preflightProblems(product, interior, cover);
        // The file is the truth about its pages: the re-quote and the provider go by it.
        if (order.pageCount !== interior.pages) await em.nativeUpdate(PrintOrder, { id: orderId }, { pageCount: interior.pages });
        return { errors, warnings, pageCount: interior.pages };
      });
    },

    /**
     * Asks the provider for the order's price again. A real quote that differs replaces the one the order was placed
     * with (the checkout then shows it); when the provider cannot answer, or only the built-in mock did, the order
     * keeps its price. Answers the total the order is paid with.
     */
    async quotePrintOrder(orderId: string, at: string): Promise<{ total: number; changed: boolean }> {
      const em = orm.em.fork();
      const order = await em.findOneOrFail(PrintOrder, { id: orderId });
      const kept = { total: Number(order.totalCost), changed: false };
      if (printProvider.source !== 'provider') return kept;
      const product = printProduct(order.podPackageId);
      if (!product) return kept;
      let quote;
      try {
        const providerQuote = await printProvider.calculateCost({
          podPackageId: order.podPackageId,
          pageCount: order.pageCount ?? 0,
          quantity: order.quantity,
          address: order.shippingAddress,
          shippingLevel: order.shippingLevel,
        });
        // The author pays what the wizard showed: our tier price, the provider's shipping and tax (one rule, libs/print/pricing.ts).
        quote = authorPrice(product, order.quantity, providerQuote);
      } catch (error) {
        if (error instanceof PrintProviderError) return kept;
        throw error;
      }
      if (toCents(quote.total) === toCents(order.totalCost) && order.costSource === 'provider') return kept;
      const note = PrintOrderProblems.costChanged(formatAmount(toCents(order.totalCost), order.currency), formatAmount(toCents(quote.total), quote.currency));
      const event: PrintOrderEvent = { at, order_status: order.orderStatus, lulu_status: order.luluStatus ?? null, note };
      const changed = toCents(quote.total) !== toCents(order.totalCost);
      await em.transactional(async (tx) => {
        const row = await tx.findOneOrFail(PrintOrder, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        Object.assign(row, {
          unitCost: quote.unitCost,
          printingCost: quote.printingCost,
          shippingCost: quote.shippingCost,
          tax: quote.tax,
          totalCost: quote.total,
          currency: quote.currency,
          costSource: 'provider',
        });
        if (changed && !row.history.some((e) => e.at === at && e.note === note)) row.history = [...row.history, event];
      });
      return { total: quote.total, changed };
    },

    /**
     * Writes one change to the order (status, the provider's status and job, tracking, the reason it stopped) with its
     * entry in the timeline, and, when the status changed, the author's in-app notification (§3.9) in the same
     * transaction. A change already in the timeline is not written again.
     */
    async recordPrintOrderChange(orderId: string, change: PrintOrderChange): Promise<void> {
      await orm.em.fork().transactional(async (em) => {
        const order = await em.findOneOrFail(PrintOrder, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        const luluStatus = change.luluStatus ?? order.luluStatus ?? null;
        const event: PrintOrderEvent = { at: change.at, order_status: change.orderStatus, lulu_status: luluStatus, ...(change.note ? { note: change.note } : {}) };
        const same = (e: PrintOrderEvent) => e.at === event.at && e.order_status === event.order_status && e.lulu_status === event.lulu_status && e.note === event.note;
        if (order.history.some(same)) return;

        const oldStatus = order.orderStatus;
        const at = new Date(change.at);
        order.orderStatus = change.orderStatus;
        order.luluStatus = luluStatus;
        if (change.jobId) order.luluJobId = change.jobId;
        if (change.tracking) {
          order.trackingId = change.tracking.id;
          order.carrierName = change.tracking.carrier;
          order.trackingUrls = change.tracking.urls;
        }
        if (change.errorMessage !== undefined) order.errorMessage = change.errorMessage;
        if (change.orderStatus === 'paid') order.paidAt ??= at;
        if (change.orderStatus === 'shipped' || change.orderStatus === 'delivered') order.shippedAt ??= at;
        order.history = [...order.history, event];

        // A sale's copies have no author's dashboard to notify: the buyer hears by mail.
        const user = order.user;
        if (user && oldStatus !== change.orderStatus && isAnnouncedPrintStatus(change.orderStatus)) {
          const profile = await em.findOne(Profile, { user: user.id });
          const payload: PrintStatusNotification = {
            user_id: user.id,
            type: 'print_order_status',
            data: {
              book_title: order.bookTitle,
              book_id: order.bookProject?.id ?? '',
              print_order_id: order.id,
              user_name: profile?.fullName || order.shippingAddress.name,
              new_status: change.orderStatus,
              old_status: oldStatus,
              destination: destinationOf(order),
            },
          };
          em.create(Notification, { id: randomUUID(), user, type: payload.type, data: payload.data, createdAt: at });
        }
      });
    },

    /** A payment that arrived after the order closed (its run ended, or it was cancelled unpaid): the timeline says it needs a refund. */
    async recordLatePayment(orderId: string, sessionId: string): Promise<void> {
      await orm.em.fork().transactional(async (em) => {
        const order = await em.findOne(PrintOrder, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!order) return;
        const note = PrintOrderProblems.latePayment(sessionId);
        if (order.history.some((e) => e.note === note)) return;
        order.history = [...order.history, { at: new Date().toISOString(), order_status: order.orderStatus, lulu_status: order.luluStatus ?? null, note }];
      });
    },
  };
}
