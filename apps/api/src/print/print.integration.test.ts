import { beforeAll, describe, expect, it } from 'vitest';
import { BookProject } from '../../../../libs/db/index.ts';
import {
  AddressMessages,
  CA_PROVINCES,
  DEFAULT_POD_PACKAGE_ID,
  MOCK_SHIPPING_COST,
  PRINT_PRODUCTS,
  PrintMessages,
  RateLimitMessages,
  printProduct,
  pressCoverKey,
  ProjectMessages,
  US_STATES,
} from '../../../../libs/domain/index.ts';
import { printCoverSize } from '../../../../libs/print/index.ts';
import { PreflightMessages, readPdfFacts } from '../../../../libs/print/preflight.ts';
import { pdfWithText } from '../../../../testing/files.ts';
import { testConfig } from '../../../../testing/index.ts';
import { ADDRESS, PAGES, standard, largeFormat, quote, withAddress, money, tempPdf, printApiStack } from '../../../../testing/print-api.ts';
import { blankPdf, printReadyFiles } from '../../../../testing/print-files.ts';
import { apiClient, serveApi } from '../../../../testing/test-server.ts';

const { simulator, config, call, signUpAccount, providerDown, em, storage, savedBook } = await printApiStack();

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
    const { status, body } = await calculate(quote({ shipping_address: { ...ADDRESS, country: 'GB', state: undefined, postcode: 'SW1A 1AA', phone: '020 7946 0018' }, shipping_level: 'GROUND' }));
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

  it("answers every address rule of §5.1 in the wizard's words, field by field, as the validation pipe's 400", async () => {
    const refused = async (body: unknown, field: string, message: string) => {
      const answer = await calculate(body);
      expect(answer, `${field}: ${message}`).toMatchObject({ status: 400, body: { message } });
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
    await refused(withAddress({ postcode: '0410' }), 'postcode', AddressMessages.postcodeInvalid('US'));
    await refused(withAddress({ phone: '207' }), 'phone', AddressMessages.phoneForCountry('US'));

    // Every problem at once, in the form's order; the first is the message.
    const empty = await calculate(quote({ shipping_address: {} }));
    expect(empty).toMatchObject({ status: 400, body: { message: AddressMessages.name } });
    expect((empty.body.details as { field: string }[]).map((d) => d.field)).toEqual(['name', 'address_line1', 'city', 'state', 'postcode', 'phone'].map((f) => `shipping_address.${f}`));
    expect(await calculate(quote({ shipping_address: undefined }))).toMatchObject({ status: 400, body: { message: PrintMessages.missingInformation } });
    expect(await calculate(withAddress({ name: 42 as unknown as string }))).toMatchObject({ status: 400, body: { message: AddressMessages.name } });

    // Accepted: every US state (DC too) and Canadian province, a free-text region elsewhere, the phone's allowed characters.
    for (const state of ['DC', US_STATES[0], US_STATES[US_STATES.length - 1]]) expect((await calculate(withAddress({ state }))).status).toBe(200);
    expect((await calculate(withAddress({ country: 'CA', state: CA_PROVINCES[0], postcode: 'T2P 1J9' }))).status).toBe(200);
    expect((await calculate(withAddress({ country: 'GB', state: undefined, postcode: 'SW1A 1AA', phone: '020 7946 0018' }))).status).toBe(200);
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
