import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { EliteRequestView } from '../../../../libs/contracts/index.ts';
import { EliteProof, EliteRequest, Payment, User } from '../../../../libs/db/index.ts';
import {
  AddressMessages,
  AuthMessages,
  ELITE_BUDGETS,
  ELITE_CONTACT_METHODS,
  ELITE_LIMITS,
  ELITE_PRINT_QUANTITIES,
  ELITE_TIMELINES,
  EliteMessages,
  EliteRefusals,
  eliteFileKey,
  eliteWorkflowId,
  InputMessages,
  PRODUCTS,
  ProjectMessages,
} from '../../../../libs/domain/index.ts';
import { eliteProjectDetailsForm as details, eliteRequestForm as modal, endRunsOn, sendEliteQuote } from '../../../../testing/elite-request-forms.ts';
import { pdfWithText } from '../../../../testing/files.ts';
import { eventually, testConfig } from '../../../../testing/index.ts';
import { TEST_ADDRESS } from '../../../../testing/print-orders.ts';
import { insertPayment } from '../../../../testing/purchases.ts';
import { insertSavedBook, type TestSavedBook } from '../../../../testing/saved-books.ts';
import { sql } from '../../../../testing/sql.ts';
import { apiClient, serveApi, serveWithWorker } from '../../../../testing/test-server.ts';

// A task queue of this file's own: the `elite-<id>` runs these requests start run on this file's worker.
const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', FORMS_RATE_LIMIT_PER_HOUR: '10000', TEMPORAL_TASK_QUEUE: `elite-requests-${randomUUID()}` });
const served = serveWithWorker(config);
const { call, signUpAccount } = apiClient(() => served.url);
const em = () => served.engine.deps.orm.em.fork();

// Requests wait for the team for days; this file's runs end with it (hooks after run in reverse).
afterAll(() => endRunsOn(served.engine.client, config.TEMPORAL_TASK_QUEUE));

const savedBook = (userId: string, book?: TestSavedBook) => insertSavedBook(served.engine.deps, userId, book);

/** An author with a completed book; their token, id, e-mail and the book's id. */
async function authorWithBook(book?: TestSavedBook, verified = true): Promise<{ token: string; id: string; email: string; bookId: string }> {
  const { token, id } = await signUpAccount({ verified });
  const { email } = await em().findOneOrFail(User, id);
  return { token, id, email: email as string, bookId: await savedBook(id, book) };
}

/** An author's request, opened through the API. */
async function opened(book?: TestSavedBook): Promise<{ author: Awaited<ReturnType<typeof authorWithBook>>; request: EliteRequestView }> {
  const author = await authorWithBook(book);
  const { status, body } = await call('POST', '/elite-requests', modal(author.bookId), author.token);
  expect(status, JSON.stringify(body)).toBe(201);
  return { author, request: body as unknown as EliteRequestView };
}

const sendQuote = (requestId: string) => sendEliteQuote(served.engine.client, requestId);

const requestsOf = (filter: Record<string, unknown>) => em().find(EliteRequest, filter);

