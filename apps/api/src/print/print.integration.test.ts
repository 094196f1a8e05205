import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookProject, GeneratorProject, PrintOrder } from '../../../../libs/db/index.ts';
import {
  AddressMessages,
  AuthMessages,
  CA_PROVINCES,
  coverGeometry,
  DEFAULT_POD_PACKAGE_ID,
  MOCK_SHIPPING_COST,
  PRESS_COVER_TEMPLATE,
  PRINT_PRODUCTS,
  PrintMessages,
  printOrderFileKey,
  RateLimitMessages,
  printProduct,
  printOrderWorkflowId,
  pressCoverKey,
  ProjectMessages,
  unitPrice,
  US_STATES,
  type PrintProduct,
  type ShippingAddress,
  type TrimSizeId,
} from '../../../../libs/domain/index.ts';
import { LULU_SIGNATURE_HEADER, LULU_STATUS_TOPIC, printCoverSize, signLuluWebhook } from '../../../../libs/print/index.ts';
import { PreflightMessages, readPdfFacts } from '../../../../libs/print/preflight.ts';
import { pdfWithText } from '../../../../testing/files.ts';
import { eventually, freePort, testConfig } from '../../../../testing/index.ts';
import { blankPdf, printReadyFiles } from '../../../../testing/print-files.ts';
import { PrintSimulator } from '../../../../testing/print-simulator/simulator.ts';
import { insertSavedBook } from '../../../../testing/saved-books.ts';
import { apiClient, serveApi, serveWithWorker, type Json } from '../../../../testing/test-server.ts';

// A Lulu simulator of this file's own (its jobs move only when told), and a worker on a task queue of its own, so the
// orders placed here run here, against this simulator.
const simulatorPort = await freePort();
const simulator = new PrintSimulator({ port: simulatorPort, clientKey: 'print-api-test', clientSecret: `secret-${randomUUID()}`, stepMs: 'manual' });
const config = testConfig({
  TEMPORAL_TASK_QUEUE: `print-api-${randomUUID()}`,
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  LULU_API_URL: `http://127.0.0.1:${simulatorPort}`,
  LULU_CLIENT_KEY: simulator.clientKey,
  LULU_CLIENT_SECRET: simulator.clientSecret,
});
beforeAll(() => simulator.start());
afterAll(() => simulator.stop());
const served = serveWithWorker(config);
const { call, signUpAccount } = apiClient(() => served.url);
// The orders placed here wait for payments no one makes: their runs end with this file (hooks after run in reverse).
afterAll(async () => {
  const runs = served.engine.client.workflow.list({ query: `TaskQueue = '${config.TEMPORAL_TASK_QUEUE}' AND ExecutionStatus = 'Running'` });
  for await (const run of runs) await served.engine.client.workflow.getHandle(run.workflowId, run.runId).terminate('the test file ended').catch(() => undefined);
});

/** An API whose print provider is down (nothing listens on its address): the mock answers, marked so. */
const providerDown = { ...config, LULU_API_URL: `http://127.0.0.1:${await freePort()}` };

const ADDRESS: ShippingAddress = { name: 'Ada Writer', address_line1: '1 Main Street', city: 'Springfield', state: 'IL', postcode: '62701', country: 'US', phone: '+1 (217) 555-0100' };
const PAGES = 40;
const em = () => served.engine.deps.orm.em.fork();
const storage = () => served.engine.deps.storage;
/** A PDF's bytes in a file of their own, for poppler. */
const tempPdf = async (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'print-')), 'file.pdf');
  writeFileSync(file, pdf);
  return file;
};
const standard = PRINT_PRODUCTS[0] as (typeof PRINT_PRODUCTS)[number];
const largeFormat = PRINT_PRODUCTS[2] as (typeof PRINT_PRODUCTS)[number];

/** A saved book of `userId` with these files in storage, as saving a generated book leaves it. */
const savedBook = (
  userId: string,
  files: { interior?: Buffer; cover?: Buffer } = printReadyFiles(DEFAULT_POD_PACKAGE_ID, PAGES),
  { pages = PAGES, generationStatus = 'completed', trimSize }: { pages?: number; generationStatus?: string; trimSize?: TrimSizeId } = {},
) =>
  insertSavedBook(served.engine.deps, userId, { files, pages, generationStatus, ...(trimSize ? { trimSize } : {}) });

const quote = (overrides: Record<string, unknown> = {}) => ({ pod_package_id: DEFAULT_POD_PACKAGE_ID, quantity: 10, page_count: PAGES, shipping_address: ADDRESS, shipping_level: 'MAIL', ...overrides });
const orderBody = (bookId: string, overrides: Record<string, unknown> = {}) => ({ ...quote(), book_project_id: bookId, contact_email: 'ada@example.com', ...overrides });
const withAddress = (changes: Partial<Record<keyof ShippingAddress, string | undefined>>) => quote({ shipping_address: { ...ADDRESS, ...changes } });
const money = (value: number) => Math.round(value * 100) / 100;

