// The Lulu Print API over fetch (production https://api.lulu.com, sandbox https://api.sandbox.lulu.com), following
// its public OpenAPI document: OAuth2 client credentials, cost calculations, shipping options, cover dimensions, file
// validation, print jobs and webhooks. The wire types below are Lulu's field names; the simulator
// (testing/print-simulator) speaks the same ones.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config/index.ts';
import { PRINT_PRODUCTS, SHIPPING_LEVELS, type PrintProduct, type ShippingAddress, type ShippingLevel } from '../domain/index.ts';
import {
  PrintProviderError,
  type CostQuote,
  type CostRequest,
  type FileValidation,
  type FileValidationRequest,
  type PrintJobRequest,
  type PrintJobState,
  type PrintProvider,
  type ShippingOptionQuote,
} from './provider.ts';

export const LULU_TOKEN_PATH = '/auth/realms/glasstree/protocol/openid-connect/token';
export const LULU_SIGNATURE_HEADER = 'Lulu-HMAC-SHA256';
export const LULU_STATUS_TOPIC = 'PRINT_JOB_STATUS_CHANGED';
export const LULU_SANDBOX_URL = 'https://api.sandbox.lulu.com';
export const LULU_PRODUCTION_URL = 'https://api.lulu.com';

export interface LuluAddress {
  name?: string;
  street1: string;
  street2?: string;
  city: string;
  state_code?: string;
  country_code: string;
  postcode: string;
  phone_number: string;
  email?: string;
}

export interface LuluLineItemStatus {
  name: string;
  messages?: { error?: string; info?: string; timestamp?: string; tracking_id?: string; tracking_urls?: string | string[]; carrier_name?: string; url?: string | string[] };
}

export interface LuluLineItem {
  id: number;
  external_id?: string | null;
  title?: string;
  quantity: number;
  status?: LuluLineItemStatus;
  printable_normalization?: { pod_package_id: string; interior: { source_url: string }; cover: { source_url: string } };
  tracking_id?: string | null;
  tracking_urls?: string[] | null;
  carrier_name?: string | null;
}

export interface LuluPrintJob {
  id: number;
  external_id?: string | null;
  contact_email: string;
  status: { name: string; message?: string | null; changed?: string };
  line_items: LuluLineItem[];
  shipping_address: LuluAddress;
  shipping_level: string;
  date_created?: string;
  date_modified?: string;
}

/** Lulu's money amounts are decimal strings. */
export interface LuluCost {
  total_cost_excl_tax: string;
  total_cost_incl_tax: string;
  total_tax: string;
  tax_rate?: string;
}

export interface LuluCostCalculation {
  line_item_costs: (LuluCost & { quantity: number; cost_excl_discounts?: string })[];
  shipping_cost: LuluCost;
  fulfillment_cost?: LuluCost;
  total_cost_excl_tax: string;
  total_cost_incl_tax: string;
  total_tax: string;
  currency: string;
}

export interface LuluShippingOption {
  id: number;
  level: string;
  cost_excl_tax: string | null;
  currency: string;
  total_days_min?: number;
  total_days_max?: number;
  min_delivery_date?: string;
  max_delivery_date?: string;
  traceable?: boolean;
}

export interface LuluFileValidation {
  id: number;
  source_url: string;
  status: string | null;
  errors?: string[] | null;
  page_count?: number | string | null;
}

export interface LuluWebhook {
  id: string;
  is_active: boolean;
  topics: string[];
  url: string;
}

/** What Lulu posts to a webhook: the topic and, for PRINT_JOB_STATUS_CHANGED, the print job as GET /print-jobs/{id}/ shows it. */
export interface LuluWebhookPayload {
  topic: string;
  data: LuluPrintJob;
}

type LuluSettings = Pick<Config, 'LULU_API_URL' | 'LULU_CLIENT_KEY' | 'LULU_CLIENT_SECRET'>;

