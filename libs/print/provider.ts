import type { PrintSource } from '../contracts/index.ts';
import type { PrintProduct, ShippingAddress, ShippingLevel } from '../domain/index.ts';

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
  /** The latest estimated delivery date (YYYY-MM-DD), when the provider gives one. */
  deliveryDate: string | null;
}

export interface FileValidationRequest {
  podPackageId: string;
  pageCount: number;
  /** Addresses the provider downloads the PDFs from. */
  interiorUrl: string;
  coverUrl: string;
}

/** The provider's own check of the interior and cover PDFs. */
export interface FileValidation {
  /** 'pending' when the provider had not finished within the time allowed. */
  status: 'valid' | 'invalid' | 'pending';
  errors: string[];
  /** The interior's page count as the provider counted it. */
  pageCount: number | null;
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
  /** The external_id the job was created with ('PB-…'). */
  externalId: string | null;
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
  /** The products on sale (§9); the provider's answer also shows that it is reachable with our credentials. */
  products(): Promise<PrintProduct[]>;
  calculateCost(request: CostRequest): Promise<CostQuote>;
  shippingOptions(request: Omit<CostRequest, 'shippingLevel'>): Promise<ShippingOptionQuote[]>;
  /** The full cover's size (both covers, spine and bleed) in points for this product and page count. */
  coverDimensions(podPackageId: string, pageCount: number): Promise<{ width: number; height: number }>;
  validateFiles(request: FileValidationRequest): Promise<FileValidation>;
  /** Creates the job once: a failure is not retried here (look for the job by its external id before trying again). */
  createPrintJob(request: PrintJobRequest): Promise<PrintJobState>;
  getPrintJob(id: string): Promise<PrintJobState>;
  /** The job created with this external id, if any: what makes creating a job safe to retry. */
  findPrintJob(externalId: string): Promise<PrintJobState | null>;
}

export class PrintProviderError extends Error {
  readonly retryable: boolean;
  readonly status: number | null;
  /** How long the provider asked us to wait before trying again (a 429's Retry-After), when it said. */
  readonly retryAfterMs: number | null;

  constructor(message: string, { retryable, status = null, retryAfterMs = null }: { retryable: boolean; status?: number | null; retryAfterMs?: number | null }) {
    super(message);
    this.name = 'PrintProviderError';
    this.retryable = retryable;
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}
