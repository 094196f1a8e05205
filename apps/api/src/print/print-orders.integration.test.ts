import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BookProject, GeneratorProject, PrintOrder } from '../../../../libs/db/index.ts';
import {
  AddressMessages,
  AuthMessages,
  coverGeometry,
  DEFAULT_POD_PACKAGE_ID,
  PRESS_COVER_TEMPLATE,
  PrintMessages,
  printOrderFileKey,
  printProduct,
  printOrderProgress,
  printOrderWorkflowId,
  ProjectMessages,
  unitPrice,
  type PrintProduct,
} from '../../../../libs/domain/index.ts';
import { printCoverSize, signLuluWebhook } from '../../../../libs/print/index.ts';
import { PreflightMessages, readPdfFacts } from '../../../../libs/print/preflight.ts';
import { eventually } from '../../../../testing/index.ts';
import { ADDRESS, PAGES, standard, quote, orderBody, jobPayload, printApiStack } from '../../../../testing/print-api.ts';
import { printReadyFiles } from '../../../../testing/print-files.ts';
import { apiClient, serveApi } from '../../../../testing/test-server.ts';

const { simulator, config, served, call, signUpAccount, em, savedBook, signalsOf, postWebhook } = await printApiStack();

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
      progress: 5,
      elite_included: null,
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

  it('places one order for Place Order sent twice with the same Idempotency-Key, and answers the repeat with it', async () => {
    // An account of its own, so the other tests' lists stay as they are.
    const buyer = await signUpAccount();
    const body = orderBody(await savedBook(buyer.id));
    const key = randomUUID();
    const first = await call('POST', '/print/orders', body, buyer.token, { 'Idempotency-Key': key });
    const again = await call('POST', '/print/orders', body, buyer.token, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: { order_id: first.body.order_id, total_cost: first.body.total_cost } });
    expect(await em().count(PrintOrder, { user: buyer.id })).toBe(1);
    const other = await call('POST', '/print/orders', body, buyer.token, { 'Idempotency-Key': randomUUID() });
    expect(other.status).toBe(201);
    expect(other.body.order_id).not.toBe(first.body.order_id);
    expect(await em().count(PrintOrder, { user: buyer.id })).toBe(2);
    expect(await call('POST', '/print/orders', body, buyer.token, { 'Idempotency-Key': 'not a key' })).toMatchObject({ status: 400 });
    for (const id of [first.body.order_id, other.body.order_id]) await served.engine.client.workflow.getHandle(printOrderWorkflowId(id as string)).terminate('test over');
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
    expect(await call('POST', '/print/orders', orderBody(bookId, { shipping_address: { ...ADDRESS, phone: 'call me' } }), token)).toMatchObject({ status: 400, body: { message: AddressMessages.phoneInvalid } });
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
    expect(order.body).toMatchObject({ order_status: 'unpaid', progress: printOrderProgress('unpaid'), payment_url: expect.stringMatching(/^http/), pay_by: expect.any(String) });
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
