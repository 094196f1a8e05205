// A loopback stand-in for the Lulu Print API, speaking its wire format (libs/print/lulu.ts): OAuth2 client
// credentials, cost calculations, shipping options, cover dimensions, file validation, print jobs that move through
// Lulu's statuses at a set pace, and webhooks signed as Lulu signs them. Control endpoints under /__control (loopback
// callers only) make it fail, hang, change pace or move a job. It keeps everything in memory.
//
// Of the PDFs it is given it reads only the first bytes (a ranged GET): a job or validation whose file does not answer
// as a PDF is rejected, as Lulu would after failing to download it. Nothing else is downloaded.
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { COUNTRIES, printProduct, regionsOf, SHIPPING_LEVELS, type ShippingLevel } from '../../libs/domain/index.ts';
import { printCoverSize } from '../../libs/print/cover.ts';
import {
  LULU_SIGNATURE_HEADER,
  LULU_STATUS_TOPIC,
  LULU_TOKEN_PATH,
  signLuluWebhook,
  type LuluAddress,
  type LuluCostCalculation,
  type LuluFileValidation,
  type LuluPrintJob,
  type LuluShippingOption,
  type LuluWebhook,
} from '../../libs/print/lulu.ts';

/** The statuses a job moves through, one step at a time (Lulu's normal path). */
export const SIMULATED_PATH = ['CREATED', 'UNPAID', 'PAYMENT_IN_PROGRESS', 'PRODUCTION_DELAYED', 'PRODUCTION_READY', 'IN_PRODUCTION', 'SHIPPED'] as const;
/** Put one of these in a job's title or external_id to have it rejected after validation, or cancelled once unpaid. */
export const REJECT_MARKER = '[reject]';
export const CANCEL_MARKER = '[cancel]';
/** About two minutes from creation to SHIPPED. */
export const DEFAULT_STEP_MS = 20_000;

const STATUS_MESSAGES: Record<string, string> = {
  CREATED: 'Print-job is currently being validated',
  UNPAID: 'Print-job was accepted and needs to be paid',
  PAYMENT_IN_PROGRESS: 'Payment is in progress',
  PRODUCTION_DELAYED: 'Print-job is paid and will move to production after the mandatory production delay',
  PRODUCTION_READY: 'Production delay has ended and the print-job will move to production shortly',
  IN_PRODUCTION: 'Print-job submitted to printer',
  SHIPPED: 'All line-items were shipped',
  CANCELED: 'Print-job was canceled',
};
const CANCELABLE = ['CREATED', 'UNPAID', 'PAYMENT_IN_PROGRESS', 'PRODUCTION_DELAYED'];
const LINE_ITEM_STATUS: Record<string, string> = { CREATED: 'CREATED', IN_PRODUCTION: 'IN_PRODUCTION', SHIPPED: 'SHIPPED', REJECTED: 'REJECTED', CANCELED: 'REJECTED' };

/** The simulator's prices (not the mock's, so a test can tell them apart). */
const SHIPPING: Record<ShippingLevel, { base: number; days: [number, number]; carrier: string }> = {
  MAIL: { base: 4.49, days: [7, 14], carrier: 'USPS' },
  PRIORITY_MAIL: { base: 9.49, days: [5, 8], carrier: 'USPS' },
  GROUND: { base: 7.49, days: [4, 7], carrier: 'UPS' },
  EXPEDITED: { base: 14.99, days: [2, 3], carrier: 'FedEx' },
  EXPRESS: { base: 27.99, days: [1, 2], carrier: 'FedEx' },
};
const TAX_RATE = 0.06;
const FULFILLMENT_FEE = 0.75;
const money = (value: number) => (Math.round(value * 100) / 100).toFixed(2);

export type Fault = 500 | 502 | 503 | 429 | 'timeout';

export interface PrintSimulatorOptions {
  port?: number;
  host?: string;
  clientKey?: string;
  clientSecret?: string;
  /** Time between two statuses of a job; 'manual' leaves every move to the control calls. */
  stepMs?: number | 'manual';
  tokenTtlSeconds?: number;
  /** Subscriptions present from the start (as if made with POST /webhooks/ earlier). */
  webhookUrls?: string[];
  /** Read the first bytes of each PDF URL (default true); off where the simulator cannot reach the files. */
  checkFiles?: boolean;
  /** Wait before retrying a failed webhook submission (multiplied by the attempt). */
  webhookRetryMs?: number;
  log?: (line: string) => void;
}

interface Job {
  json: LuluPrintJob & Record<string, unknown>;
  timer: NodeJS.Timeout | undefined;
  files: { interior: string; cover: string };
  marker: 'reject' | 'cancel' | null;
}