/** The names of the signals a run received, in order. */
async function signalsOf(orderId: string): Promise<{ name: string; input: unknown }[]> {
  const history = await served.engine.client.workflow.getHandle(printOrderWorkflowId(orderId)).fetchHistory();
  const { defaultPayloadConverter } = await import('@temporalio/common');
  return (history.events ?? [])
    .map((e) => e.workflowExecutionSignaledEventAttributes)
    .filter((a): a is NonNullable<typeof a> => Boolean(a))
    .map((a) => ({ name: a.signalName ?? '', input: a.input?.payloads?.[0] ? defaultPayloadConverter.fromPayload(a.input.payloads[0]) : undefined }));
}

async function postWebhook(url: string, body: unknown, signature?: string | null, secret = simulator.clientSecret): Promise<{ status: number; body: Json }> {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (signature !== null) headers[LULU_SIGNATURE_HEADER] = signature ?? signLuluWebhook(raw, secret);
  const response = await fetch(`${url}/api/print/webhooks/lulu`, { method: 'POST', headers, body: raw });
  return { status: response.status, body: (await response.json()) as Json };
}
const jobPayload = (id: number, externalId: string, status = 'IN_PRODUCTION') => ({ topic: LULU_STATUS_TOPIC, data: { id, external_id: externalId, status: { name: status, message: '', changed: new Date().toISOString() }, line_items: [] } });

describe('GET /api/print/products and /api/print/test', () => {
  it('lists every product with its tiers, from the provider when it answers', async () => {
    const { status, body } = await call('GET', '/print/products');
    expect(status).toBe(200);
    expect(body.source).toBe('provider');
    expect(body.products).toEqual(JSON.parse(JSON.stringify(PRINT_PRODUCTS)));
  });

  it('says which provider answers and that it is reachable, signed out', async () => {
    expect(await call('GET', '/print/test')).toEqual({ status: 200, body: { status: 'ok', provider: 'lulu', reachable: true } });
  });

  it('falls back to the mock, marked so, and reports the provider unreachable without an error', async () => {
    const down = await serveApi(providerDown);
    try {
      const client = apiClient(() => down.url);
      expect((await client.call('GET', '/print/products')).body).toMatchObject({ source: 'mock', products: JSON.parse(JSON.stringify(PRINT_PRODUCTS)) });
      expect(await client.call('GET', '/print/test')).toEqual({ status: 200, body: { status: 'ok', provider: 'lulu', reachable: false } });
    } finally {
      await down.app.close();
    }
    const unconfigured = await serveApi(testConfig({ LULU_API_URL: '' }));
    try {
      expect((await apiClient(() => unconfigured.url).call('GET', '/print/test')).body).toEqual({ status: 'ok', provider: 'mock', reachable: true });
    } finally {
      await unconfigured.app.close();
    }
  });
});