describe('POST /api/elite-requests: the guards', () => {
  it("refuses a signed-out visitor in the spec's words", async () => {
    const { bookId } = await authorWithBook();
    expect(await call('POST', '/elite-requests', modal(bookId))).toMatchObject({ status: 401, body: { message: EliteMessages.notLoggedIn } });
    expect(await requestsOf({ bookProject: bookId })).toHaveLength(0);
  });

  it('refuses an author whose e-mail is not confirmed', async () => {
    const author = await authorWithBook(undefined, false);
    expect(await call('POST', '/elite-requests', modal(author.bookId), author.token)).toMatchObject({ status: 403, body: { message: AuthMessages.verifiedEmailRequired } });
    expect(await requestsOf({ bookProject: author.bookId })).toHaveLength(0);
  });

  it('refuses an account without a valid e-mail address', async () => {
    const author = await authorWithBook();
    await sql(config.DATABASE_URL, 'update profiles set email = null where id = $1', [author.id]);
    await sql(config.DATABASE_URL, 'update users set email = null where id = $1', [author.id]);
    expect(await call('POST', '/elite-requests', modal(author.bookId), author.token)).toMatchObject({ status: 422, body: { message: EliteMessages.noEmail } });
    await sql(config.DATABASE_URL, 'update profiles set email = $2 where id = $1', [author.id, 'no-at-sign']);
    expect(await call('POST', '/elite-requests', modal(author.bookId), author.token)).toMatchObject({ status: 422, body: { message: EliteMessages.noEmail } });
    expect(await requestsOf({ bookProject: author.bookId })).toHaveLength(0);
  });

  it("takes only the account's confirmed address, never another one kept in the profile", async () => {
    const author = await authorWithBook();
    await sql(config.DATABASE_URL, 'update profiles set email = $2 where id = $1', [author.id, `stranger-${randomUUID()}@example.com`]);
    expect((await call('POST', '/elite-requests', modal(author.bookId), author.token)).status).toBe(201);
    const [row] = await requestsOf({ bookProject: author.bookId });
    expect(row).toMatchObject({ userEmail: author.email, requestData: { user_email: author.email } });
  });

  it('offers the service only on a completed book of the caller', async () => {
    const author = await authorWithBook();
    const other = await authorWithBook();
    const unfinished = await savedBook(author.id, { generationStatus: 'generating' });
    expect(await call('POST', '/elite-requests', modal(unfinished), author.token)).toMatchObject({ status: 422, body: { message: EliteMessages.notCompleted } });
    expect(await call('POST', '/elite-requests', modal(other.bookId), author.token)).toMatchObject({ status: 404, body: { message: ProjectMessages.notFound } });
    expect(await call('POST', '/elite-requests', modal(randomUUID()), author.token)).toMatchObject({ status: 404, body: { message: ProjectMessages.notFound } });
    for (const id of ['not-a-book', '-'.repeat(36), 'g'.repeat(36)]) {
      expect(await call('POST', '/elite-requests', modal(id), author.token), id).toMatchObject({ status: 404, body: { message: ProjectMessages.notFound } });
    }
    expect(await requestsOf({ user: author.id })).toHaveLength(0);
  });

  it.each([
    ['a contact method not offered', { contact_method: 'fax' }, `contact_method must be one of: ${ELITE_CONTACT_METHODS.join(', ')}`],
    ['a missing timeline', { preferred_timeline: undefined }, `preferred_timeline must be one of: ${ELITE_TIMELINES.join(', ')}`],
    ['a quantity not offered', { print_quantity: '1' }, `print_quantity must be one of: ${ELITE_PRINT_QUANTITIES.join(', ')}`],
    ['a budget that is not text', { budget_range: 1000 }, `budget_range must be one of: ${ELITE_BUDGETS.join(', ')}`],
    ['notes that are too long', { additional_requirements: 'x'.repeat(ELITE_LIMITS.additionalRequirements + 1) }, `additional_requirements must be ${ELITE_LIMITS.additionalRequirements} characters or less`],
    ['a name that is not text', { user_name: 42 }, 'user_name must be text'],
    ['a null phone', { user_phone: null }, 'user_phone must be text'],
    ['a NUL character', { additional_requirements: 'a\u0000b' }, InputMessages.nulCharacter('additional_requirements')],
    ['a book id that is not text', { book_id: ['x'] }, ProjectMessages.notFound],
  ])('answers %s with 400 and the field', async (_case, overrides, message) => {
    const author = await authorWithBook();
    const answer = await call('POST', '/elite-requests', modal(author.bookId, overrides), author.token);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await requestsOf({ user: author.id })).toHaveLength(0);
  });

  it('removes the request again and answers 503 when its workflow cannot start', async () => {
    const cut = await serveApi({ ...config, TEMPORAL_NAMESPACE: `missing-${randomUUID()}` });
    const author = await authorWithBook();
    try {
      expect(await apiClient(() => cut.url).call('POST', '/elite-requests', modal(author.bookId), author.token)).toMatchObject({ status: 503, body: { message: EliteMessages.failed } });
    } finally {
      await cut.app.close();
    }
    expect(await requestsOf({ user: author.id })).toHaveLength(0);
  });
});

