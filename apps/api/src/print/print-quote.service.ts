import { Inject, Injectable, Logger, UnprocessableEntityException } from '@nestjs/common';
import type { CalculatePrintResponse, PrintCosts, ShippingOptionView } from '../../../../libs/contracts/index.ts';
import { DEFAULT_PRINT_PAGE_COUNT, OFFERED_SHIPPING, PrintMessages, printProduct, type PrintProduct, type ShippingAddress, type ShippingLevel } from '../../../../libs/domain/index.ts';
import { PrintProviderError, withFallback, type PrintProvider, type PrintProviders, type Sourced } from '../../../../libs/print/index.ts';
import { PreflightMessages } from '../../../../libs/print/preflight.ts';
import { authorPrice } from '../../../../libs/print/pricing.ts';
import { shippingAddressOf } from '../common/shipping-address.dto.ts';
import type { CalculatePrintDto } from './print.dto.ts';
import { ShortLivedCache } from './short-lived-cache.ts';

export const PRINT_PROVIDERS = Symbol('PRINT_PROVIDERS');

export interface QuoteRequest {
  product: PrintProduct;
  quantity: number;
  pageCount: number;
  address: ShippingAddress;
  shippingLevel: ShippingLevel;
}

/** How long a quote or the product list the provider gave is reused: long enough for an author trying options, short enough for its prices. */
export const PROVIDER_ANSWER_TTL_MS = 5 * 60_000;

/** The address fields a quote depends on, in a fixed order for the cache key. */
const ADDRESS_FIELDS: (keyof ShippingAddress)[] = ['name', 'address_line1', 'address_line2', 'city', 'state', 'postcode', 'country', 'phone'];

/** A provider answer that refuses the request itself (not an outage, a throttle or our credentials). */
const refusal = (error: PrintProviderError | undefined) => error?.status === 400 || error?.status === 422;

/**
 * Prices and shipping (§3.5, §9). What the author pays is our price (libs/print/pricing.ts): the product's tier price
 * per copy × quantity, plus the shipping and tax the provider quotes for the destination; the provider's own printing
 * cost is what we pay it and is not shown. When the provider fails (after its retries), the spec's mock answers and the quote says
 * `source: 'mock'`; a provider that refuses the request itself (an address it cannot ship to) is a 422, because a
 * guessed price for an order that cannot be printed would only fail later, after payment. The provider's quotes (per
 * product, pages, quantity, address and shipping level) and its product list are reused for a few minutes; the mock's
 * answers are not, so a provider that comes back is asked again at once.
 */
@Injectable()
export class PrintQuoteService {
  private readonly logger = new Logger(PrintQuoteService.name);
  private readonly quotes = new ShortLivedCache<CalculatePrintResponse>(PROVIDER_ANSWER_TTL_MS);
  private readonly productList = new ShortLivedCache<Sourced<PrintProduct[]>>(PROVIDER_ANSWER_TTL_MS, 1);

  constructor(@Inject(PRINT_PROVIDERS) private readonly providers: PrintProviders) {}

  get provider(): PrintProvider {
    return this.providers.provider;
  }

  /** The provider's answer, or the mock's when it failed; a refusal of the request becomes a 422 with `message`. */
  async sourced<T>(call: (provider: PrintProvider) => Promise<T>, message: string): Promise<Sourced<T>> {
    const answer = await withFallback(this.providers, call);
    if (answer.fallbackReason) {
      if (refusal(answer.fallbackReason)) throw new UnprocessableEntityException({ message, details: [{ field: 'provider', messages: [answer.fallbackReason.message] }] });
      this.logger.warn(`the print provider failed, the mock answered: ${answer.fallbackReason.message}`);
    }
    return answer;
  }

  /** Every product with its tiers, as the provider lists them (kept a few minutes), or the mock's list. */
  async products(): Promise<Sourced<PrintProduct[]>> {
    const kept = this.productList.get('products');
    if (kept) return kept;
    const answer = await this.sourced((provider) => provider.products(), PrintMessages.productsFailed);
    if (answer.source === 'provider') this.productList.set('products', answer);
    return answer;
  }

  /** The binding's page limits, as a 422 on `field`. */
  checkPages(product: PrintProduct, pageCount: number, field: string): void {
    const { min, max } = product.spec.pages;
    if (pageCount < min || pageCount > max) {
      const message = PreflightMessages.pageCount(product, pageCount);
      throw new UnprocessableEntityException({ message, details: [{ field, messages: [message] }] });
    }
  }

  /** POST /api/print/calculate: the page count checked (the address was, by its DTO), then the quote. */
  calculate(dto: CalculatePrintDto): Promise<CalculatePrintResponse> {
    const address = shippingAddressOf(dto.shipping_address);
    const product = printProduct(dto.pod_package_id) as PrintProduct;
    const pageCount = dto.page_count ?? DEFAULT_PRINT_PAGE_COUNT;
    this.checkPages(product, pageCount, 'page_count');
    return this.quote({ product, quantity: dto.quantity, pageCount, address, shippingLevel: dto.shipping_level });
  }

  async quote(quoted: QuoteRequest): Promise<CalculatePrintResponse> {
    const { product, quantity, pageCount, address, shippingLevel } = quoted;
    const key = JSON.stringify([product.spec.pod_package_id, pageCount, quantity, shippingLevel, ADDRESS_FIELDS.map((field) => address[field] ?? '')]);
    const kept = this.quotes.get(key);
    if (kept) return kept;
    const answer = await this.askQuote(quoted);
    if (answer.source === 'provider') this.quotes.set(key, answer);
    return answer;
  }

  private async askQuote({ product, quantity, pageCount, address, shippingLevel }: QuoteRequest): Promise<CalculatePrintResponse> {
    const request = { podPackageId: product.spec.pod_package_id, pageCount, quantity, address };
    const { value, source } = await this.sourced(
      (provider) => Promise.all([provider.calculateCost({ ...request, shippingLevel }), provider.shippingOptions(request)]),
      PrintMessages.calculateFailed,
    );
    const [providerCost, options] = value;
    const price = authorPrice(product, quantity, providerCost);
    const costs: PrintCosts = {
      unit_cost: price.unitCost,
      printing_cost: price.printingCost,
      shipping_cost: price.shippingCost,
      ...(price.tax === null ? {} : { tax: price.tax }),
      total: price.total,
      currency: price.currency,
    };
    const offered: ShippingOptionView[] = OFFERED_SHIPPING.flatMap(({ level, label, days }) => {
      const option = options.find((o) => o.level === level);
      // The chosen level costs what the breakdown says (the cost calculation adds the provider's fulfilment fee).
      return option ? [{ level, label, cost: level === shippingLevel ? price.shippingCost : option.cost, days: option.days || days }] : [];
    }).sort((a, b) => a.cost - b.cost);
    const chosen = options.find((o) => o.level === shippingLevel);
    const days = OFFERED_SHIPPING.find((o) => o.level === shippingLevel)?.days ?? '';
    return { costs, shipping_options: offered, estimated_delivery: chosen?.deliveryDate ?? chosen?.days ?? days, source };
  }
}