describe('POST /api/print/calculate', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await signUpAccount());
  });
  const calculate = (body: unknown, url?: string) => (url ? apiClient(() => url).call : call)('POST', '/print/calculate', body, token);

  it('prices each copy at the tier of the largest minimum quantity not above the quantity, plus the quoted shipping and tax', async () => {
    const expected: Record<string, [number, number][]> = {
      [standard.spec.pod_package_id]: [[1, 4.5], [4, 4.5], [5, 4.25], [9, 4.25], [10, 4.0], [24, 4.0], [25, 3.75], [49, 3.75], [50, 3.5], [1000, 3.5]],
      [PRINT_PRODUCTS[1]?.spec.pod_package_id as string]: [[1, 12.5], [5, 12.0], [10, 11.5], [25, 11.0], [50, 10.5]],
      [largeFormat.spec.pod_package_id]: [[1, 18.75], [5, 18.0], [10, 17.25], [25, 16.5], [50, 15.75], [999, 15.75]],
    };
    for (const [podPackageId, tiers] of Object.entries(expected)) {
      for (const [quantity, price] of tiers) {
        const { status, body } = await calculate(quote({ pod_package_id: podPackageId, quantity }));
        expect(status, `${podPackageId} × ${quantity}`).toBe(200);
        const costs = body.costs as { unit_cost: number; printing_cost: number; shipping_cost: number; tax?: number; total: number; currency: string };
        expect(body.source).toBe('provider');
        expect(costs.unit_cost, `${podPackageId} × ${quantity}`).toBe(price);
        expect(costs.printing_cost).toBe(money(price * quantity));
        // The simulator charges tax (the mock does not): what the author pays is our price plus its shipping and tax.
        expect(costs.tax).toBeGreaterThan(0);
        expect(costs.total).toBe(money(costs.printing_cost + costs.shipping_cost + (costs.tax as number)));
        expect(costs.currency).toBe('USD');
      }
    }
  });

  it('offers the two shipping levels, cheapest first, with the delivery estimate of the chosen one', async () => {
    const { body } = await calculate(quote({ shipping_level: 'EXPEDITED' }));
    const options = body.shipping_options as { level: string; label: string; cost: number; days: string }[];
    expect(options.map((o) => [o.level, o.label])).toEqual([['MAIL', 'Standard Mail'], ['EXPEDITED', 'Expedited']]);
    expect(options[0]?.cost).toBeLessThan(options[1]?.cost as number);
    expect((body.costs as { shipping_cost: number }).shipping_cost).toBeGreaterThan(options[0]?.cost as number);
    expect(body.estimated_delivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("answers with the spec's mock costs, marked 'mock', while the provider is down", async () => {
    const down = await serveApi(providerDown);
    try {
      const { status, body } = await calculate(quote({ quantity: 25, shipping_level: 'EXPEDITED' }), down.url);
      expect(status).toBe(200);
      expect(body.source).toBe('mock');
      expect(body.costs).toEqual({ unit_cost: 3.75, printing_cost: 93.75, shipping_cost: MOCK_SHIPPING_COST.EXPEDITED, total: money(93.75 + MOCK_SHIPPING_COST.EXPEDITED), currency: 'USD' });
      expect(body.shipping_options).toEqual([
        { level: 'MAIL', label: 'Standard Mail', cost: MOCK_SHIPPING_COST.MAIL, days: '7-14 business days' },
        { level: 'EXPEDITED', label: 'Expedited', cost: MOCK_SHIPPING_COST.EXPEDITED, days: '2-3 business days' },
      ]);
    } finally {
      await down.app.close();
    }
  });

  it('answers 422, not a guessed price, when the provider refuses the request itself', async () => {
    const { status, body } = await calculate(quote({ shipping_address: { ...ADDRESS, country: 'GB', state: undefined, postcode: 'SW1A 1AA' }, shipping_level: 'GROUND' }));
    expect(status).toBe(422);
    expect(body.message).toBe(PrintMessages.calculateFailed);
    expect(JSON.stringify(body.details)).toContain('No shipping option GROUND to GB');
  });

  it('takes quantities from 1 to 1000 only', async () => {
    for (const quantity of [0, -1, 1001, 2.5, '5', null]) {
      expect(await calculate(quote({ quantity })), String(quantity)).toMatchObject({ status: 400, body: { message: PrintMessages.quantity } });
    }
    expect((await calculate(quote({ quantity: undefined }))).body.message).toBe(PrintMessages.quantity);
    for (const quantity of [1, 1000]) expect((await calculate(quote({ quantity }))).status).toBe(200);
  });

  it("answers every address rule of §5.1 in the wizard's words, field by field", async () => {
    const refused = async (body: unknown, field: string, message: string) => {
      const answer = await calculate(body);
      expect(answer, `${field}: ${message}`).toMatchObject({ status: 422, body: { message } });
      expect(answer.body.details).toContainEqual({ field: `shipping_address.${field}`, messages: [message] });
    };
    await refused(withAddress({ name: '' }), 'name', AddressMessages.name);
    await refused(withAddress({ name: '   ' }), 'name', AddressMessages.name);
    await refused(withAddress({ address_line1: undefined }), 'address_line1', AddressMessages.street);
    await refused(withAddress({ city: '' }), 'city', AddressMessages.city);
    await refused(withAddress({ postcode: '' }), 'postcode', AddressMessages.postcode);
    await refused(withAddress({ phone: '' }), 'phone', AddressMessages.phone);
    await refused(withAddress({ phone: '555 0100 ext. 7' }), 'phone', AddressMessages.phoneInvalid);
    await refused(withAddress({ phone: '+1 555 0100 #' }), 'phone', AddressMessages.phoneInvalid);
    await refused(withAddress({ state: '' }), 'state', AddressMessages.state);
    await refused(withAddress({ state: 'XX' }), 'state', AddressMessages.stateUnknown);
    await refused(withAddress({ country: 'CA', state: undefined }), 'state', AddressMessages.state);
    await refused(withAddress({ country: 'CA', state: 'IL' }), 'state', AddressMessages.stateUnknown);
    await refused(withAddress({ country: 'ZZ' }), 'country', AddressMessages.country);

    // Every problem at once, in the form's order; the first is the message.
    const empty = await calculate(quote({ shipping_address: {} }));
    expect(empty).toMatchObject({ status: 422, body: { message: AddressMessages.name } });
    expect((empty.body.details as { field: string }[]).map((d) => d.field)).toEqual(['name', 'address_line1', 'city', 'postcode', 'phone', 'state'].map((f) => `shipping_address.${f}`));
    expect(await calculate(quote({ shipping_address: undefined }))).toMatchObject({ status: 400, body: { message: PrintMessages.missingInformation } });
    expect(await calculate(withAddress({ name: 42 as unknown as string }))).toMatchObject({ status: 400, body: { message: AddressMessages.name } });

    // Accepted: every US state (DC too) and Canadian province, a free-text region elsewhere, the phone's allowed characters.
    for (const state of ['DC', US_STATES[0], US_STATES[US_STATES.length - 1]]) expect((await calculate(withAddress({ state }))).status).toBe(200);
    expect((await calculate(withAddress({ country: 'CA', state: CA_PROVINCES[0], postcode: 'T2P 1J9' }))).status).toBe(200);
    expect((await calculate(withAddress({ country: 'GB', state: undefined, postcode: 'SW1A 1AA' }))).status).toBe(200);
    expect((await calculate(withAddress({ country: 'DE', state: 'Bavaria', postcode: '80331', phone: '+49.89.1234-56' }))).status).toBe(200);
  });

  it('refuses an unknown product or shipping level, and a page count the binding cannot take', async () => {
    expect(await calculate(quote({ pod_package_id: 'NOT-A-SKU' }))).toMatchObject({ status: 400, body: { message: PrintMessages.selectProduct } });
    expect(await calculate(quote({ shipping_level: 'CARRIER_PIGEON' }))).toMatchObject({ status: 400, body: { message: PrintMessages.selectShipping } });
    expect(await calculate(quote({ page_count: 12 }))).toMatchObject({ status: 422, body: { message: PreflightMessages.pageCount(standard, 12) } });
    expect((await calculate(quote({ page_count: undefined }))).status).toBe(200);
    expect((await call('POST', '/print/calculate', quote())).status).toBe(401);
  });

  it('asks the provider once for a quote repeated within minutes, and again for another address or shipping level', async () => {
    const asked = () => simulator.requests.filter((r) => r.path === '/print-job-cost-calculations/' || r.path === '/shipping-options/').length;
    // A quantity no other test asks for, so the first call is not already kept.
    const body = quote({ quantity: 737 });
    const before = asked();
    const first = await calculate(body);
    expect(first.status).toBe(200);
    expect(asked()).toBe(before + 2);
    expect(await calculate(body)).toEqual(first);
    // The same address with its fields in another order is the same quote.
    expect(await calculate({ ...body, shipping_address: Object.fromEntries(Object.entries(ADDRESS).reverse()) })).toEqual(first);
    expect(asked()).toBe(before + 2);
    expect((await calculate({ ...body, shipping_level: 'EXPEDITED' })).status).toBe(200);
    expect((await calculate(quote({ quantity: 737, shipping_address: { ...ADDRESS, postcode: '62702' } }))).status).toBe(200);
    expect(asked()).toBe(before + 6);
  });

  it("counts calculations and preflights against the caller's print allowance, answering 429 with Retry-After", async () => {
    const limited = await serveApi({ ...config, PRINT_RATE_LIMIT_PER_HOUR: 1 });
    const { token: own } = await signUpAccount();
    try {
      const post = (path: string, body: unknown) =>
        fetch(`${limited.url}/api/print/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${own}` }, body: JSON.stringify(body) });
      // A signed-in author gets five times the hourly allowance, shared by both routes; refused bodies count too.
      for (let i = 0; i < 3; i++) expect((await post('calculate', quote())).status).toBe(200);
      for (let i = 0; i < 2; i++) expect((await post('validate', {})).status).toBe(400);
      for (const path of ['calculate', 'validate']) {
        const refused = await post(path, path === 'calculate' ? quote() : {});
        expect(refused.status, path).toBe(429);
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(await refused.json()).toEqual({ statusCode: 429, message: RateLimitMessages.tooMany(retryAfter), details: { retry_after: retryAfter } });
      }
    } finally {
      await limited.app.close();
    }
  });
});