describe('POST /api/elite-requests: the request', () => {
  it('stores the §3 request data, starts elite-<id> and answers the request', async () => {
    const author = await authorWithBook({ title: 'Ledgers & Lanterns' });
    await sql(config.DATABASE_URL, 'update profiles set full_name = $2, phone = $3 where id = $1', [author.id, 'Ada Writer', '+1 217 555 0100']);
    const body = modal(author.bookId, { contact_method: 'both', preferred_timeline: 'asap', print_quantity: '50-100', budget_range: '5000+', additional_requirements: '  Gold foil.  ' });
    const { status, body: view } = await call('POST', '/elite-requests', body, author.token);
    expect(status).toBe(201);
    const request = view as unknown as EliteRequestView;
    expect(request).toMatchObject({
      status: 'received',
      status_label: 'Received',
      prepaid: false,
      book: { id: author.bookId, title: 'Ledgers & Lanterns', author: 'Ada Writer', pdf_available: true, cover_available: true },
      topic: 'Ledgers & Lanterns',
      contact_method: 'both',
      preferred_timeline: 'asap',
      print_quantity: '50-100',
      budget_range: '5000+',
      additional_requirements: 'Gold foil.',
      user_name: 'Ada Writer',
      user_email: author.email,
      user_phone: '+1 217 555 0100',
      quote: null,
      checkout_url: null,
      print_order: null,
      proofs: [],
    });
    expect(request.actions).toEqual(['cancel']);

    const row = await em().findOneOrFail(EliteRequest, { id: request.id });
    expect(row.user.id).toBe(author.id);
    expect(row.requestData).toEqual({
      book_id: author.bookId,
      book_title: 'Ledgers & Lanterns',
      book_author: 'Ada Writer',
      book_idea: 'How books are printed',
      book_created: expect.any(String),
      pdf_available: true,
      cover_available: true,
      user_name: 'Ada Writer',
      user_email: author.email,
      user_phone: '+1 217 555 0100',
      contact_method: 'both',
      preferred_timeline: 'asap',
      print_quantity: '50-100',
      budget_range: '5000+',
      additional_requirements: 'Gold foil.',
      request_date: row.createdAt.toISOString(),
      dashboard_url: new URL('/dashboard', config.PORTAL_URL).href,
      book_pdf_url: new URL(`/api/book-projects/${author.bookId}/download/pdf`, config.PORTAL_URL).href,
      book_cover_url: new URL(`/api/book-projects/${author.bookId}/download/cover-pdf`, config.PORTAL_URL).href,
    });

    const run = await served.engine.client.workflow.getHandle(eliteWorkflowId(request.id)).describe();
    expect(run.type).toBe('eliteRequestWorkflow');
    expect(run.taskQueue).toBe(config.TEMPORAL_TASK_QUEUE);
  });

  it("takes the account's e-mail and the name given, and says which of the book's files are missing", async () => {
    const author = await authorWithBook({ files: { interior: pdfWithText(['interior only']) } });
    const { status, body } = await call('POST', '/elite-requests', modal(author.bookId, { user_name: ' Grace ', additional_requirements: undefined }), author.token);
    expect(status).toBe(201);
    expect(body).toMatchObject({ user_name: 'Grace', user_email: author.email, user_phone: null, additional_requirements: null, book: { pdf_available: true, cover_available: false } });
    const row = await em().findOneOrFail(EliteRequest, { id: body.id as string });
    expect(row.requestData).toMatchObject({ user_name: 'Grace', pdf_available: true, cover_available: false, book_cover_url: null, additional_requirements: null });
  });

  it('opens one request at a time per book', async () => {
    const { author, request } = await opened();
    expect(await call('POST', '/elite-requests', modal(author.bookId), author.token)).toMatchObject({ status: 409, body: { message: EliteMessages.alreadyOpen } });
    // Two at once open one.
    const other = await authorWithBook();
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/elite-requests', modal(other.bookId), other.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    // Once the request has ended, the book may have another.
    await sql(config.DATABASE_URL, `update elite_requests set status = 'cancelled' where id = $1`, [request.id]);
    expect((await call('POST', '/elite-requests', modal(author.bookId), author.token)).status).toBe(201);
    expect(await requestsOf({ bookProject: author.bookId })).toHaveLength(2);
  });
});

