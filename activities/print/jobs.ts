import type { MikroORM } from '@mikro-orm/core';
import { ApplicationFailure } from '@temporalio/activity';
import { PrintOrder } from '../../libs/db/index.ts';
import { PrintProviderError, type PrintJobState, type PrintProvider } from '../../libs/print/provider.ts';
import type { StorageService } from '../../libs/storage/index.ts';

/** How long the provider may take to fetch the PDFs: its download can be queued for days (S3 allows at most 7). */
export const PRINT_FILE_LINK_SECONDS = 7 * 24 * 3600;

/**
 * A provider's refusal stops the order with its words; anything retryable is tried again by Temporal, no sooner than
 * the provider asked (a 429's Retry-After).
 */
function refusalOf(error: unknown): unknown {
  if (!(error instanceof PrintProviderError)) return error;
  if (!error.retryable) return ApplicationFailure.nonRetryable(error.message, 'PrintJobRefused', { status: error.status });
  return ApplicationFailure.create({ message: error.message, type: 'PrintProviderBusy', ...(error.retryAfterMs ? { nextRetryDelay: error.retryAfterMs } : {}) });
}

export function createPrintJobActivities({ orm, storage, printProvider }: { orm: MikroORM; storage: StorageService; printProvider: PrintProvider }) {
  return {
    /**
     * Hands the paid order to the provider: the PDFs as presigned links that outlive its download, the address, the
     * shipping level and the order's 'PB-' external id. Safe to retry: a job already created for the order (its id on
     * the row, or found by the external id after an answer was lost) is answered instead of a second one.
     */
    async submitPrintJob(orderId: string): Promise<PrintJobState> {
      const em = orm.em.fork();
      const order = await em.findOneOrFail(PrintOrder, { id: orderId });
      try {
        if (order.luluJobId) return await printProvider.getPrintJob(order.luluJobId);
        const existing = await printProvider.findPrintJob(order.externalId);
        const job =
          existing ??
          (await printProvider.createPrintJob({
            externalId: order.externalId,
            contactEmail: order.contactEmail,
            title: order.bookTitle,
            podPackageId: order.podPackageId,
            quantity: order.quantity,
            interiorUrl: await storage.presignedGetUrl(order.interiorKey ?? '', PRINT_FILE_LINK_SECONDS),
            coverUrl: await storage.presignedGetUrl(order.coverKey ?? '', PRINT_FILE_LINK_SECONDS),
            address: order.shippingAddress,
            shippingLevel: order.shippingLevel,
          }));
        await em.nativeUpdate(PrintOrder, { id: orderId }, { luluJobId: job.id });
        return job;
      } catch (error) {
        throw refusalOf(error);
      }
    },

    /** The job as the provider reports it now. */
    async fetchPrintJob(jobId: string): Promise<PrintJobState> {
      try {
        return await printProvider.getPrintJob(jobId);
      } catch (error) {
        throw refusalOf(error);
      }
    },
  };
}
