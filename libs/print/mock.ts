// The spec's built-in print mock (§9): what the author is shown, marked source 'mock', when the provider fails.
import {
  MOCK_DEFAULT_SHIPPING_COST,
  MOCK_DELIVERY_DAYS,
  MOCK_LATENCY_MS,
  MOCK_SHIPPING_COST,
  MOCK_UNIT_COST,
  OFFERED_SHIPPING,
  PRINT_CURRENCY,
  PRINT_PRODUCTS,
  printProduct,
  roundToCent,
  type PrintProduct,
} from '../domain/index.ts';
import { printCoverSize } from './cover.ts';
import {
  PrintProviderError,
  type CostQuote,
  type CostRequest,
  type FileValidation,
  type PrintJobRequest,
  type PrintJobState,
  type PrintProvider,
  type ShippingOptionQuote,
} from './provider.ts';

const MOCK_JOB_PREFIX = 'mock-';

export interface MockPrintOptions {
  /** How the spec's latencies are waited (tests pass one that does not wait). */
  wait?: (ms: number) => Promise<void>;
  now?: () => Date;
}

export class MockPrintProvider implements PrintProvider {
  readonly source = 'mock' as const;
  readonly #wait: (ms: number) => Promise<void>;
  readonly #now: () => Date;

  constructor({ wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)), now = () => new Date() }: MockPrintOptions = {}) {
    this.#wait = wait;
    this.#now = now;
  }

  async products(): Promise<PrintProduct[]> {
    await this.#wait(MOCK_LATENCY_MS.products);
    return [...PRINT_PRODUCTS];
  }

  /** 12.50 a copy for full-colour products, 4.50 otherwise; the level's mock shipping cost (6.99 for any other); no tax. */
  async calculateCost(request: CostRequest): Promise<CostQuote> {
    await this.#wait(MOCK_LATENCY_MS.calculate);
    const unitCost = MOCK_UNIT_COST[printProduct(request.podPackageId)?.spec.color === 'color' ? 'color' : 'bw'];
    const printingCost = roundToCent(unitCost * request.quantity);
    const shippingCost = MOCK_SHIPPING_COST[request.shippingLevel] ?? MOCK_DEFAULT_SHIPPING_COST;
    return { unitCost, printingCost, shippingCost, tax: null, total: roundToCent(printingCost + shippingCost), currency: PRINT_CURRENCY };
  }

  /** The offered levels at their mock costs, delivered within the mock's 7 days. */
  async shippingOptions(): Promise<ShippingOptionQuote[]> {
    await this.#wait(MOCK_LATENCY_MS.calculate);
    const deliveryDate = new Date(this.#now().getTime() + MOCK_DELIVERY_DAYS * 86_400_000).toISOString().slice(0, 10);
    return OFFERED_SHIPPING.map(({ level, days }) => ({ level, cost: MOCK_SHIPPING_COST[level], days, deliveryDate })).sort((a, b) => a.cost - b.cost);
  }

  /** Lulu's own formula needs no provider. */
  async coverDimensions(podPackageId: string, pageCount: number): Promise<{ width: number; height: number }> {
    const size = printCoverSize(podPackageId, pageCount);
    if (!size) throw new PrintProviderError(`Unknown print product ${podPackageId}`, { retryable: false, status: 400 });
    return { width: size.widthPt, height: size.heightPt };
  }

  /** The mock cannot look at files: it finds nothing wrong and counts no pages. */
  async validateFiles(): Promise<FileValidation> {
    return { status: 'valid', errors: [], pageCount: null };
  }

  /** Nothing is printed: a job that stays CREATED, its id derived from the external id. */
  async createPrintJob(request: PrintJobRequest): Promise<PrintJobState> {
    await this.#wait(MOCK_LATENCY_MS.order);
    return mockJob(`${MOCK_JOB_PREFIX}${request.externalId}`);
  }

  async getPrintJob(id: string): Promise<PrintJobState> {
    await this.#wait(MOCK_LATENCY_MS.order);
    if (!id.startsWith(MOCK_JOB_PREFIX)) throw new PrintProviderError(`No mock print job ${id}`, { retryable: false, status: 404 });
    return mockJob(id);
  }

  async findPrintJob(): Promise<PrintJobState | null> {
    return null;
  }
}

const mockJob = (id: string): PrintJobState => ({
  id,
  externalId: id.slice(MOCK_JOB_PREFIX.length),
  status: 'CREATED',
  message: 'Mock print job: nothing will be printed',
  trackingId: null,
  carrierName: null,
  trackingUrls: [],
});