/** True when the configuration names a Lulu API (Lulu itself or the simulator) and its credentials. */
export const luluConfigured = (config: LuluSettings): boolean => Boolean(config.LULU_API_URL && config.LULU_CLIENT_KEY && config.LULU_CLIENT_SECRET);

export interface LuluClientOptions {
  apiUrl: string;
  clientKey: string;
  clientSecret: string;
  /** One HTTP call may take this long before it counts as timed out (retryable). */
  timeoutMs?: number;
  /** Reads are tried again this many times after a retryable failure (creating a job never is). */
  retries?: number;
  /** The first wait between tries; it doubles each time, or is the provider's Retry-After when longer. */
  backoffMs?: number;
  /** A Retry-After longer than this is not waited for in the call: the error carries it to the caller instead. */
  maxRetryWaitMs?: number;
  /** How long validateFiles waits for Lulu's verdict, and how often it asks. */
  validationWaitMs?: number;
  validationPollMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export function luluOptionsFrom(config: LuluSettings): Pick<LuluClientOptions, 'apiUrl' | 'clientKey' | 'clientSecret'> {
  if (!config.LULU_API_URL || !config.LULU_CLIENT_KEY || !config.LULU_CLIENT_SECRET) {
    throw new Error('Lulu is not configured: set LULU_API_URL, LULU_CLIENT_KEY and LULU_CLIENT_SECRET');
  }
  return { apiUrl: config.LULU_API_URL, clientKey: config.LULU_CLIENT_KEY, clientSecret: config.LULU_CLIENT_SECRET };
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const FINAL_VALIDATION = ['VALIDATED', 'NORMALIZED', 'ERROR'];

export class LuluPrintProvider implements PrintProvider {
  readonly source = 'provider' as const;
  readonly #base: string;
  readonly #basicAuth: string;
  readonly #timeoutMs: number;
  readonly #retries: number;
  readonly #backoffMs: number;
  readonly #maxRetryWaitMs: number;
  readonly #validationWaitMs: number;
  readonly #validationPollMs: number;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  #token: { value: string; refreshAt: number } | undefined;
  #tokenRequest: Promise<string> | undefined;

  constructor(options: LuluClientOptions) {
    this.#base = options.apiUrl.replace(/\/+$/, '');
    this.#basicAuth = Buffer.from(`${options.clientKey}:${options.clientSecret}`).toString('base64');
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#retries = options.retries ?? 2;
    this.#backoffMs = options.backoffMs ?? 500;
    this.#maxRetryWaitMs = options.maxRetryWaitMs ?? 10_000;
    this.#validationWaitMs = options.validationWaitMs ?? 60_000;
    this.#validationPollMs = options.validationPollMs ?? 2_000;
    this.#fetch = options.fetch ?? fetch;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? sleep;
  }

  /** Lulu has no product list: we sell the SKUs of §9, and a token shows Lulu is reachable with our credentials. */
  async products(): Promise<PrintProduct[]> {
    await this.#withRetries(true, () => this.#accessToken());
    return [...PRINT_PRODUCTS];
  }

  async calculateCost(request: CostRequest): Promise<CostQuote> {
    const answer = await this.#call<LuluCostCalculation>('POST', '/print-job-cost-calculations/', {
      line_items: [{ page_count: request.pageCount, pod_package_id: request.podPackageId, quantity: request.quantity }],
      shipping_address: luluAddress(request.address),
      shipping_option: request.shippingLevel,
    });
    return costQuote(answer, request.quantity);
  }

