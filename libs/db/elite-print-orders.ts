import type { EntityManager } from '@mikro-orm/core';
import { EliteQuote, EliteRequest } from './entities/index.ts';

/** What the author paid for an Elite request, whose copies a print order prints: included in it, not priced apart. */
export interface EliteIncluded {
  requestId: string;
  /** The accepted quote's amount, or the Elite fee paid up front (null when neither is known). */
  amountCents: number | null;
  currency: string | null;
}

/** The print orders among `orderIds` that print an Elite request's copies, with what the author paid for the request. */
export async function eliteIncludedOrders(em: EntityManager, orderIds: readonly string[]): Promise<Map<string, EliteIncluded>> {
  const found = new Map<string, EliteIncluded>();
  if (!orderIds.length) return found;
  const requests = await em.find(EliteRequest, { printOrderId: { $in: [...orderIds] } }, { populate: ['payment'] });
  if (!requests.length) return found;
  const quotes = await em.find(EliteQuote, { request: { $in: requests.map((r) => r.id) }, status: 'accepted' });
  for (const request of requests) {
    const quote = quotes.find((q) => q.request.id === request.id);
    const paid = quote ? { amountCents: quote.amountCents, currency: quote.currency } : request.payment ? { amountCents: request.payment.amount, currency: request.payment.currency } : { amountCents: null, currency: null };
    if (request.printOrderId) found.set(request.printOrderId, { requestId: request.id, ...paid });
  }
  return found;
}