export interface Submission {
  webhookId: string;
  url: string;
  topic: string;
  jobId: number;
  jobStatus: string;
  /** The HTTP status the receiver answered with on the last attempt; null when it could not be reached. */
  status: number | null;
  attempts: number;
  body: string;
  signature: string;
}

class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(`HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}
const badRequest = (body: unknown) => new HttpError(400, body);
const notFound = () => new HttpError(404, { detail: 'Not found.' });
const required = ['This field is required.'];

const isLoopback = (address: string | undefined) => !!address && ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(address);

export class PrintSimulator {
  url = '';
  readonly clientKey: string;
  readonly clientSecret: string;
  readonly jobs = new Map<number, Job>();
  readonly webhooks: LuluWebhook[] = [];
  readonly submissions: Submission[] = [];
  /** Every call to the Lulu API (not the control endpoints), as method and path. */
  readonly requests: { method: string; path: string }[] = [];
  readonly #options: PrintSimulatorOptions;
  #stepMs: number | 'manual';
  readonly #tokens = new Map<string, number>();
  readonly #faults: { fault: Fault; remaining: number; retryAfter: number; path: string | undefined }[] = [];
  readonly #validations = new Map<string, LuluFileValidation>();
  readonly #deliveries = new Map<string, Promise<void>>();
  /** Failed submissions in a row, per subscription: five switch it off, as at Lulu. */
  readonly #failuresInARow = new Map<string, number>();
  readonly #pending = new Set<Promise<unknown>>();
  #nextId = Math.floor(Date.now() / 1000) * 100;
  #server: Server | undefined;

  constructor(options: PrintSimulatorOptions = {}) {
    this.#options = options;
    this.clientKey = options.clientKey ?? `simulator-${randomBytes(4).toString('hex')}`;
    this.clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
    this.#stepMs = options.stepMs ?? DEFAULT_STEP_MS;
    for (const url of options.webhookUrls ?? []) this.subscribe(url);
  }

  /** What a Pressroom configuration needs to use this simulator as its Lulu. */
  env(): { LULU_API_URL: string; LULU_CLIENT_KEY: string; LULU_CLIENT_SECRET: string } {
    return { LULU_API_URL: this.url, LULU_CLIENT_KEY: this.clientKey, LULU_CLIENT_SECRET: this.clientSecret };
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.#handle(req, res));
    this.#server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#options.port ?? 0, this.#options.host ?? '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const host = this.#options.host && !['0.0.0.0', '::'].includes(this.#options.host) ? this.#options.host : '127.0.0.1';
    this.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const job of this.jobs.values()) clearTimeout(job.timer);
    const server = this.#server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.allSettled([...this.#pending]);
  }

  /** The next `count` API calls (those under `path` only, when given) answer this status, or hang for 'timeout'. */
  fail(fault: Fault, count = 1, { retryAfter = 1, path }: { retryAfter?: number; path?: string } = {}): void {
    this.#faults.push({ fault, remaining: count, retryAfter, path });
  }

  clearFaults(): void {
    this.#faults.length = 0;
  }

  setPace(stepMs: number | 'manual'): void {
    this.#stepMs = stepMs;
    for (const job of this.jobs.values()) this.#schedule(job);
  }

  /** Every token issued so far stops working (as if they had expired). */
  revokeTokens(): void {
    this.#tokens.clear();
  }

  /** A subscription to PRINT_JOB_STATUS_CHANGED, as POST /webhooks/ makes. */
  subscribe(url: string): LuluWebhook {
    const existing = this.webhooks.find((hook) => hook.url === url);
    if (existing) return existing;
    const hook: LuluWebhook = { id: randomUUID(), is_active: true, topics: [LULU_STATUS_TOPIC], url };
    this.webhooks.push(hook);
    return hook;
  }

  unsubscribe(id: string): void {
    const index = this.webhooks.findIndex((hook) => hook.id === id);
    if (index >= 0) this.webhooks.splice(index, 1);
  }

  job(id: number | string): LuluPrintJob | undefined {
    return this.jobs.get(Number(id))?.json;
  }

  /** Moves a job to its next status at once (what the pace does on its own). */
  async advance(id: number | string): Promise<LuluPrintJob> {
    const job = this.#job(id);
    await this.#step(job);
    return job.json;
  }

  /** Puts a job in any status (REJECTED or CANCELED on request) and tells the webhooks. */
  setStatus(id: number | string, name: string, message?: string): LuluPrintJob {
    const job = this.#job(id);
    this.#change(job, name, message);
    return job.json;
  }

  /** Resolves once every webhook submission started so far has finished (delivered or given up). */
  async settled(): Promise<void> {
    while (this.#pending.size) await Promise.allSettled([...this.#pending]);
  }

  #log(line: string): void {
    this.#options.log?.(line);
  }

  #track<T>(promise: Promise<T>): Promise<T> {
    this.#pending.add(promise);
    void promise.finally(() => this.#pending.delete(promise)).catch(() => undefined);
    return promise;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const path = url.pathname;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (res.headersSent) return;
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    try {
      const raw = await readBody(req);
      if (path.startsWith('/__control/')) {
        if (!isLoopback(req.socket.remoteAddress)) throw new HttpError(403, { detail: 'Control endpoints answer loopback callers only.' });
        return send(200, await this.#control(req.method ?? 'GET', path, parseJson(raw)));
      }
      if (req.method === 'GET' && path.startsWith('/tracking/')) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><title>Tracking</title><h1>Package ${escapeHtml(decodeURIComponent(path.slice('/tracking/'.length)))}</h1><p>Shipped (Lulu simulator).</p>`);
        return;
      }
      this.requests.push({ method: req.method ?? 'GET', path });
      const fault = this.#takeFault(path);
      if (fault === 'timeout') return; // hang: the caller's time-out ends it
      if (fault === 429) return send(429, { detail: `Request was throttled. Expected available in ${this.#lastRetryAfter} seconds.` }, { 'Retry-After': String(this.#lastRetryAfter) });
      if (fault) return send(fault, { detail: 'A server error occurred.' });
      if (path === LULU_TOKEN_PATH && req.method === 'POST') return send(200, this.#issueToken(req, raw));
      this.#authorise(req);
      const [status, body] = await this.#api(req.method ?? 'GET', path, url.searchParams, parseJson(raw));
      send(status, body);
    } catch (error) {
      if (error instanceof HttpError) return send(error.status, error.body);
      this.#log(`error: ${(error as Error).stack ?? String(error)}`);
      send(500, { detail: 'A server error occurred.' });
    }
  }

  #lastRetryAfter = 1;

  #takeFault(path: string): Fault | null {
    const fault = this.#faults.find((f) => f.remaining > 0 && (!f.path || path.startsWith(f.path)));
    if (!fault) return null;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.#faults.splice(this.#faults.indexOf(fault), 1);
    this.#lastRetryAfter = fault.retryAfter;
    return fault.fault;
  }

  #issueToken(req: IncomingMessage, raw: string): unknown {
    const form = new URLSearchParams(raw);
    let [key, secret] = [form.get('client_id') ?? '', form.get('client_secret') ?? ''];
    const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (basic) {
      const decoded = Buffer.from(basic, 'base64').toString();
      const colon = decoded.indexOf(':');
      [key, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
    }
    if (form.get('grant_type') !== 'client_credentials') {
      throw new HttpError(400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant_type' });
    }
    if (!sameText(key, this.clientKey) || !sameText(secret, this.clientSecret)) {
      throw new HttpError(401, { error: 'unauthorized_client', error_description: 'Invalid client or Invalid client credentials' });
    }
    const ttl = this.#options.tokenTtlSeconds ?? 3600;
    const token = randomBytes(32).toString('base64url');
    this.#tokens.set(token, Date.now() + ttl * 1000);
    return { access_token: token, expires_in: ttl, refresh_expires_in: 0, token_type: 'Bearer', 'not-before-policy': 0, scope: 'profile email' };
  }

  #authorise(req: IncomingMessage): void {
    const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) throw new HttpError(401, { detail: 'Authentication credentials were not provided.' });
    const expires = this.#tokens.get(token);
    if (!expires || expires < Date.now()) throw new HttpError(401, { detail: 'Given token not valid for any token type' });
  }

  async #api(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): Promise<[number, unknown]> {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/print-job-cost-calculations/') return [201, this.#costs(body)];
    if (method === 'POST' && path === '/shipping-options/') return [200, this.#shippingOptions(body)];
    if (method === 'POST' && path === '/cover-dimensions/') return [201, coverDimensions(body)];
    if (method === 'POST' && (m = /^\/validate-(interior|cover)\/$/.exec(path))) return [201, this.#startValidation(m[1] as 'interior' | 'cover', body)];
    if (method === 'GET' && (m = /^\/validate-(interior|cover)\/(\d+)\/$/.exec(path))) {
      const record = this.#validations.get(`${m[1]}:${m[2]}`);
      if (!record) throw notFound();
      return [200, record];
    }
    if (method === 'POST' && path === '/print-jobs/') return [201, this.#createJob(body)];
    if (method === 'GET' && path === '/print-jobs/') return [200, this.#listJobs(query)];
    if (method === 'GET' && (m = /^\/print-jobs\/(\d+)\/$/.exec(path))) return [200, this.#job(m[1] as string).json];
    if (method === 'GET' && (m = /^\/print-jobs\/(\d+)\/status\/$/.exec(path))) return [200, this.#job(m[1] as string).json.status];
    if (method === 'PUT' && (m = /^\/print-jobs\/(\d+)\/status\/$/.exec(path))) return [200, this.#cancel(m[1] as string, body)];
    if (method === 'GET' && path === '/webhooks/') return [200, page(this.webhooks)];
    if (method === 'POST' && path === '/webhooks/') return [201, this.#createHook(body)];
    if ((m = /^\/webhooks\/([\w-]+)\/$/.exec(path))) return this.#hook(method, m[1] as string, body);
    throw notFound();
  }

  async #control(method: string, path: string, body: Record<string, unknown>): Promise<unknown> {
    let m: RegExpExecArray | null;
    if (path === '/__control/faults' && method === 'POST') {
      const fault = body.status === 'timeout' ? 'timeout' : Number(body.status);
      if (fault !== 'timeout' && ![429, 500, 502, 503].includes(fault)) throw badRequest({ status: ['Use 429, 500, 502, 503 or "timeout".'] });
      this.fail(fault as Fault, Number(body.count ?? 1), { retryAfter: Number(body.retryAfter ?? 1), ...(typeof body.path === 'string' ? { path: body.path } : {}) });
      return { faults: this.#faults.length };
    }
    if (path === '/__control/faults' && method === 'DELETE') {
      this.clearFaults();
      return { faults: 0 };
    }
    if (path === '/__control/pace' && method === 'POST') {
      const stepMs = body.stepMs === 'manual' ? 'manual' : Number(body.stepMs);
      if (stepMs !== 'manual' && !(stepMs >= 0)) throw badRequest({ stepMs: ['A number of milliseconds or "manual".'] });
      this.setPace(stepMs);
      return { stepMs };
    }
    if (path === '/__control/tokens/revoke' && method === 'POST') {
      this.revokeTokens();
      return { revoked: true };
    }
    if ((m = /^\/__control\/print-jobs\/(\d+)\/status$/.exec(path)) && method === 'POST') {
      if (typeof body.name !== 'string') throw badRequest({ name: required });
      return this.setStatus(m[1] as string, body.name, typeof body.message === 'string' ? body.message : undefined);
    }
    if ((m = /^\/__control\/print-jobs\/(\d+)\/advance$/.exec(path)) && method === 'POST') return this.advance(m[1] as string);
    if (path === '/__control/state' && method === 'GET') {
      return {
        stepMs: this.#stepMs,
        jobs: [...this.jobs.values()].map((job) => job.json),
        webhooks: this.webhooks,
        submissions: this.submissions.map(({ body: _body, ...rest }) => rest),
      };
    }
    throw notFound();
  }

  #costs(body: Record<string, unknown>): LuluCostCalculation {
    const items = lineItems(body.line_items);
    const address = shippingAddress(body.shipping_address, 'shipping_address', ['street1', 'city', 'country_code', 'postcode', 'phone_number']);
    const level = shippingLevel(body.shipping_option, 'shipping_option', address.country_code);
    const lines = items.map(({ pod_package_id, page_count, quantity }) => {
      const unit = unitCost(pod_package_id, page_count);
      const excl = unit * quantity;
      return {
        cost_excl_discounts: money(unit),
        discounts: [],
        quantity,
        tax_rate: TAX_RATE.toFixed(6),
        total_cost_excl_discounts: money(excl),
        total_cost_excl_tax: money(excl),
        total_cost_incl_tax: money(excl * (1 + TAX_RATE)),
        total_tax: money(excl * TAX_RATE),
        unit_tier_cost: null,
      };
    });
    const copies = items.reduce((sum, item) => sum + item.quantity, 0);
    const shipping = shippingCost(level, copies, address.country_code);
    const linesExcl = lines.reduce((sum, line) => sum + Number(line.total_cost_excl_tax), 0);
    const excl = linesExcl + shipping + FULFILLMENT_FEE;
    const tax = Number(money(linesExcl * TAX_RATE)) + Number(money(shipping * TAX_RATE)) + Number(money(FULFILLMENT_FEE * TAX_RATE));
    const cost = (value: number) => ({ tax_rate: TAX_RATE.toFixed(6), total_cost_excl_tax: money(value), total_cost_incl_tax: money(value * (1 + TAX_RATE)), total_tax: money(value * TAX_RATE) });
    return {
      shipping_address: address,
      currency: 'USD',
      line_item_costs: lines,
      shipping_cost: cost(shipping),
      fulfillment_cost: cost(FULFILLMENT_FEE),
      fees: [],
      total_cost_excl_tax: money(excl),
      total_cost_incl_tax: money(excl + tax),
      total_discount_amount: '0.00',
      total_tax: money(tax),
    } as LuluCostCalculation;
  }

  #shippingOptions(body: Record<string, unknown>): LuluShippingOption[] {
    const items = lineItems(body.line_items);
    const raw = body.shipping_address as Record<string, unknown> | undefined;
    const country = typeof raw?.country === 'string' ? raw.country : undefined;
    if (!country) throw badRequest({ shipping_address: { country: required } });
    if (!(COUNTRIES as readonly string[]).includes(country)) return [];
    const copies = items.reduce((sum, item) => sum + item.quantity, 0);
    return availableLevels(country).map((level, i) => {
      const { days } = SHIPPING[level];
      return {
        id: i + 1,
        level,
        cost_excl_tax: money(shippingCost(level, copies, country)),
        currency: typeof body.currency === 'string' ? body.currency : 'USD',
        total_days_min: days[0],
        total_days_max: days[1],
        min_delivery_date: businessDaysFromNow(days[0]),
        max_delivery_date: businessDaysFromNow(days[1]),
        min_dispatch_date: businessDaysFromNow(1),
        max_dispatch_date: businessDaysFromNow(2),
        traceable: level !== 'MAIL',
        postbox_ok: level === 'MAIL',
        home_only: false,
        business_only: false,
        shipping_buffer: 0,
        transit_time: days[0],
      } as LuluShippingOption;
    });
  }

  #startValidation(kind: 'interior' | 'cover', body: Record<string, unknown>): LuluFileValidation {
    const problems: Record<string, string[]> = {};
    if (typeof body.source_url !== 'string' || !body.source_url) problems.source_url = required;
    if (kind === 'cover' && typeof body.pod_package_id !== 'string') problems.pod_package_id = required;
    if (kind === 'cover' && !Number.isInteger(body.interior_page_count)) problems.interior_page_count = required;
    if (Object.keys(problems).length) throw badRequest(problems);
    const record: LuluFileValidation = { id: this.#newId(), source_url: body.source_url as string, status: kind === 'interior' ? 'VALIDATING' : 'NORMALIZING', errors: null, page_count: null };
    this.#validations.set(`${kind}:${record.id}`, record);
    void this.#track(
      this.#fileProblem(record.source_url).then((problem) => {
        if (problem) Object.assign(record, { status: 'ERROR', errors: [problem] });
        else record.status = kind === 'cover' || body.pod_package_id ? 'NORMALIZED' : 'VALIDATED';
      }),
    );
    return { ...record };
  }

  #createJob(body: Record<string, unknown>): LuluPrintJob {
    const problems: Record<string, unknown> = {};
    if (typeof body.contact_email !== 'string' || !body.contact_email.includes('@')) problems.contact_email = ['Enter a valid email address.'];
    if (!SHIPPING_LEVELS.includes(body.shipping_level as ShippingLevel)) problems.shipping_level = required;
    const rawItems = Array.isArray(body.line_items) ? (body.line_items as Record<string, unknown>[]) : [];
    if (!rawItems.length) problems.line_items = required;
    rawItems.forEach((item, i) => {
      const p = item.printable_normalization as { pod_package_id?: unknown; interior?: { source_url?: unknown }; cover?: { source_url?: unknown } } | undefined;
      const itemProblems: Record<string, unknown> = {};
      if (!Number.isInteger(item.quantity) || (item.quantity as number) < 1) itemProblems.quantity = required;
      if (typeof p?.pod_package_id !== 'string' || !printProduct(p.pod_package_id)) itemProblems.pod_package_id = ['Invalid POD package ID.'];
      if (typeof p?.interior?.source_url !== 'string') itemProblems.interior = required;
      if (typeof p?.cover?.source_url !== 'string') itemProblems.cover = required;
      if (Object.keys(itemProblems).length) problems[`line_items[${i}]`] = itemProblems;
    });
    try {
      const address = shippingAddress(body.shipping_address, 'shipping_address', ['name', 'street1', 'city', 'country_code', 'postcode', 'phone_number']);
      if (!Object.keys(problems).length) shippingLevel(body.shipping_level, 'shipping_level', address.country_code);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      Object.assign(problems, error.body);
    }
    if (Object.keys(problems).length) throw badRequest(problems);

    const id = this.#newId();
    const now = new Date().toISOString();
    const externalId = typeof body.external_id === 'string' ? body.external_id : null;
    const items = rawItems.map((item, i) => ({
      id: id * 10 + i + 1,
      external_id: typeof item.external_id === 'string' ? item.external_id : null,
      title: typeof item.title === 'string' ? item.title : null,
      quantity: item.quantity as number,
      printable_id: null,
      printable_normalization: item.printable_normalization,
      status: { name: 'CREATED', messages: { info: 'Line-item is currently being validated' } },
      tracking_id: null,
      tracking_urls: null,
      carrier_name: null,
    }));
    const first = items[0]?.printable_normalization as { interior: { source_url: string }; cover: { source_url: string } };
    const text = [externalId, ...items.map((item) => item.title), ...items.map((item) => item.external_id)].join(' ').toLowerCase();
    const job: Job = {
      json: {
        id,
        external_id: externalId,
        contact_email: body.contact_email as string,
        date_created: now,
        date_modified: now,
        order_id: null,
        production_delay: typeof body.production_delay === 'number' ? body.production_delay : 60,
        production_due_time: null,
        shipping_address: body.shipping_address as LuluAddress,
        shipping_level: body.shipping_level as string,
        shipping_option_level: body.shipping_level as string,
        status: { name: 'CREATED', message: STATUS_MESSAGES.CREATED, changed: now },
        line_items: items as LuluPrintJob['line_items'],
      },
      timer: undefined,
      files: { interior: first.interior.source_url, cover: first.cover.source_url },
      marker: text.includes(REJECT_MARKER) ? 'reject' : text.includes(CANCEL_MARKER) ? 'cancel' : null,
    };
    this.jobs.set(id, job);
    this.#log(`print job ${id} (${externalId ?? 'no external id'}) created`);
    this.#schedule(job);
    return job.json;
  }

  #listJobs(query: URLSearchParams): unknown {
    const search = query.get('search')?.toLowerCase();
    const status = query.get('status');
    const id = query.get('id');
    const results = [...this.jobs.values()]
      .map((job) => job.json)
      .filter((job) => !status || job.status.name === status)
      .filter((job) => !id || String(job.id) === id)
      .filter(
        (job) =>
          !search ||
          [String(job.id), job.external_id, job.status.name, ...job.line_items.flatMap((item) => [String(item.id), item.external_id, item.title, item.tracking_id])]
            .filter((v): v is string => typeof v === 'string')
            .some((v) => v.toLowerCase().includes(search)),
      )
      .sort((a, b) => b.id - a.id);
    return page(results);
  }

  #cancel(id: string, body: Record<string, unknown>): unknown {
    const job = this.#job(id);
    if (body.name !== 'CANCELED') throw badRequest({ name: ['Only CANCELED can be set.'] });
    if (!CANCELABLE.includes(job.json.status.name)) throw badRequest({ detail: `A print-job in status ${job.json.status.name} can not be canceled.` });
    this.#change(job, 'CANCELED');
    return job.json.status;
  }

  #createHook(body: Record<string, unknown>): LuluWebhook {
    const problems: Record<string, string[]> = {};
    if (typeof body.url !== 'string' || !URL.canParse(body.url) || !/^https?:$/.test(new URL(body.url).protocol)) problems.url = ['Enter a valid URL.'];
    if (!Array.isArray(body.topics) || !body.topics.length || body.topics.some((t) => t !== LULU_STATUS_TOPIC)) problems.topics = ['No matching enum type.'];
    if (!problems.url && this.webhooks.some((hook) => hook.url === body.url)) problems.url = ['webhook with this url already exists.'];
    if (Object.keys(problems).length) throw badRequest(problems);
    return this.subscribe(body.url as string);
  }

  #hook(method: string, id: string, body: Record<string, unknown>): [number, unknown] {
    const hook = this.webhooks.find((h) => h.id === id);
    if (!hook) throw notFound();
    if (method === 'GET') return [200, hook];
    if (method === 'DELETE') {
      this.unsubscribe(hook.id);
      this.#failuresInARow.delete(hook.id);
      return [204, null];
    }
    if (method === 'PATCH' || method === 'PUT') {
      if (typeof body.url === 'string') hook.url = body.url;
      if (Array.isArray(body.topics)) hook.topics = body.topics.filter((t): t is string => t === LULU_STATUS_TOPIC);
      if (typeof body.is_active === 'boolean') {
        hook.is_active = body.is_active;
        if (body.is_active) this.#failuresInARow.delete(hook.id);
      }
      return [200, hook];
    }
    throw new HttpError(405, { detail: `Method "${method}" not allowed.` });
  }

  #job(id: number | string): Job {
    const job = this.jobs.get(Number(id));
    if (!job) throw notFound();
    return job;
  }

  #newId(): number {
    this.#nextId += 1;
    return this.#nextId;
  }

  #schedule(job: Job): void {
    clearTimeout(job.timer);
    job.timer = undefined;
    if (this.#stepMs === 'manual' || isFinal(job.json.status.name)) return;
    job.timer = setTimeout(() => void this.#track(this.#step(job)), this.#stepMs);
  }

  /** One move along Lulu's path: files checked after CREATED, then the markers, then on to SHIPPED. */
  async #step(job: Job): Promise<void> {
    const current = job.json.status.name;
    if (isFinal(current)) return;
    if (current === 'CREATED') {
      const problem = (await this.#fileProblem(job.files.interior, 'Interior')) ?? (await this.#fileProblem(job.files.cover, 'Cover'));
      if (problem) return this.#change(job, 'REJECTED', problem);
      if (job.marker === 'reject') return this.#change(job, 'REJECTED', `Rejected on request: the job carries ${REJECT_MARKER}.`);
    }
    if (current === 'UNPAID' && job.marker === 'cancel') return this.#change(job, 'CANCELED', `Canceled on request: the job carries ${CANCEL_MARKER}.`);
    const next = SIMULATED_PATH[SIMULATED_PATH.indexOf(current as (typeof SIMULATED_PATH)[number]) + 1];
    if (next) this.#change(job, next);
  }

  #change(job: Job, name: string, message?: string): void {
    const now = new Date().toISOString();
    const json = job.json;
    json.status = { name, message: message ?? STATUS_MESSAGES[name] ?? null, changed: now };
    json.date_modified = now;
    for (const item of json.line_items) {
      const itemStatus = LINE_ITEM_STATUS[name] ?? 'ACCEPTED';
      item.status = { name: itemStatus, messages: { timestamp: now } };
      if (name === 'REJECTED' || name === 'CANCELED') item.status.messages = { ...item.status.messages, error: json.status.message ?? name };
      if (name === 'SHIPPED') {
        const trackingId = `SIM${json.id}${item.id % 10}${randomBytes(3).toString('hex').toUpperCase()}`;
        const carrier = SHIPPING[json.shipping_level as ShippingLevel]?.carrier ?? 'USPS';
        Object.assign(item, { tracking_id: trackingId, tracking_urls: [`${this.url}/tracking/${trackingId}`], carrier_name: carrier });
        item.status.messages = { ...item.status.messages, tracking_id: trackingId, tracking_urls: [`${this.url}/tracking/${trackingId}`], carrier_name: carrier };
      }
    }
    this.#log(`print job ${json.id} → ${name}${message ? ` (${message})` : ''}`);
    this.#notify(json);
    this.#schedule(job);
  }

  /** Posts the job to every active subscription, signed, in order per subscription; retries, then counts a failure. */
  #notify(job: LuluPrintJob): void {
    const body = JSON.stringify({ topic: LULU_STATUS_TOPIC, data: job });
    const signature = signLuluWebhook(body, this.clientSecret);
    for (const hook of this.webhooks.filter((h) => h.is_active && h.topics.includes(LULU_STATUS_TOPIC))) {
      const previous = this.#deliveries.get(hook.id) ?? Promise.resolve();
      const delivery = previous.then(() => this.#deliver(hook, job, body, signature));
      this.#deliveries.set(hook.id, delivery);
      void this.#track(delivery);
    }
  }

  async #deliver(hook: LuluWebhook, job: LuluPrintJob, body: string, signature: string): Promise<void> {
    const submission: Submission = { webhookId: hook.id, url: hook.url, topic: LULU_STATUS_TOPIC, jobId: job.id, jobStatus: job.status.name, status: null, attempts: 0, body, signature };
    this.submissions.push(submission);
    const retryMs = this.#options.webhookRetryMs ?? 1000;
    for (let attempt = 1; attempt <= 6; attempt++) {
      submission.attempts = attempt;
      try {
        const response = await fetch(hook.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', [LULU_SIGNATURE_HEADER]: signature },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        submission.status = response.status;
        await response.body?.cancel();
        if (response.ok) {
          this.#failuresInARow.delete(hook.id);
          return;
        }
      } catch {
        submission.status = null;
      }
      if (attempt < 6 && this.#server?.listening) await new Promise((resolve) => setTimeout(resolve, retryMs * attempt));
      if (!this.#server?.listening) break;
    }
    const failures = (this.#failuresInARow.get(hook.id) ?? 0) + 1;
    this.#failuresInARow.set(hook.id, failures);
    if (failures >= 5) hook.is_active = false;
    this.#log(`webhook ${hook.url}: job ${job.id} ${job.status.name} not delivered (last answer ${submission.status ?? 'none'})`);
  }

  /** Reads the first bytes of a file URL: null when it answers as a PDF, otherwise what Lulu would say. */
  async #fileProblem(url: string, what = 'The'): Promise<string | null> {
    if (this.#options.checkFiles === false) return null;
    const subject = what === 'The' ? 'The file' : `${what} file`;
    try {
      const response = await fetch(url, { headers: { Range: 'bytes=0-1023' }, signal: AbortSignal.timeout(10_000) });
      if (!response.ok) {
        await response.body?.cancel();
        return `${subject} could not be downloaded (HTTP ${response.status}).`;
      }
      const reader = response.body?.getReader();
      const first = reader ? await reader.read() : { value: undefined };
      await reader?.cancel();
      return Buffer.from(first.value ?? []).subarray(0, 5).toString('latin1') === '%PDF-' ? null : `${subject} is not a PDF.`;
    } catch (error) {
      return `${subject} could not be downloaded (${(error as Error).message}).`;
    }
  }
}

const isFinal = (status: string) => ['SHIPPED', 'DELIVERED', 'REJECTED', 'CANCELED', 'ERROR'].includes(status);

const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

function sameText(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    req.on('error', reject);
  });
}

