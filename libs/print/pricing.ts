import { roundToCent, unitPrice, type PrintProduct } from '../domain/index.ts';
import type { CostQuote } from './provider.ts';

/**
 * What the author pays for an order (§3.5, §9): our tier price per copy (unitPrice) × quantity, plus the shipping and
 * the tax the provider (or, when it fails, the mock) quotes for the destination. The provider's own printing cost is
 * what Pressroom pays the provider; it is not passed on. The wizard's quote, the order's price and any re-quote before
 * payment all go through here, so the author is charged what was shown.
 */
export function authorPrice(product: PrintProduct, quantity: number, provider: CostQuote): CostQuote {
  const unitCost = unitPrice(product, quantity);
  const printingCost = roundToCent(unitCost * quantity);
  return {
    unitCost,
    printingCost,
    shippingCost: provider.shippingCost,
    tax: provider.tax,
    total: roundToCent(printingCost + provider.shippingCost + (provider.tax ?? 0)),
    currency: provider.currency,
  };
}