describe('POST /api/print/validate', () => {
  let token: string;
  let userId: string;
  beforeAll(async () => {
    ({ token, id: userId } = await signUpAccount());
  });
  const validate = async (files: { interior?: Buffer; cover?: Buffer }, podPackageId = DEFAULT_POD_PACKAGE_ID, pages = PAGES) =>
    call('POST', '/print/validate', { book_project_id: await savedBook(userId, files, { pages, trimSize: printProduct(podPackageId)?.spec.trim_size }), pod_package_id: podPackageId }, token);
  const cover40 = printCoverSize(DEFAULT_POD_PACKAGE_ID, PAGES) as NonNullable<ReturnType<typeof printCoverSize>>;

  it("passes a print-ready book with the cover an order would print, then the provider's own check, leaving the book's cover alone", async () => {
    // The book's own cover is drawn for Amazon KDP (a spine 0.06 in narrower than Lulu's): the check draws the press's.
    const kdpWidth = (2 * 6 + PAGES * 0.002252 + 2 * 0.125) * 72;
    const kdpCover = blankPdf(1, kdpWidth, cover40.heightPt);
    const book = await savedBook(userId, { interior: printReadyFiles(DEFAULT_POD_PACKAGE_ID, PAGES).interior, cover: kdpCover });
    const { status, body } = await call('POST', '/print/validate', { book_project_id: book, pod_package_id: DEFAULT_POD_PACKAGE_ID }, token);
    expect(status).toBe(200);
    expect(body).toEqual({ isValid: true, errors: [], warnings: [], suggestions: [], page_count: PAGES, source: 'provider' });
    expect(simulator.requests.some((r) => r.path === '/validate-interior/')).toBe(true);
    const saved = await em().findOneOrFail(BookProject, { id: book }, { populate: ['generatorProject'] });
    expect((await storage().getBuffer(saved.generatorProject.coverPdfKey as string)).equals(kdpCover)).toBe(true);
    const checked = await readPdfFacts(await tempPdf(await storage().getBuffer(pressCoverKey(saved.generatorProject, DEFAULT_POD_PACKAGE_ID))));
    expect(checked.pageSizes[0]?.width).toBeCloseTo(cover40.widthPt, 0);
  });

  it('refuses an interior whose pages are not the trim size', async () => {
    const letter = blankPdf(PAGES, 8.5 * 72, 11 * 72);
    const { body } = await validate({ interior: letter, cover: printReadyFiles(DEFAULT_POD_PACKAGE_ID, PAGES).cover });
    expect(body).toMatchObject({ isValid: false, page_count: PAGES });
    expect(body.errors).toEqual([PreflightMessages.pageSize(standard, 1, 8.5, 11, PAGES - 1)]);
    // The same interior is right for a letter-size book, whose product's cover is drawn at that size.
    const large = await validate({ interior: letter, cover: printReadyFiles(DEFAULT_POD_PACKAGE_ID, PAGES).cover }, largeFormat.spec.pod_package_id);
    expect(large.body).toMatchObject({ isValid: true, errors: [] });
  });

  it('refuses fonts that are not embedded, a page count outside the binding, and files that are not PDFs', async () => {
    const { cover } = printReadyFiles(DEFAULT_POD_PACKAGE_ID, PAGES);
    const helvetica = pdfWithText(['Set in a font the printer does not have']);
    const fonts = await validate({ interior: helvetica, cover });
    expect(fonts.body.isValid).toBe(false);
    expect(fonts.body.errors).toContainEqual(PreflightMessages.fontsNotEmbedded('interior', ['Helvetica']));

    const short = printReadyFiles(DEFAULT_POD_PACKAGE_ID, 12);
    expect((await validate(short, DEFAULT_POD_PACKAGE_ID, 12)).body).toMatchObject({ isValid: false, errors: [PreflightMessages.pageCount(standard, 12)], page_count: 12 });
    const odd = printReadyFiles(DEFAULT_POD_PACKAGE_ID, 41);
    expect((await validate(odd, DEFAULT_POD_PACKAGE_ID, 41)).body).toMatchObject({ isValid: true, warnings: [PreflightMessages.evenPages(41)] });

    expect((await validate({ interior: Buffer.from('not a pdf at all'), cover })).body).toMatchObject({ isValid: false, errors: [PreflightMessages.interiorUnreadable], page_count: null });
  });

  it("checks only the caller's completed books", async () => {
    const book = await savedBook(userId);
    const other = await signUpAccount();
    expect(await call('POST', '/print/validate', { book_project_id: book, pod_package_id: DEFAULT_POD_PACKAGE_ID }, other.token)).toMatchObject({ status: 404, body: { message: ProjectMessages.notFound } });
    expect(await call('POST', '/print/validate', { book_project_id: 'nope', pod_package_id: DEFAULT_POD_PACKAGE_ID }, token)).toMatchObject({ status: 404 });
    const noCover = await savedBook(userId, { interior: printReadyFiles(DEFAULT_POD_PACKAGE_ID, PAGES).interior });
    expect(await call('POST', '/print/validate', { book_project_id: noCover, pod_package_id: DEFAULT_POD_PACKAGE_ID }, token)).toMatchObject({ status: 422, body: { message: PrintMessages.notCompleted } });
    expect(await call('POST', '/print/validate', { book_project_id: book, pod_package_id: 'NOT-A-SKU' }, token)).toMatchObject({ status: 400, body: { message: PrintMessages.selectProduct } });
  });
});