function parseJson(raw: string): Record<string, unknown> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {}; // the token endpoint's form body, or a body the endpoint's own checks refuse
  }
}

function lineItems(value: unknown): { pod_package_id: string; page_count: number; quantity: number }[] {
  if (!Array.isArray(value) || !value.length) throw badRequest({ line_items: required });
  return value.map((raw: Record<string, unknown>, i) => {
    const problems: Record<string, string[]> = {};
    const product = typeof raw.pod_package_id === 'string' ? printProduct(raw.pod_package_id) : undefined;
    if (!product) problems.pod_package_id = ['Invalid POD package ID.'];
    if (!Number.isInteger(raw.page_count) || (raw.page_count as number) < 1) problems.page_count = required;
    else if (product && ((raw.page_count as number) < product.spec.pages.min || (raw.page_count as number) > product.spec.pages.max)) {
      problems.page_count = [`Page count must be between ${product.spec.pages.min} and ${product.spec.pages.max} for this product.`];
    }
    if (!Number.isInteger(raw.quantity) || (raw.quantity as number) < 1) problems.quantity = required;
    if (Object.keys(problems).length) throw badRequest({ line_items: { [i]: problems } });
    return { pod_package_id: raw.pod_package_id as string, page_count: raw.page_count as number, quantity: raw.quantity as number };
  });
}