  async shippingOptions(request: Omit<CostRequest, 'shippingLevel'>): Promise<ShippingOptionQuote[]> {
    const { address } = request;
    const answer = await this.#call<LuluShippingOption[] | { results: LuluShippingOption[] }>('POST', '/shipping-options/', {
      currency: 'USD',
      line_items: [{ page_count: request.pageCount, pod_package_id: request.podPackageId, quantity: request.quantity }],
      shipping_address: {
        street1: address.address_line1,
        ...(address.address_line2 ? { street2: address.address_line2 } : {}),
        city: address.city,
        ...(address.state ? { state_code: address.state } : {}),
        country: address.country,
        postcode: address.postcode,
        phone_number: address.phone,
      },
    });
    return shippingQuotes(Array.isArray(answer) ? answer : (answer.results ?? []));
  }

  async coverDimensions(podPackageId: string, pageCount: number): Promise<{ width: number; height: number }> {
    const answer = await this.#call<{ width: string | number; height: string | number; unit?: string }>('POST', '/cover-dimensions/', {
      pod_package_id: podPackageId,
      interior_page_count: pageCount,
      unit: 'pt',
    });
    const width = Number(answer.width);
    const height = Number(answer.height);
    if (!(width > 0 && height > 0) || (answer.unit && answer.unit !== 'pt')) throw unreadable('cover dimensions', answer);
    return { width, height };
  }

  /** Starts Lulu's interior and cover validations and waits (a bounded time) for both verdicts. */
  async validateFiles(request: FileValidationRequest): Promise<FileValidation> {
    const start = (path: string, body: unknown) => this.#call<LuluFileValidation>('POST', path, body);
    let [interior, cover] = await Promise.all([
      start('/validate-interior/', { source_url: request.interiorUrl, pod_package_id: request.podPackageId }),
      start('/validate-cover/', { source_url: request.coverUrl, pod_package_id: request.podPackageId, interior_page_count: request.pageCount }),
    ]);
    const done = () => FINAL_VALIDATION.includes(interior.status ?? '') && FINAL_VALIDATION.includes(cover.status ?? '');
    for (let polls = Math.ceil(this.#validationWaitMs / this.#validationPollMs); !done() && polls > 0; polls--) {
      await this.#sleep(this.#validationPollMs);
      [interior, cover] = await Promise.all([
        this.#call<LuluFileValidation>('GET', `/validate-interior/${interior.id}/`),
        this.#call<LuluFileValidation>('GET', `/validate-cover/${cover.id}/`),
      ]);
    }
    const errors = [...(interior.errors ?? []).map((e) => `Interior: ${e}`), ...(cover.errors ?? []).map((e) => `Cover: ${e}`)];
    const pages = Number(interior.page_count);
    return {
      status: interior.status === 'ERROR' || cover.status === 'ERROR' ? 'invalid' : done() ? 'valid' : 'pending',
      errors,
      pageCount: Number.isInteger(pages) && pages > 0 ? pages : null,
    };
  }

  /** Never retried here: a time-out may have created the job, so the caller looks for it with findPrintJob first. */
  async createPrintJob(request: PrintJobRequest): Promise<PrintJobState> {
    const job = await this.#call<LuluPrintJob>(
      'POST',
      '/print-jobs/',
      {
        contact_email: request.contactEmail,
        external_id: request.externalId,
        line_items: [
          {
            external_id: request.externalId,
            title: request.title.slice(0, 255),
            quantity: request.quantity,
            printable_normalization: {
              pod_package_id: request.podPackageId,
              interior: { source_url: request.interiorUrl },
              cover: { source_url: request.coverUrl },
            },
          },
        ],
        shipping_address: { ...luluAddress(request.address), name: request.address.name, email: request.contactEmail },
        shipping_level: request.shippingLevel,
      },
      { retry: false },
    );
    return parseLuluPrintJob(job);
  }

  async getPrintJob(id: string): Promise<PrintJobState> {
    return parseLuluPrintJob(await this.#call<LuluPrintJob>('GET', `/print-jobs/${encodeURIComponent(id)}/`));
  }

  async findPrintJob(externalId: string): Promise<PrintJobState | null> {
    const answer = await this.#call<{ results: LuluPrintJob[] }>('GET', `/print-jobs/?${new URLSearchParams({ search: externalId })}`);
    const matches = (answer.results ?? []).filter((job) => job.external_id === externalId).sort((a, b) => b.id - a.id);
    return matches[0] ? parseLuluPrintJob(matches[0]) : null;
  }

  async listWebhooks(): Promise<LuluWebhook[]> {
    const answer = await this.#call<{ results: LuluWebhook[] } | LuluWebhook[]>('GET', '/webhooks/');
    return Array.isArray(answer) ? answer : (answer.results ?? []);
  }

  /** Subscribes `url` to print-job status changes (Lulu then posts each change there, signed with our API secret). */
  async subscribeWebhook(url: string, topics: string[] = [LULU_STATUS_TOPIC]): Promise<LuluWebhook> {
    return this.#call<LuluWebhook>('POST', '/webhooks/', { topics, url }, { retry: false });
  }

  /** Makes sure `url` receives status changes: reuses its subscription (reactivating one Lulu switched off) or creates it. */
  async ensureWebhook(url: string): Promise<LuluWebhook> {
    const existing = (await this.listWebhooks()).find((hook) => hook.url === url);
    if (!existing) return this.subscribeWebhook(url);
    if (existing.is_active && existing.topics.includes(LULU_STATUS_TOPIC)) return existing;
    const topics = [...new Set([...existing.topics, LULU_STATUS_TOPIC])];
    return this.#call<LuluWebhook>('PATCH', `/webhooks/${encodeURIComponent(existing.id)}/`, { is_active: true, topics, url });
  }

  /** An authorised JSON call; reads are retried on retryable failures, writes only when `retry` says so. */
  async #call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, { retry = true }: { retry?: boolean } = {}): Promise<T> {
    return this.#withRetries(retry, async () => {
      const send = async () =>
        this.#send(method, path, { Authorization: `Bearer ${await this.#accessToken()}`, 'Content-Type': 'application/json', Accept: 'application/json' }, body === undefined ? undefined : JSON.stringify(body));
      let answer = await send();
      if (answer.status === 401) {
        // A token Lulu no longer accepts (expired early, revoked): one fresh token, once. A 401 means nothing was done.
        this.#token = undefined;
        answer = await send();
      }
      return readJson<T>(answer, method, path);
    });
  }

  async #withRetries<T>(retry: boolean, attempt: () => Promise<T>): Promise<T> {
    for (let tries = 0; ; tries++) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof PrintProviderError) || !error.retryable || !retry || tries >= this.#retries) throw error;
        const wait = Math.max(this.#backoffMs * 2 ** tries, error.retryAfterMs ?? 0);
        if (wait > this.#maxRetryWaitMs) throw error;
        await this.#sleep(wait);
      }
    }
  }

  /** The cached token until shortly before it expires; concurrent callers share one token request. */
  async #accessToken(): Promise<string> {
    if (this.#token && this.#now() < this.#token.refreshAt) return this.#token.value;
    this.#tokenRequest ??= this.#requestToken().finally(() => {
      this.#tokenRequest = undefined;
    });
    return this.#tokenRequest;
  }

  async #requestToken(): Promise<string> {
    const answer = await this.#send(
      'POST',
      LULU_TOKEN_PATH,
      { Authorization: `Basic ${this.#basicAuth}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      'grant_type=client_credentials',
    );
    const body = readJson<{ access_token?: unknown; expires_in?: unknown }>(answer, 'POST', LULU_TOKEN_PATH);
    if (typeof body.access_token !== 'string' || !body.access_token) throw unreadable('token', body);
    const ttlMs = (Number(body.expires_in) > 0 ? Number(body.expires_in) : 300) * 1000;
    this.#token = { value: body.access_token, refreshAt: this.#now() + ttlMs - Math.min(60_000, ttlMs / 10) };
    return body.access_token;
  }

  async #send(method: string, path: string, headers: Record<string, string>, body: string | undefined): Promise<Answer> {
    const what = `${method} ${path.split('?')[0]}`;
    try {
      const response = await this.#fetch(`${this.#base}${path}`, { method, headers, body, signal: AbortSignal.timeout(this.#timeoutMs) });
      return { status: response.status, headers: response.headers, text: await response.text() };
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new PrintProviderError(`Lulu did not answer ${what} within ${this.#timeoutMs} ms`, { retryable: true });
      }
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new PrintProviderError(`Lulu could not be reached for ${what}: ${cause?.code ?? cause?.message ?? (error as Error).message}`, { retryable: true });
    }
  }
}

