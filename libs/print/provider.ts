import type { PrintSource } from '../contracts/index.ts';
import type { ShippingAddress, ShippingLevel } from '../domain/index.ts';

/** What one copy and the shipment cost at the provider (USD unless `currency` says otherwise). */
export interface CostQuote {
  unitCost: number;
  printingCost: number;
  shippingCost: number;
  tax: number | null;
  total: number;
  currency: string;
}

export interface CostRequest {
  podPackageId: string;
  pageCount: number;
  quantity: number;
  address: ShippingAddress;
  shippingLevel: ShippingLevel;
}

export interface ShippingOptionQuote {
  level: ShippingLevel;
  cost: number;
  /** Business days, as the provider states them (e.g. "7-14 business days"). */
  days: string;
}

export interface PrintJobRequest {
  externalId: string;
  contactEmail: string;
  title: string;
  podPackageId: string;
  quantity: number;
  /** Addresses the provider downloads the PDFs from (presigned, outliving the provider's download). */
  interiorUrl: string;
  coverUrl: string;
  address: ShippingAddress;
  shippingLevel: ShippingLevel;
}

/** A print job as the provider reports it. */
export interface PrintJobState {
  id: string;
  /** The provider's status name (Lulu: CREATED, UNPAID, …, SHIPPED, REJECTED, CANCELED). */
  status: string;
  /** The provider's explanation, e.g. why a job was rejected. */
  message: string | null;
  trackingId: string | null;
  carrierName: string | null;
  trackingUrls: string[];
}

/**
 * A print-on-demand provider: Lulu's Print API (libs/print/lulu.ts) or the spec's built-in mock (libs/print/mock.ts).
 * Failures throw PrintProviderError; `retryable` says whether trying again may help (5xx, 429, time-outs).
 */
export interface PrintProvider {
  readonly source: PrintSource;
  calculateCost(request: CostRequest): Promise<CostQuote>;
  shippingOptions(request: Omit<CostRequest, 'shippingLevel'>): Promise<ShippingOptionQuote[]>;
  /** The full cover's size (both covers, spine and bleed) in points for this product and page count. */
  coverDimensions(podPackageId: string, pageCount: number): Promise<{ width: number; height: number }>;
  createPrintJob(request: PrintJobRequest): Promise<PrintJobState>;
  getPrintJob(id: string): Promise<PrintJobState>;
}

export class PrintProviderError extends Error {
  readonly retryable: boolean;
  readonly status: number | null;

  constructor(message: string, { retryable, status = null }: { retryable: boolean; status?: number | null }) {
    super(message);
    this.name = 'PrintProviderError';
    this.retryable = retryable;
    this.status = status;
  }
}
