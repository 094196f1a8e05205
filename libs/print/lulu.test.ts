// The Lulu client against the Lulu simulator (testing/print-simulator) on loopback.
import { createServer } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { printSimulatorForFile } from '../../testing/print-simulator/index.ts';
import { PRINT_PRODUCTS, type ShippingAddress } from '../domain/index.ts';
import { createPrintProviders, withFallback } from './index.ts';
import { LULU_TOKEN_PATH, LuluPrintProvider, signLuluWebhook, verifyLuluWebhook, parseLuluWebhook, type LuluClientOptions } from './lulu.ts';
import { MockPrintProvider } from './mock.ts';
import { printCoverSize } from './cover.ts';
import { PrintProviderError, type PrintJobRequest } from './provider.ts';

const BW = '0600X0900.BW.STD.PB.060UW444.MXX';
const US: ShippingAddress = { name: 'Ada Author', address_line1: '1 Main St', city: 'Springfield', state: 'IL', postcode: '62701', country: 'US', phone: '+1 217 555 0100' };
const DE: ShippingAddress = { name: 'Hans Dampf', address_line1: 'Holstenstr. 40', city: 'Lübeck', postcode: '23552', country: 'DE', phone: '+49 451 555 0100' };

// Files are never fetched here (the flow tests in simulator.test.ts cover that); the pace is manual, so jobs stay put.
const simulator = await printSimulatorForFile({ stepMs: 'manual', checkFiles: false });

let now = Date.now();
const sleeps: number[] = [];
function client(options: Partial<LuluClientOptions> = {}) {
  return new LuluPrintProvider({
    ...{ apiUrl: simulator.url, clientKey: simulator.clientKey, clientSecret: simulator.clientSecret },
    timeoutMs: 500,
    now: () => now,
    sleep: async (ms) => void sleeps.push(ms),
    ...options,
  });
}
const calls = (path: string, method = 'POST') => simulator.requests.filter((r) => r.path === path && r.method === method).length;
const jobRequest = (externalId: string, overrides: Partial<PrintJobRequest> = {}): PrintJobRequest => ({
  externalId,
  contactEmail: 'ada@example.com',
  title: 'The Quiet Garden',
  podPackageId: BW,
  quantity: 10,
  interiorUrl: 'http://127.0.0.1:9/interior.pdf',
  coverUrl: 'http://127.0.0.1:9/cover.pdf',
  address: US,
  shippingLevel: 'MAIL',
  ...overrides,
});