describe('print orders', () => {
  let token: string;
  let userId: string;
  let bookId: string;
  let orderId: string;
  beforeAll(async () => {
    ({ token, id: userId } = await signUpAccount());
    bookId = await savedBook(userId);
  });

  it('places a draft order of a completed book at the quoted price and starts its workflow', async () => {
    const calculated = (await call('POST', '/print/calculate', quote(), token)).body;
    const { status, body } = await call('POST', '/print/orders', orderBody(bookId, { user_id: userId, external_id: 'PB-1' }), token);
    expect(status).toBe(201);
    orderId = body.order_id as string;
    const costs = calculated.costs as Record<string, number>;
    expect(body).toMatchObject({
      book_project_id: bookId,
      book_title: 'Printed Matter',
      book_author: 'Ada Writer',
      pod_package_id: DEFAULT_POD_PACKAGE_ID,
      quantity: 10,
      shipping_address: ADDRESS,
      shipping_level: 'MAIL',
      contact_email: 'ada@example.com',
      unit_cost: unitPrice(standard, 10),
      printing_cost: costs.printing_cost,
      shipping_cost: costs.shipping_cost,
      tax: costs.tax,
      total_cost: costs.total,
      currency: 'USD',
      cost_source: 'provider',
      order_status: 'draft',
      progress: 20,
      lulu_job_id: null,
      tracking_urls: [],
      cover_pdf_url: `/api/print/orders/${orderId}/cover`,
      history: [{ order_status: 'draft', lulu_status: null, note: 'Order placed' }].map((e) => expect.objectContaining(e)),
    });
    // 'PB-' and the time (the external id the client sent is not used), then a piece of the order's id.
    expect(body.external_id).toMatch(new RegExp(`^PB-\\d{13}-${orderId.slice(0, 8)}$`));
    expect(Math.abs(Number((body.external_id as string).split('-')[1]) - Date.now())).toBeLessThan(60_000);

    const run = await served.engine.client.workflow.getHandle(printOrderWorkflowId(orderId)).describe();
    expect(run.type).toBe('printOrderWorkflow');
    expect(run.taskQueue).toBe(config.TEMPORAL_TASK_QUEUE);
    const { generatorProject } = await em().findOneOrFail(BookProject, { id: bookId });
    expect(run.searchAttributes).toMatchObject({ PressroomProjectId: [generatorProject.id], PressroomUserId: [userId] });
    // The order has its own files: a copy of the interior, and a cover its run draws from the book's design for the
    // product. Deleting the book or a new cover does not change what is printed, and the book's own cover is untouched.
    const { storage } = served.engine.deps;
    expect(await storage.stat(printOrderFileKey({ id: orderId, userId }, 'interior.pdf'))).not.toBeNull();
    await eventually(() => storage.stat(printOrderFileKey({ id: orderId, userId }, 'cover.pdf')), (stored) => stored !== null, 60_000);
    const cover = await fetch(`${served.url}/api/print/orders/${orderId}/cover`, { headers: { Authorization: `Bearer ${token}` } });
    expect(cover.headers.get('content-type')).toBe('application/pdf');
    const file = join(mkdtempSync(join(tmpdir(), 'order-cover-')), 'cover.pdf');
    writeFileSync(file, Buffer.from(await cover.arrayBuffer()));
    const press = coverGeometry({ template: PRESS_COVER_TEMPLATE, pageCount: PAGES, trim: { widthIn: standard.spec.trim.width, heightIn: standard.spec.trim.height } });
    expect((await readPdfFacts(file)).pageSizes.map((size) => [size.width / 72, size.height / 72].map((inches) => inches.toFixed(3)))).toEqual([[press.widthIn.toFixed(3), press.heightIn.toFixed(3)]]);
    const { coverPdfKey } = await em().findOneOrFail(GeneratorProject, { id: generatorProject.id });
    expect((await storage.getBuffer(coverPdfKey as string)).equals(printReadyFiles(DEFAULT_POD_PACKAGE_ID, PAGES).cover)).toBe(true);
  });

  it('shows the order to its owner only', async () => {
    expect(await call('GET', `/print/orders/${orderId}`, undefined, token)).toMatchObject({ status: 200, body: { order_id: orderId, progress: expect.any(Number) } });
    const other = await signUpAccount();
    expect(await call('GET', `/print/orders/${orderId}`, undefined, other.token)).toMatchObject({ status: 404, body: { message: PrintMessages.orderNotFound } });
    expect(await call('GET', '/print/orders/not-an-id', undefined, token)).toMatchObject({ status: 404, body: { message: PrintMessages.orderNotFound } });
    expect((await fetch(`${served.url}/api/print/orders/${orderId}/cover`, { headers: { Authorization: `Bearer ${other.token}` } })).status).toBe(404);
    expect(await call('POST', `/print/orders/${orderId}/refresh`, undefined, other.token)).toMatchObject({ status: 404, body: { message: PrintMessages.orderNotFound } });
    expect((await call('GET', `/print/orders/${orderId}`)).status).toBe(401);
  });

  it("lists the caller's own orders newest first, and refuses anyone else's list", async () => {
    const second = await call('POST', '/print/orders', orderBody(bookId, { quantity: 1 }), token);
    expect(second.status).toBe(201);
    const { status, body } = await call('GET', `/print/orders/user/${userId}`, undefined, token);
    expect(status).toBe(200);
    expect((body as unknown as { order_id: string }[]).map((o) => o.order_id)).toEqual([second.body.order_id, orderId]);
    const other = await signUpAccount();
    expect(await call('GET', `/print/orders/user/${userId}`, undefined, other.token)).toMatchObject({ status: 403, body: { message: PrintMessages.notYours } });
    expect(await call('GET', `/print/orders/user/not-a-user`, undefined, other.token)).toMatchObject({ status: 403 });
    expect((await call('GET', `/print/orders/user/${other.id}`, undefined, other.token)).body).toEqual([]);
  });

  it("refuses another account's id, another author's book, an unfinished book and a bad address", async () => {
    const other = await signUpAccount();
    const count = () => em().count(PrintOrder, { user: userId });
    const before = await count();
    expect(await call('POST', '/print/orders', orderBody(bookId, { user_id: other.id }), token)).toMatchObject({ status: 403, body: { message: PrintMessages.notYourAccount } });
    expect(await call('POST', '/print/orders', orderBody(bookId), other.token)).toMatchObject({ status: 404, body: { message: ProjectMessages.notFound } });
    const unfinished = await savedBook(userId, printReadyFiles(DEFAULT_POD_PACKAGE_ID, PAGES), { generationStatus: 'generating' });
    expect(await call('POST', '/print/orders', orderBody(unfinished), token)).toMatchObject({ status: 422, body: { message: PrintMessages.notCompleted } });
    const noCover = await savedBook(userId, { interior: printReadyFiles(DEFAULT_POD_PACKAGE_ID, PAGES).interior });
    expect(await call('POST', '/print/orders', orderBody(noCover), token)).toMatchObject({ status: 422, body: { message: PrintMessages.notCompleted } });
    expect(await call('POST', '/print/orders', orderBody(bookId, { shipping_address: { ...ADDRESS, phone: 'call me' } }), token)).toMatchObject({ status: 422, body: { message: AddressMessages.phoneInvalid } });
    expect(await call('POST', '/print/orders', orderBody(bookId, { contact_email: 'not-an-address' }), token)).toMatchObject({ status: 400 });
    expect(await call('POST', '/print/orders', orderBody(bookId, { quantity: 1001 }), token)).toMatchObject({ status: 400, body: { message: PrintMessages.quantity } });
    expect(await count()).toBe(before);
  });

  it("refuses a product the book is not set for, in words the author can act on, before any order exists", async () => {
    const count = () => em().count(PrintOrder, { user: userId });
    const before = await count();
    const pocket = await savedBook(userId);
    const book = await em().findOneOrFail(BookProject, { id: pocket }, { populate: ['generatorProject'] });
    await em().nativeUpdate(GeneratorProject, { id: book.generatorProject.id }, { trimSize: '5x8', paper: 'cream' });
    const wrongTrim = PrintMessages.wrongTrim(standard.spec.name, '5x8');
    expect(await call('POST', '/print/orders', orderBody(pocket), token)).toMatchObject({ status: 422, body: { message: wrongTrim } });
    expect(await call('POST', '/print/validate', { book_project_id: pocket, pod_package_id: DEFAULT_POD_PACKAGE_ID }, token)).toMatchObject({ status: 422, body: { message: wrongTrim } });
    const whiteFiveByEight = printProduct('0500X0800.BW.STD.PB.060UW444.MXX') as PrintProduct;
    expect(await call('POST', '/print/orders', orderBody(pocket, { pod_package_id: whiteFiveByEight.spec.pod_package_id }), token)).toMatchObject({
      status: 422,
      body: { message: PrintMessages.wrongPaper(whiteFiveByEight.spec.name, 'Cream') },
    });
    // The author's own full-wrap cover, made for Amazon KDP's spine: Lulu's is wider, and preflight says so before any order.
    const wrapped = await savedBook(userId);
    const project = (await em().findOneOrFail(BookProject, { id: wrapped }, { populate: ['generatorProject'] })).generatorProject;
    const kdp = coverGeometry({ template: 'amazon_kdp', pageCount: PAGES, trim: { widthIn: 6, heightIn: 9 } });
    await em().nativeUpdate(GeneratorProject, { id: project.id }, { coverUpload: { kind: 'wrap', key: project.coverPdfKey as string, widthIn: kdp.widthIn, heightIn: kdp.heightIn } });
    const lulu = printCoverSize(DEFAULT_POD_PACKAGE_ID, PAGES) as NonNullable<ReturnType<typeof printCoverSize>>;
    const tooNarrow = PreflightMessages.coverSize(lulu, PAGES, kdp);
    expect(await call('POST', '/print/orders', orderBody(wrapped), token)).toMatchObject({ status: 422, body: { message: tooNarrow } });
    expect(await call('POST', '/print/validate', { book_project_id: wrapped, pod_package_id: DEFAULT_POD_PACKAGE_ID }, token)).toMatchObject({ status: 422, body: { message: tooNarrow } });
    expect(await count()).toBe(before);
  });

  it('refuses an author whose e-mail is not confirmed', async () => {
    const unconfirmed = await signUpAccount({ verified: false });
    const book = await savedBook(unconfirmed.id);
    expect(await call('POST', '/print/orders', orderBody(book), unconfirmed.token)).toMatchObject({ status: 403, body: { message: AuthMessages.verifiedEmailRequired } });
    expect(await em().count(PrintOrder, { user: unconfirmed.id })).toBe(0);
  });

  it('removes the order again and answers 503 when its workflow cannot start', async () => {
    const cut = await serveApi({ ...config, TEMPORAL_NAMESPACE: `missing-${randomUUID()}` });
    const { token: own, id } = await signUpAccount();
    try {
      const book = await savedBook(id);
      expect(await apiClient(() => cut.url).call('POST', '/print/orders', orderBody(book), own)).toMatchObject({ status: 503, body: { message: PrintMessages.createFailed } });
    } finally {
      await cut.app.close();
    }
    expect(await em().count(PrintOrder, { user: id })).toBe(0);
    expect(await served.engine.deps.storage.list(`${id}/print-orders/`)).toEqual([]);
  });

  it("counts orders against the caller's checkout allowance", async () => {
    const limited = await serveApi({ ...config, CHECKOUT_RATE_LIMIT_PER_HOUR: 1 });
    const { token: own } = await signUpAccount();
    try {
      const client = apiClient(() => limited.url);
      // A signed-in author gets five times the hourly allowance; refused bodies count too.
      for (let i = 0; i < 5; i++) expect((await client.call('POST', '/print/orders', {}, own)).status).toBe(400);
      const refused = await client.call('POST', '/print/orders', {}, own);
      expect(refused.status).toBe(429);
    } finally {
      await limited.app.close();
    }
  });
});