function shippingAddress(value: unknown, field: string, requiredFields: (keyof LuluAddress)[]): LuluAddress {
  const raw = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const problems: Record<string, string[]> = {};
  for (const key of requiredFields) if (typeof raw[key] !== 'string' || !(raw[key] as string).trim()) problems[key] = required;
  const country = raw.country_code as string;
  if (typeof country === 'string' && !(COUNTRIES as readonly string[]).includes(country)) problems.country_code = [`Shipping to ${country} is not available.`];
  const regions = typeof country === 'string' ? regionsOf(country) : null;
  if (regions && !regions.includes(String(raw.state_code ?? ''))) problems.state_code = [`A valid state_code is required for ${country}.`];
  if (typeof raw.phone_number === 'string' && !/^\+?[\d\s\-./()]{8,20}$/.test(raw.phone_number)) problems.phone_number = ['Enter a valid phone number.'];
  if (Object.keys(problems).length) throw badRequest({ [field]: problems });
  return raw as unknown as LuluAddress;
}

const availableLevels = (country: string): ShippingLevel[] => SHIPPING_LEVELS.filter((level) => level !== 'GROUND' || country === 'US');

function shippingLevel(value: unknown, field: string, country: string): ShippingLevel {
  if (!SHIPPING_LEVELS.includes(value as ShippingLevel)) throw badRequest({ [field]: ['No matching enum type.'] });
  if (!availableLevels(country).includes(value as ShippingLevel)) throw badRequest({ [field]: [`No shipping option ${String(value)} to ${country}.`] });
  return value as ShippingLevel;
}