/** A loopback port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

beforeEach(() => {
  simulator.clearFaults();
  simulator.requests.length = 0;
  sleeps.length = 0;
  now = Date.now();
});

describe('Lulu access tokens', () => {
  it('are fetched with the client credentials once and reused until shortly before they expire', async () => {
    const lulu = client();
    await lulu.coverDimensions(BW, 100);
    await lulu.coverDimensions(BW, 120);
    await lulu.products();
    expect(calls(LULU_TOKEN_PATH)).toBe(1);
    now += 3600 * 1000 - 30_000; // within the last minute of the hour the simulator grants
    await lulu.coverDimensions(BW, 140);
    expect(calls(LULU_TOKEN_PATH)).toBe(2);
  });

  it('are replaced once when Lulu stops accepting the one in hand', async () => {
    const lulu = client();
    await lulu.coverDimensions(BW, 100);
    simulator.revokeTokens();
    expect(await lulu.coverDimensions(BW, 100)).toEqual({ width: printCoverSize(BW, 100)?.widthPt, height: 666 });
    expect(calls(LULU_TOKEN_PATH)).toBe(2);
  });

  it('with wrong credentials fail at once, as not worth retrying', async () => {
    const lulu = client({ clientSecret: 'not-the-secret' });
    const error = await lulu.products().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrintProviderError);
    expect(error).toMatchObject({ retryable: false, status: 401 });
    expect((error as Error).message).toContain('Invalid client');
    expect(calls(LULU_TOKEN_PATH)).toBe(1);
  });
});

describe('Lulu quotes', () => {
  it('turn a cost calculation into unit, printing, shipping (with fulfilment), tax and total', async () => {
    const quote = await client().calculateCost({ podPackageId: BW, pageCount: 200, quantity: 10, address: US, shippingLevel: 'MAIL' });
    // The simulator: 1.25 + 0.012 × 200 = 3.65 a copy; MAIL 4.49 + 0.50 a further copy, plus the 0.75 fulfilment fee; 6 % tax.
    expect(quote).toMatchObject({ unitCost: 3.65, printingCost: 36.5, shippingCost: 9.74, currency: 'USD' });
    expect(quote.tax).toBeCloseTo((36.5 + 8.99 + 0.75) * 0.06, 1);
    expect(quote.total).toBeCloseTo(quote.printingCost + quote.shippingCost + (quote.tax ?? 0), 2);
  });

  it('list shipping options per level, cheapest first, with business days and a delivery date', async () => {
    const options = await client().shippingOptions({ podPackageId: BW, pageCount: 200, quantity: 1, address: US });
    expect(options.map((o) => o.level)).toEqual(['MAIL', 'GROUND', 'PRIORITY_MAIL', 'EXPEDITED', 'EXPRESS']);
    expect(options[0]).toMatchObject({ cost: 4.49, days: '7-14 business days' });
    expect(options[0]?.deliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const abroad = await client().shippingOptions({ podPackageId: BW, pageCount: 200, quantity: 1, address: DE });
    expect(abroad.map((o) => o.level)).not.toContain('GROUND');
    expect(abroad[0]?.cost).toBe(10.49);
  });

  it('refuse a level the destination does not have, without retrying', async () => {
    const error = await client().calculateCost({ podPackageId: BW, pageCount: 200, quantity: 1, address: DE, shippingLevel: 'GROUND' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: false, status: 400 });
    expect((error as Error).message).toContain('shipping_option: No shipping option GROUND to DE.');
    expect(calls('/print-job-cost-calculations/')).toBe(1);
  });

  it('size the cover as Lulu does', async () => {
    const size = printCoverSize(BW, 210);
    expect(await client().coverDimensions(BW, 210)).toEqual({ width: size?.widthPt, height: size?.heightPt });
    expect(size?.widthPt).toBeCloseTo((12 + 210 / 444 + 0.06 + 0.25) * 72, 2);
  });
});

describe('Lulu print jobs', () => {
  it('are created with the external id, read back, and found by that id', async () => {
    const lulu = client();
    const externalId = `PB-${Date.now()}`;
    const created = await lulu.createPrintJob(jobRequest(externalId));
    expect(created).toMatchObject({ externalId, status: 'CREATED', trackingId: null, trackingUrls: [] });
    const wire = simulator.job(created.id);
    expect(wire?.line_items[0]).toMatchObject({ external_id: externalId, title: 'The Quiet Garden', quantity: 10, printable_normalization: { pod_package_id: BW, interior: { source_url: 'http://127.0.0.1:9/interior.pdf' } } });
    expect(wire?.shipping_address).toMatchObject({ name: 'Ada Author', street1: '1 Main St', state_code: 'IL', country_code: 'US', phone_number: '+1 217 555 0100', email: 'ada@example.com' });
    expect(await lulu.getPrintJob(created.id)).toEqual(created);
    expect(await lulu.findPrintJob(externalId)).toEqual(created);
    expect(await lulu.findPrintJob(`${externalId}-other`)).toBeNull();
  });

  it('carry Lulu’s shipping details once shipped', async () => {
    const lulu = client();
    const { id } = await lulu.createPrintJob(jobRequest(`PB-${Date.now()}`, { shippingLevel: 'EXPEDITED' }));
    simulator.setStatus(id, 'SHIPPED');
    const shipped = await lulu.getPrintJob(id);
    expect(shipped).toMatchObject({ status: 'SHIPPED', message: 'All line-items were shipped', carrierName: 'FedEx' });
    expect(shipped.trackingId).toMatch(/^SIM/);
    expect(shipped.trackingUrls).toEqual([`${simulator.url}/tracking/${shipped.trackingId}`]);
    expect((await fetch(shipped.trackingUrls[0] as string)).status).toBe(200);
  });

  it('with an address Lulu refuses are a 400 naming the field, not retried', async () => {
    const error = await client().createPrintJob(jobRequest('PB-1', { address: { ...US, state: 'ZZ' } })).catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: false, status: 400 });
    expect((error as Error).message).toContain('shipping_address.state_code');
    expect(calls('/print-jobs/')).toBe(1);
  });

  it('are never retried blindly: a failed creation is one call', async () => {
    simulator.fail(503, 1, { path: '/print-jobs/' });
    const error = await client().createPrintJob(jobRequest('PB-2')).catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: true, status: 503 });
    expect(calls('/print-jobs/')).toBe(1);
    expect(sleeps).toEqual([]);
  });
});

describe('Lulu failures', () => {
  it.each([500, 502, 503] as const)('%i is retried with backoff, then answered', async (status) => {
    simulator.fail(status, 2, { path: '/cover-dimensions/' });
    expect((await client().coverDimensions(BW, 100)).height).toBe(666);
    expect(calls('/cover-dimensions/')).toBe(3);
    expect(sleeps).toEqual([500, 1000]);
  });

  it('5xx beyond the retries is a retryable PrintProviderError', async () => {
    simulator.fail(500, 3, { path: '/cover-dimensions/' });
    const error = await client().coverDimensions(BW, 100).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrintProviderError);
    expect(error).toMatchObject({ retryable: true, status: 500 });
    expect(calls('/cover-dimensions/')).toBe(3);
  });

  it('429 waits what Retry-After asks', async () => {
    simulator.fail(429, 1, { retryAfter: 3, path: '/cover-dimensions/' });
    expect((await client().coverDimensions(BW, 100)).height).toBe(666);
    expect(sleeps).toEqual([3000]);
  });

  it('429 asking for longer than the call may wait ends the call with the wait in the error', async () => {
    simulator.fail(429, 1, { retryAfter: 120, path: '/cover-dimensions/' });
    const error = await client().coverDimensions(BW, 100).catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: true, status: 429, retryAfterMs: 120_000 });
    expect(calls('/cover-dimensions/')).toBe(1);
  });

  it('a hung call times out and is retried', async () => {
    simulator.fail('timeout', 1, { path: '/cover-dimensions/' });
    expect((await client({ timeoutMs: 200 }).coverDimensions(BW, 100)).height).toBe(666);
    expect(calls('/cover-dimensions/')).toBe(2);
  });

  it('calls that keep hanging end as a retryable time-out', async () => {
    simulator.fail('timeout', 3, { path: '/cover-dimensions/' });
    const error = await client({ timeoutMs: 200 }).coverDimensions(BW, 100).catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: true, status: null });
    expect((error as Error).message).toBe('Lulu did not answer POST /cover-dimensions/ within 200 ms');
  });

  it('an unreachable Lulu is retryable', async () => {
    const error = await client({ apiUrl: `http://127.0.0.1:${await closedPort()}` }).products().catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: true, status: null });
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect(sleeps).toEqual([500, 1000]);
  });

  it('a 404 is not retried', async () => {
    const error = await client().getPrintJob('999').catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: false, status: 404 });
    expect((error as Error).message).toContain('Not found.');
    expect(calls('/print-jobs/999/', 'GET')).toBe(1);
  });
});

describe('the fallback to the built-in mock', () => {
  const instantMock = () => new MockPrintProvider({ wait: async () => undefined });
  const providers = () => ({ provider: client(), mock: instantMock() });
  const costRequest = { podPackageId: BW, pageCount: 200, quantity: 10, address: US, shippingLevel: 'MAIL' as const };

  it('answers from the provider when it can, saying so', async () => {
    const answer = await withFallback(providers(), (p) => p.calculateCost(costRequest));
    expect(answer).toMatchObject({ source: 'provider', value: { unitCost: 3.65 } });
    expect(answer.fallbackReason).toBeUndefined();
  });

  it.each([
    ['5xx', () => simulator.fail(503, 3)],
    ['429', () => simulator.fail(429, 3, { retryAfter: 0 })],
    ['a time-out', () => simulator.fail('timeout', 3)],
  ])('answers from the mock, marked mock, after %s beyond the retries', async (_what, fault) => {
    fault();
    const answer = await withFallback({ provider: client({ timeoutMs: 200 }), mock: instantMock() }, (p) => p.calculateCost(costRequest));
    expect(answer).toMatchObject({ source: 'mock', value: { unitCost: 4.5, shippingCost: 3.99, total: 48.99, tax: null } });
    expect(answer.fallbackReason).toMatchObject({ retryable: true });
    expect(simulator.requests).toHaveLength(3);
  });

  it('covers products and shipping options too', async () => {
    simulator.fail(500, 6);
    const products = await withFallback(providers(), (p) => p.products());
    expect(products).toMatchObject({ source: 'mock' });
    expect(products.value).toEqual([...PRINT_PRODUCTS]);
    const options = await withFallback(providers(), (p) => p.shippingOptions(costRequest));
    expect(options).toMatchObject({ source: 'mock', value: [{ level: 'MAIL', cost: 3.99 }, { level: 'EXPEDITED', cost: 12.99 }] });
  });

  it('does not hide errors that are not the provider’s', async () => {
    await expect(withFallback(providers(), () => Promise.reject(new TypeError('a bug')))).rejects.toThrow('a bug');
  });

  it('is the mock alone when Lulu is not configured', async () => {
    const unconfigured = createPrintProviders({ LULU_API_URL: undefined, LULU_CLIENT_KEY: undefined, LULU_CLIENT_SECRET: undefined }, { mock: { wait: async () => undefined } });
    expect(unconfigured.provider).toBe(unconfigured.mock);
    expect(await withFallback(unconfigured, (p) => p.products())).toMatchObject({ source: 'mock' });
    const configured = createPrintProviders(simulator.env());
    expect(configured.provider).toBeInstanceOf(LuluPrintProvider);
    expect(configured.provider.source).toBe('provider');
  });
});

describe('Lulu webhooks', () => {
  it('are subscribed once per URL, and a subscription Lulu switched off is switched on again', async () => {
    const lulu = client();
    const url = `http://127.0.0.1:9/hooks/${Date.now()}`;
    const first = await lulu.ensureWebhook(url);
    expect(first).toMatchObject({ url, is_active: true, topics: ['PRINT_JOB_STATUS_CHANGED'] });
    expect(await lulu.ensureWebhook(url)).toEqual(first);
    const hook = simulator.webhooks.find((h) => h.id === first.id);
    if (hook) hook.is_active = false;
    expect(await lulu.ensureWebhook(url)).toMatchObject({ id: first.id, is_active: true });
    expect((await lulu.listWebhooks()).filter((h) => h.url === url)).toHaveLength(1);
    await expect(lulu.subscribeWebhook(url)).rejects.toMatchObject({ status: 400, retryable: false });
  });

  it('signatures verify for the exact body and secret only', () => {
    const body = JSON.stringify({ topic: 'PRINT_JOB_STATUS_CHANGED', data: { id: 7, status: { name: 'SHIPPED' }, line_items: [] } });
    const signature = signLuluWebhook(body, 'the-api-secret');
    expect(verifyLuluWebhook(body, signature, 'the-api-secret')).toBe(true);
    expect(verifyLuluWebhook(Buffer.from(body), signature.toUpperCase(), 'the-api-secret')).toBe(true);
    expect(verifyLuluWebhook(body, Buffer.from(signature, 'hex').toString('base64'), 'the-api-secret')).toBe(true);
    expect(verifyLuluWebhook(`${body} `, signature, 'the-api-secret')).toBe(false);
    expect(verifyLuluWebhook(body, signature, 'another-secret')).toBe(false);
    expect(verifyLuluWebhook(body, `${signature.slice(0, 63)}${signature.endsWith('0') ? '1' : '0'}`, 'the-api-secret')).toBe(false);
    expect(verifyLuluWebhook(body, 'not-a-signature', 'the-api-secret')).toBe(false);
    expect(verifyLuluWebhook(body, undefined, 'the-api-secret')).toBe(false);
    expect(verifyLuluWebhook(body, [signature, signature], 'the-api-secret')).toBe(false);
    expect(verifyLuluWebhook(body, signature, undefined)).toBe(false);
    expect(parseLuluWebhook(body)).toEqual({
      topic: 'PRINT_JOB_STATUS_CHANGED',
      job: { id: '7', externalId: null, status: 'SHIPPED', message: null, trackingId: null, carrierName: null, trackingUrls: [] },
    });
    expect(parseLuluWebhook('{"topic":"PRINT_JOB_STATUS_CHANGED","data":{}}')).toBeNull();
    expect(parseLuluWebhook('not json')).toBeNull();
  });
});