describe('GET /api/elite-requests', () => {
  it("lists the caller's requests, newest first, and shows each; another author's is not found", async () => {
    const { author, request: first } = await opened();
    const second = await call('POST', '/elite-requests', modal(await savedBook(author.id, { title: 'Second Book' })), author.token);
    expect(second.status).toBe(201);
    const stranger = await authorWithBook();

    const list = await call('GET', '/elite-requests', undefined, author.token);
    expect(list.status).toBe(200);
    expect((list.body as unknown as EliteRequestView[]).map((r) => r.id)).toEqual([second.body.id, first.id]);
    expect((await call('GET', '/elite-requests', undefined, stranger.token)).body).toEqual([]);

    expect(await call('GET', `/elite-requests/${first.id}`, undefined, author.token)).toMatchObject({ status: 200, body: { id: first.id, book: { id: author.bookId } } });
    expect(await call('GET', `/elite-requests/${first.id}`, undefined, stranger.token)).toMatchObject({ status: 404, body: { message: EliteMessages.notFound } });
    expect(await call('GET', `/elite-requests/${randomUUID()}`, undefined, author.token)).toMatchObject({ status: 404, body: { message: EliteMessages.notFound } });
    expect((await call('GET', '/elite-requests/not-an-id', undefined, author.token)).status).toBe(400);
    expect((await call('GET', '/elite-requests')).status).toBe(401);
  });

  it('shows the timeline the workflow records, oldest first', async () => {
    const { author, request } = await opened();
    const view = await eventually(
      async () => (await call('GET', `/elite-requests/${request.id}`, undefined, author.token)).body as unknown as EliteRequestView,
      (v) => v.timeline.length > 0,
    );
    expect(view.timeline[0]).toMatchObject({ kind: 'received' });
    expect(view.promises.map((p) => [p.name, p.label])).toEqual([['quote', 'Quote within 24 hours']]);
    expect(view.due_at).toBe(view.promises[0]?.due_at);
  });
});

