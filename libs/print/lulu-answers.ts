// Reading Lulu's answers: its errors as PrintProviderErrors, and its costs, shipping options and print jobs as the
// provider-neutral shapes of provider.ts.
import { retryAfterMs, roundToCent, SHIPPING_LEVELS, type ShippingAddress, type ShippingLevel } from '../domain/index.ts';
import type { LuluAddress, LuluCostCalculation, LuluPrintJob, LuluShippingOption } from './lulu-wire.ts';
import { PrintProviderError, type CostQuote, type PrintJobState, type ShippingOptionQuote } from './provider.ts';

/** An HTTP answer as the client read it. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** A successful answer's JSON body; anything else as a PrintProviderError saying whether a retry may help. */
export function readJson<T>(answer: Answer, method: string, path: string): T {
  const what = `${method} ${path.split('?')[0]}`;
  if (answer.status < 200 || answer.status >= 300) {
    const retryable = answer.status >= 500 || answer.status === 429 || answer.status === 408;
    throw new PrintProviderError(`Lulu answered ${answer.status} to ${what}: ${describeError(answer.text)}`, {
      retryable,
      status: answer.status,
      retryAfterMs: retryAfterMs(answer.headers) ?? null,
    });
  }
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new PrintProviderError(`Lulu answered ${what} with something other than JSON`, { retryable: true, status: answer.status });
  }
}

/** Lulu's error bodies: {detail}, OAuth's {error_description}, or validation errors as {field: [messages]} (nested). */
function describeError(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text.slice(0, 300) || 'no details';
  }
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    if (typeof record.detail === 'string') return record.detail;
    if (typeof record.error_description === 'string') return record.error_description;
  }
  const parts: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) parts.push(`${path}: ${value.join(' ')}`);
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
    else if (value !== undefined && value !== null) parts.push(path ? `${path}: ${String(value)}` : String(value));
  };
  walk(body, '');
  return parts.join('; ').slice(0, 500) || 'no details';
}

export const unreadable = (what: string, body: unknown) =>
  new PrintProviderError(`Lulu answered a ${what} we could not read: ${JSON.stringify(body).slice(0, 200)}`, { retryable: false });

function amount(value: string | number | undefined | null, what: string): number {
  const n = Number(value);
  if (value === undefined || value === null || value === '' || !Number.isFinite(n)) throw unreadable('cost calculation', { [what]: value });
  return n;
}

export function luluAddress(address: ShippingAddress): LuluAddress {
  return {
    street1: address.address_line1,
    ...(address.address_line2 ? { street2: address.address_line2 } : {}),
    city: address.city,
    ...(address.state ? { state_code: address.state } : {}),
    country_code: address.country,
    postcode: address.postcode,
    phone_number: address.phone,
  };
}

/**
 * Our quote from Lulu's calculation: printing is the line items' total, unit cost that over the quantity; shipping
 * includes Lulu's fulfilment fee (its "shipping and handling" plus fulfilment), so printing + shipping + tax = total.
 */
export function costQuote(answer: LuluCostCalculation, quantity: number): CostQuote {
  const printing = (answer.line_item_costs ?? []).reduce((sum, line) => sum + amount(line.total_cost_excl_tax, 'line_item_costs.total_cost_excl_tax'), 0);
  const shipping = amount(answer.shipping_cost?.total_cost_excl_tax, 'shipping_cost') + (answer.fulfillment_cost ? amount(answer.fulfillment_cost.total_cost_excl_tax, 'fulfillment_cost') : 0);
  return {
    unitCost: roundToCent(printing / quantity),
    printingCost: roundToCent(printing),
    shippingCost: roundToCent(shipping),
    tax: roundToCent(amount(answer.total_tax, 'total_tax')),
    total: roundToCent(amount(answer.total_cost_incl_tax, 'total_cost_incl_tax')),
    currency: answer.currency || 'USD',
  };
}

/** The cheapest option of each level we know, cheapest first. */
export function shippingQuotes(options: LuluShippingOption[]): ShippingOptionQuote[] {
  const best = new Map<ShippingLevel, ShippingOptionQuote>();
  for (const option of options) {
    const level = option.level as ShippingLevel;
    const cost = Number(option.cost_excl_tax);
    if (!SHIPPING_LEVELS.includes(level) || option.cost_excl_tax === null || !Number.isFinite(cost)) continue;
    const { total_days_min: min, total_days_max: max } = option;
    const days = min && max ? (min === max ? `${min} business days` : `${min}-${max} business days`) : '';
    const quote = { level, cost: roundToCent(cost), days, deliveryDate: option.max_delivery_date ?? null };
    const current = best.get(level);
    if (!current || quote.cost < current.cost) best.set(level, quote);
  }
  return [...best.values()].sort((a, b) => a.cost - b.cost);
}

/** A print job in Lulu's format (GET /print-jobs/{id}/, a webhook's data) as we follow it: its first line item carries the tracking. */
export function parseLuluPrintJob(job: LuluPrintJob): PrintJobState {
  if (!job || (typeof job.id !== 'number' && typeof job.id !== 'string') || typeof job.status?.name !== 'string') throw unreadable('print job', job);
  const item = job.line_items?.[0];
  const messages = item?.status?.messages ?? {};
  const urls = item?.tracking_urls ?? messages.tracking_urls ?? messages.url ?? [];
  return {
    id: String(job.id),
    externalId: job.external_id ?? null,
    status: job.status.name,
    message: job.status.message || messages.error || null,
    trackingId: item?.tracking_id || messages.tracking_id || null,
    carrierName: item?.carrier_name || messages.carrier_name || null,
    trackingUrls: (Array.isArray(urls) ? urls : [urls]).filter((url): url is string => typeof url === 'string' && url.length > 0),
  };
}