function readJson<T>(answer: Answer, method: string, path: string): T {
  const what = `${method} ${path.split('?')[0]}`;
  if (answer.status < 200 || answer.status >= 300) {
    const retryable = answer.status >= 500 || answer.status === 429 || answer.status === 408;
    throw new PrintProviderError(`Lulu answered ${answer.status} to ${what}: ${describeError(answer.text)}`, {
      retryable,
      status: answer.status,
      retryAfterMs: retryAfterMs(answer.headers.get('retry-after')),
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

/** Retry-After in seconds or as an HTTP date. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

const unreadable = (what: string, body: unknown) =>
  new PrintProviderError(`Lulu answered a ${what} we could not read: ${JSON.stringify(body).slice(0, 200)}`, { retryable: false });

const cents = (value: number) => Math.round(value * 100) / 100;

function amount(value: string | number | undefined | null, what: string): number {
  const n = Number(value);
  if (value === undefined || value === null || value === '' || !Number.isFinite(n)) throw unreadable('cost calculation', { [what]: value });
  return n;
}

function luluAddress(address: ShippingAddress): LuluAddress {
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
    unitCost: cents(printing / quantity),
    printingCost: cents(printing),
    shippingCost: cents(shipping),
    tax: cents(amount(answer.total_tax, 'total_tax')),
    total: cents(amount(answer.total_cost_incl_tax, 'total_cost_incl_tax')),
    currency: answer.currency || 'USD',
  };
}

/** The cheapest option of each level we know, cheapest first. */
function shippingQuotes(options: LuluShippingOption[]): ShippingOptionQuote[] {
  const best = new Map<ShippingLevel, ShippingOptionQuote>();
  for (const option of options) {
    const level = option.level as ShippingLevel;
    const cost = Number(option.cost_excl_tax);
    if (!SHIPPING_LEVELS.includes(level) || option.cost_excl_tax === null || !Number.isFinite(cost)) continue;
    const { total_days_min: min, total_days_max: max } = option;
    const days = min && max ? (min === max ? `${min} business days` : `${min}-${max} business days`) : '';
    const quote = { level, cost: cents(cost), days, deliveryDate: option.max_delivery_date ?? null };
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

/** Lulu's signature of a webhook body: HMAC-SHA256 of the raw body keyed with the API (client) secret, hex. */
export function signLuluWebhook(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * Checks the Lulu-HMAC-SHA256 header against the raw body, in constant time. Lulu's documentation does not name the
 * digest's encoding: hex (what Lulu sends in practice, and the simulator) and base64 of the same 32 bytes both pass.
 */
export function verifyLuluWebhook(rawBody: string | Buffer, header: string | string[] | null | undefined, secret: string | null | undefined): boolean {
  if (!secret || typeof header !== 'string') return false;
  const value = header.trim();
  const given = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : /^[A-Za-z0-9+/]{43}=$/.test(value) ? Buffer.from(value, 'base64') : null;
  if (!given) return false;
  return timingSafeEqual(given, createHmac('sha256', secret).update(rawBody).digest());
}

/** A verified webhook body read: its topic and the print job; null when it is not one. */
export function parseLuluWebhook(rawBody: string | Buffer): { topic: string; job: PrintJobState } | null {
  try {
    const payload = JSON.parse(rawBody.toString()) as LuluWebhookPayload;
    if (typeof payload?.topic !== 'string') return null;
    return { topic: payload.topic, job: parseLuluPrintJob(payload.data) };
  } catch {
    return null;
  }
}