describe("the author's actions", () => {
  const actions = (id: string): [string, string, unknown][] => [
    ['POST', `/elite-requests/${id}/accept`, undefined],
    ['POST', `/elite-requests/${id}/decline`, { reason: 'Too dear' }],
    ['POST', `/elite-requests/${id}/proof/approve`, { shipping_address: TEST_ADDRESS }],
    ['POST', `/elite-requests/${id}/proof/changes`, { comment: 'Bigger type' }],
    ['POST', `/elite-requests/${id}/cancel`, { reason: 'Changed my mind' }],
    ['GET', `/elite-requests/${id}/proofs/1/pdf`, undefined],
    ['GET', `/elite-requests/${id}/proofs/1/cover`, undefined],
  ];

  it("are not found on another author's request, and nothing reaches its run", async () => {
    const { request } = await opened();
    const stranger = await authorWithBook();
    for (const [method, path, body] of actions(request.id)) {
      expect(await call(method, path, body, stranger.token), path).toMatchObject({ status: 404, body: { message: EliteMessages.notFound } });
    }
    const history = await served.engine.client.workflow.getHandle(eliteWorkflowId(request.id)).fetchHistory();
    expect((history.events ?? []).filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes || e.workflowExecutionUpdateAdmittedEventAttributes)).toEqual([]);
  });

  it('check their bodies first', async () => {
    const { author, request } = await opened();
    const post = (path: string, body: unknown) => call('POST', `/elite-requests/${request.id}${path}`, body, author.token);
    expect(await post('/cancel', {})).toMatchObject({ status: 400, body: { message: 'reason must be text' } });
    expect(await post('/cancel', { reason: '   ' })).toMatchObject({ status: 400, body: { message: 'reason must not be empty' } });
    expect(await post('/cancel', { reason: 'x'.repeat(ELITE_LIMITS.reason + 1) })).toMatchObject({ status: 400, body: { message: `reason must be ${ELITE_LIMITS.reason} characters or less` } });
    expect(await post('/proof/changes', { comment: '' })).toMatchObject({ status: 400, body: { message: 'comment must not be empty' } });
    expect(await post('/decline', { reason: 7 })).toMatchObject({ status: 400, body: { message: 'reason must be text' } });
    expect((await post('/proof/approve', {})).status).toBe(400);
    expect(await post('/proof/approve', { shipping_address: { ...TEST_ADDRESS, phone: 'call me' } })).toMatchObject({ status: 400, body: { message: AddressMessages.phoneInvalid } });
    expect(await post('/proof/approve', { shipping_address: { ...TEST_ADDRESS, name: ' ' } })).toMatchObject({ status: 400, body: { message: AddressMessages.name } });
    expect((await call('POST', '/elite-requests/not-an-id/cancel', { reason: 'x' }, author.token)).status).toBe(400);
  });

  it("are refused by the workflow in the request's state, in the domain's words", async () => {
    const { author, request } = await opened();
    const post = (path: string, body?: unknown) => call('POST', `/elite-requests/${request.id}${path}`, body, author.token);
    expect(await post('/accept')).toMatchObject({ status: 409, body: { message: EliteRefusals.decide } });
    expect(await post('/decline', {})).toMatchObject({ status: 409, body: { message: EliteRefusals.decide } });
    expect(await post('/proof/approve', { shipping_address: TEST_ADDRESS })).toMatchObject({ status: 409, body: { message: EliteRefusals.noProof } });
    expect(await post('/proof/changes', { comment: 'Bigger type' })).toMatchObject({ status: 409, body: { message: EliteRefusals.noProof } });
    expect((await call('GET', `/elite-requests/${request.id}`, undefined, author.token)).body).toMatchObject({ status: 'received' });
  });

  it('accept the quote: the answer is where to pay its amount, and the request awaits the payment', async () => {
    const { author, request } = await opened();
    await sendQuote(request.id);
    const quoted = (await call('GET', `/elite-requests/${request.id}`, undefined, author.token)).body as unknown as EliteRequestView;
    expect(quoted).toMatchObject({ status: 'quoted', quote: { amount_cents: 180_000, copies: 25, status: 'open', includes: ['Editing', 'Cover design'] } });
    expect(quoted.actions).toEqual(['accept_quote', 'decline_quote', 'cancel']);

    const answer = await call('POST', `/elite-requests/${request.id}/accept`, undefined, author.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ checkout_url: expect.stringMatching(/^https?:\/\//) });
    const view = (await call('GET', `/elite-requests/${request.id}`, undefined, author.token)).body as unknown as EliteRequestView;
    expect(view).toMatchObject({ status: 'awaiting_payment', checkout_url: answer.body.checkout_url, quote: { status: 'accepted' } });
    expect(view.pay_by).not.toBeNull();
    expect(await call('POST', `/elite-requests/${request.id}/accept`, undefined, author.token)).toMatchObject({ status: 409, body: { message: EliteRefusals.decide } });
  });

  it('decline the quote, with the reason', async () => {
    const { author, request } = await opened();
    await sendQuote(request.id);
    const answer = await call('POST', `/elite-requests/${request.id}/decline`, { reason: ' Too dear ' }, author.token);
    expect(answer.status).toBe(200);
    const view = answer.body as unknown as EliteRequestView;
    expect(view).toMatchObject({ status: 'declined', quote: null, actions: [] });
    expect(view.timeline.at(-1)).toMatchObject({ kind: 'quote_declined', by: author.email, note: 'Too dear' });
  });

  it('cancel the request with the reason, and nothing more can be done', async () => {
    const { author, request } = await opened();
    const answer = await call('POST', `/elite-requests/${request.id}/cancel`, { reason: '  Changed my mind  ' }, author.token);
    expect(answer.status).toBe(200);
    const view = answer.body as unknown as EliteRequestView;
    expect(view).toMatchObject({ status: 'cancelled', cancel_reason: 'Changed my mind', actions: [] });
    expect(view.timeline.at(-1)).toMatchObject({ kind: 'cancelled', by: author.email, note: 'Changed my mind' });
    expect(await call('POST', `/elite-requests/${request.id}/cancel`, { reason: 'Again' }, author.token)).toMatchObject({ status: 409, body: { message: EliteRefusals.final('cancelled') } });
  });
});

describe('GET /api/elite-requests/:id/proofs/:round', () => {
  it("streams a proof round's files to the request's author", async () => {
    const { author, request } = await opened();
    const files = { interior: pdfWithText(['proof interior']), cover: pdfWithText(['proof cover']) };
    const keys = { interiorKey: eliteFileKey({ id: request.id, userId: author.id }, 'proof-1/interior.pdf'), coverKey: eliteFileKey({ id: request.id, userId: author.id }, 'proof-1/cover.pdf') };
    await served.engine.deps.storage.put(keys.interiorKey, files.interior, 'application/pdf');
    await served.engine.deps.storage.put(keys.coverKey, files.cover, 'application/pdf');
    const fork = em();
    fork.create(EliteProof, { id: randomUUID(), request: fork.getReference(EliteRequest, request.id), round: 1, ...keys, note: 'First look', sentBy: 'team@example.com', sentAt: new Date() });
    await fork.flush();

    const get = (path: string) => fetch(`${served.url}/api/elite-requests/${request.id}/proofs/${path}`, { headers: { Authorization: `Bearer ${author.token}` } });
    for (const [path, bytes, name] of [['1/pdf', files.interior, 'Printed_Matter_proof_1.pdf'], ['1/cover', files.cover, 'Printed_Matter_proof_1_cover.pdf']] as const) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(`inline; filename="${name}"`);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    }
    const view = (await call('GET', `/elite-requests/${request.id}`, undefined, author.token)).body as unknown as EliteRequestView;
    expect(view.proofs).toEqual([
      expect.objectContaining({ round: 1, note: 'First look', decision: null, pdf_url: `/api/elite-requests/${request.id}/proofs/1/pdf`, cover_url: `/api/elite-requests/${request.id}/proofs/1/cover` }),
    ]);
    for (const path of ['2/pdf', '0/pdf', '99999999999999999999/cover', 'x/pdf']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { message: string }).message).toBe(ProjectMessages.fileNotFound);
    }
  });
});

