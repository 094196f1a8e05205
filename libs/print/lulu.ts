// The Lulu Print API over fetch (production https://api.lulu.com, sandbox https://api.sandbox.lulu.com), following
// its public OpenAPI document: OAuth2 client credentials, cost calculations, shipping options, cover dimensions, file
// validation, print jobs and webhooks. Its wire format is lulu-wire.ts; reading its answers, lulu-answers.ts.
import type { Config } from '../config/index.ts';
import { PRINT_PRODUCTS, type PrintProduct } from '../domain/index.ts';
import { costQuote, luluAddress, parseLuluPrintJob, readJson, shippingQuotes, unreadable, type Answer } from './lulu-answers.ts';
import {
  LULU_STATUS_TOPIC,
  LULU_TOKEN_PATH,
  type LuluCostCalculation,
  type LuluFileValidation,
  type LuluPrintJob,
  type LuluShippingOption,
  type LuluWebhook,
} from './lulu-wire.ts';
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

export * from './lulu-wire.ts';
export * from './lulu-webhooks.ts';

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