/** A Lulu-like price per copy: a base and a price per page, larger for colour and for larger trims. */
function unitCost(podPackageId: string, pages: number): number {
  const product = printProduct(podPackageId);
  if (!product) throw badRequest({ pod_package_id: ['Invalid POD package ID.'] });
  const area = (product.spec.trim.width * product.spec.trim.height) / 54;
  const perCopy = product.spec.color === 'color' ? 1.75 + 0.035 * pages : 1.25 + 0.012 * pages;
  return Math.round(perCopy * area * 100) / 100;
}

const shippingCost = (level: ShippingLevel, copies: number, country: string) => SHIPPING[level].base + 0.5 * (copies - 1) + (country === 'US' ? 0 : 6);

function coverDimensions(body: Record<string, unknown>): unknown {
  const pages = body.interior_page_count;
  const problems: Record<string, string[]> = {};
  if (typeof body.pod_package_id !== 'string') problems.pod_package_id = required;
  if (!Number.isInteger(pages) || (pages as number) < 1) problems.interior_page_count = required;
  const unit = body.unit === undefined ? 'pt' : body.unit;
  if (!['pt', 'mm', 'inch'].includes(unit as string)) problems.unit = ['No matching enum type.'];
  if (Object.keys(problems).length) throw badRequest(problems);
  const size = printCoverSize(body.pod_package_id as string, pages as number);
  if (!size) throw badRequest({ pod_package_id: ['Invalid POD package ID.'] });
  const scale = unit === 'pt' ? 72 : unit === 'mm' ? 25.4 : 1;
  return { width: (size.widthIn * scale).toFixed(3), height: (size.heightIn * scale).toFixed(3), unit };
}

function businessDaysFromNow(days: number): string {
  const date = new Date();
  for (let added = 0; added < days; ) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) added += 1;
  }
  return date.toISOString().slice(0, 10);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