describe('refresh and the Lulu webhook', () => {
  // Job ids of this run's own: the database outlives it.
  const jobBase = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const job = (n: number) => jobBase + n;
  let token: string;
  let userId: string;
  let orderId: string;
  let externalId: string;
  beforeAll(async () => {
    ({ token, id: userId } = await signUpAccount());
    const placed = await call('POST', '/print/orders', orderBody(await savedBook(userId)), token);
    expect(placed.status).toBe(201);
    orderId = placed.body.order_id as string;
    externalId = placed.body.external_id as string;
  });

  it("wakes the order's workflow and answers the order as it stands", async () => {
    const { status, body } = await call('POST', `/print/orders/${orderId}/refresh`, undefined, token);
    expect(status).toBe(200);
    expect(body.order_id).toBe(orderId);
    // A signal that arrives while a workflow task runs is written to the history once that task completes.
    const signals = await eventually(() => signalsOf(orderId), (all) => all.some((s) => s.name === 'refresh'));
    expect(signals.map((s) => s.name)).toContain('refresh');
  });

  it('shows what the workflow records: waiting for payment, with the checkout page to pay on', async () => {
    const order = await eventually(() => call('GET', `/print/orders/${orderId}`, undefined, token), (r) => r.body.order_status === 'unpaid');
    expect(order.body).toMatchObject({ order_status: 'unpaid', progress: 0, payment_url: expect.stringMatching(/^http/), pay_by: expect.any(String) });
    expect((order.body.history as { order_status: string }[]).map((e) => e.order_status)).toEqual(expect.arrayContaining(['draft', 'validating', 'unpaid']));
  });

  it('refuses a missing or wrong signature with 401 and changes nothing', async () => {
    const before = await em().findOneOrFail(PrintOrder, { id: orderId });
    const payload = jobPayload(job(1), externalId);
    expect(await postWebhook(served.url, payload, null)).toMatchObject({ status: 401, body: { message: PrintMessages.badSignature } });
    expect(await postWebhook(served.url, payload, 'not-a-signature')).toMatchObject({ status: 401 });
    expect(await postWebhook(served.url, payload, undefined, 'someone-elses-secret')).toMatchObject({ status: 401 });
    // Signed for another body: the signature covers the exact bytes.
    expect(await postWebhook(served.url, payload, signLuluWebhook(JSON.stringify(jobPayload(job(1), externalId, 'SHIPPED')), simulator.clientSecret))).toMatchObject({ status: 401 });
    expect((await signalsOf(orderId)).map((s) => s.name)).not.toContain('providerChanged');
    const after = await em().findOneOrFail(PrintOrder, { id: orderId });
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it("signals the order's workflow for a signed change, found by external id or by job id", async () => {
    expect(await postWebhook(served.url, jobPayload(job(2), externalId))).toEqual({ status: 200, body: { received: true, outcome: 'signalled' } });
    await em().nativeUpdate(PrintOrder, { id: orderId }, { luluJobId: String(job(3)) });
    expect(await postWebhook(served.url, jobPayload(job(3), 'PB-someone-else'))).toEqual({ status: 200, body: { received: true, outcome: 'signalled' } });
    const changed = (all: { name: string; input: unknown }[]) => all.filter((s) => s.name === 'providerChanged');
    const changes = changed(await eventually(() => signalsOf(orderId), (all) => changed(all).length >= 2));
    expect(changes.map((s) => s.input)).toEqual([{ jobId: String(job(2)) }, { jobId: String(job(3)) }]);
  });

  it('answers 200 for a job that is no order of ours, or a body that is no print job', async () => {
    expect(await postWebhook(served.url, jobPayload(job(4), `PB-${Date.now()}-unknown`))).toEqual({ status: 200, body: { received: true, outcome: 'unknown-job' } });
    expect(await postWebhook(served.url, { topic: 'SOMETHING_ELSE', data: {} })).toEqual({ status: 200, body: { received: true, outcome: 'unknown-job' } });
  });

  it('answers 503 while Temporal is unreachable, so Lulu delivers again; refresh says the service is unavailable', async () => {
    const cut = await serveApi({ ...config, TEMPORAL_NAMESPACE: `missing-${randomUUID()}` });
    try {
      expect(await postWebhook(cut.url, jobPayload(job(5), externalId))).toMatchObject({ status: 503, body: { message: PrintMessages.unavailable } });
      expect(await apiClient(() => cut.url).call('POST', `/print/orders/${orderId}/refresh`, undefined, token)).toMatchObject({ status: 503, body: { message: PrintMessages.unavailable } });
    } finally {
      await cut.app.close();
    }
  });

  it('answers 200 once the run has ended, for the webhook and for refresh', async () => {
    await served.engine.client.workflow.getHandle(printOrderWorkflowId(orderId)).terminate('test: the run ends');
    expect(await postWebhook(served.url, jobPayload(job(6), externalId))).toEqual({ status: 200, body: { received: true, outcome: 'closed' } });
    expect(await call('POST', `/print/orders/${orderId}/refresh`, undefined, token)).toMatchObject({ status: 200, body: { order_id: orderId } });
    const status = await eventually(() => served.engine.client.workflow.getHandle(printOrderWorkflowId(orderId)).describe(), (d) => d.status.name === 'TERMINATED');
    expect(status.status.name).toBe('TERMINATED');
  });
});