describe('the request a 499 USD purchase opens from its project details', () => {
  it("is opened paid up front, without a book, once per payment, for the buyer at the account's own address", async () => {
    const buyer = await signUpAccount();
    const { email: own } = await em().findOneOrFail(User, { id: buyer.id });
    const paymentId = await insertPayment(config.DATABASE_URL, { userId: buyer.id, productId: PRODUCTS.eliteService.id });
    // The address typed in the form is not the buyer's to give: the request carries the account's confirmed one.
    const form = details();
    const answer = await call('POST', '/elite/project-details', form, buyer.token);
    expect(answer.status).toBe(201);

    const [row, ...more] = await requestsOf({ user: buyer.id });
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ prepaid: true, bookProject: null, topic: form.bookTopic, userName: form.name, userEmail: own, contactMethod: 'email', preferredTimeline: form.timeline, additionalRequirements: form.additionalNotes });
    expect(row?.payment?.id).toBe(paymentId);
    expect(row?.projectDetails?.id).toBe(answer.body.id);
    expect(row?.requestData).toMatchObject({ book_id: null, book_title: null, pdf_available: false, cover_available: false, user_email: own, contact_method: 'email', preferred_timeline: form.timeline, book_pdf_url: null });
    const run = await served.engine.client.workflow.getHandle(eliteWorkflowId(row?.id as string)).describe();
    expect(run.type).toBe('eliteRequestWorkflow');
    // Its run starts production at once, with the two books the offer includes.
    const view = await eventually(
      async () => (await call('GET', `/elite-requests/${row?.id}`, undefined, buyer.token)).body as unknown as EliteRequestView,
      (v) => v.status === 'in_production',
    );
    expect(view).toMatchObject({ prepaid: true, step: 'editing', copies: 2, book: null, quote: null });

    // The same payment's details again: no second request.
    expect((await call('POST', '/elite/project-details', details(), buyer.token)).status).toBe(201);
    expect(await requestsOf({ user: buyer.id })).toHaveLength(1);
    const list = (await call('GET', '/elite-requests', undefined, buyer.token)).body as unknown as EliteRequestView[];
    expect(list.map((r) => [r.id, r.prepaid, r.book, r.topic])).toEqual([[row?.id, true, null, form.bookTopic]]);
  });

  it('is not opened for details without an account (a signed-out purchase)', async () => {
    const paid = await insertPayment(config.DATABASE_URL, { userId: null, email: `guest-${randomUUID()}@example.com`, productId: PRODUCTS.eliteService.id });
    const payment = await em().findOneOrFail(Payment, { id: paid });
    expect((await call('POST', '/elite/project-details', details({ sessionId: payment.stripeSessionId }))).status).toBe(201);
    expect(await requestsOf({ payment: paid })).toHaveLength(0);
  });
});
