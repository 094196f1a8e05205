import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApplicationFailure } from '@temporalio/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EliteRequestData } from '../../libs/contracts/index.ts';
import {
  BookCredit,
  BookProject,
  ChapterVersion,
  CheckoutSession,
  EliteProof,
  EliteQuote,
  EliteRequest,
  EliteRequestEvent,
  EliteRevision,
  GeneratedChapter,
  GeneratorProject,
  Notification,
  Payment,
  PrintOrder,
  StripeEvent,
  User,
  savedBookContents,
  savedBookContentsOf,
} from '../../libs/db/index.ts';
import { coverGeometry, DEFAULT_POD_PACKAGE_ID, eliteEventMailId, eliteFileKey, EliteMessages, EliteRefusals, PRESS_COVER_TEMPLATE, printOrderFileKey, SUPPORT_PROMISES, type EliteEventKind, type EliteEventRecord } from '../../libs/domain/index.ts';
import { readPdfFacts } from '../../libs/print/preflight.ts';
import { eliteCheckoutMetadata, testCheckoutPath } from '../../libs/payments/index.ts';
import { openDeps, testConfig } from '../../testing/index.ts';
import { mailTo, waitForMail, waitForSubject } from '../../testing/mail-inbox.ts';
import { printReadyFiles } from '../../testing/print-files.ts';
import { newAuthor, TEST_ADDRESS } from '../../testing/print-orders.ts';
import { sql } from '../../testing/sql.ts';
import { newSessionId, sessionEvent } from '../../testing/stripe-events.ts';
import type { EliteState } from '../../workflows/elite/messages.ts';
import { createActivities } from '../index.ts';

// The Elite workflow's activities on their own, against the test stack's PostgreSQL, MinIO, stripe-mock, Lulu simulator
// and mail catcher; the support address is this file's own, so its mail is told apart in the shared inbox.
const config = testConfig({ SUPPORT_EMAIL: `elite-support-${randomUUID()}@example.com` });
let deps: Awaited<ReturnType<typeof openDeps>>;
let act: ReturnType<typeof createActivities>;
beforeAll(async () => {
  deps = await openDeps(config);
  act = createActivities(deps);
});
afterAll(() => deps.close());
const em = () => deps.orm.em.fork();

const PAGES = 40;

/** A completed book of the author's, as a saved one-shot book leaves it: two chapters, its PDF and cover in storage. */
async function insertBook(userId: string, title = 'The Tested Book'): Promise<{ bookId: string; projectId: string }> {
  const files = printReadyFiles(DEFAULT_POD_PACKAGE_ID, PAGES);
  const projectId = randomUUID();
  const keys = { pdfKey: `${userId}/${projectId}/book.pdf`, coverPdfKey: `${userId}/${projectId}/cover.pdf` };
  await deps.storage.put(keys.pdfKey, files.interior, 'application/pdf');
  await deps.storage.put(keys.coverPdfKey, files.cover, 'application/pdf');
  const m = em();
  const user = m.getReference(User, userId);
  const project = m.create(GeneratorProject, {
    id: projectId,
    user,
    name: 'the-tested-book',
    title,
    author: 'Ada Writer',
    topic: 'Testing books by hand',
    writingStyle: 'practical',
    totalTargetWords: 10_000,
    provider: 'mock',
    mode: 'auto',
    stage: 'complete',
    pageCount: PAGES,
    packageRuns: 2,
    ...keys,
  });
  for (const number of [1, 2]) m.create(GeneratedChapter, { id: randomUUID(), project, number, title: `Old chapter ${number}`, content: `Old words of chapter ${number}.`, wordCount: 5, generatedAt: new Date() });
  const book = m.create(BookProject, {
    id: randomUUID(),
    user,
    generatorProject: project,
    title,
    author: 'Ada Writer',
    bookIdea: 'Testing books by hand',
    topic: 'Testing books by hand',
    pageCount: PAGES,
    writingStyle: 'practical',
    source: 'one-shot',
  });
  await m.flush();
  return { bookId: book.id, projectId };
}

const requestData = (author: { id: string; email: string }, title: string | null): EliteRequestData => ({
  book_id: null,
  book_title: title,
  book_author: title ? 'Ada Writer' : null,
  book_idea: title ? 'Testing books by hand' : null,
  book_created: title ? '2026-11-01T10:00:00.000Z' : null,
  pdf_available: Boolean(title),
  cover_available: Boolean(title),
  user_name: 'Ada Writer',
  user_email: author.email,
  user_phone: '+1 217 555 0100',
  contact_method: 'email',
  preferred_timeline: '2-weeks',
  print_quantity: '10-25',
  budget_range: '500-1000',
  additional_requirements: 'Bigger margins, please',
  request_date: '2026-11-22T10:00:00.000Z',
  dashboard_url: 'http://localhost:4273/dashboard',
  book_pdf_url: title ? 'http://localhost:4273/api/book-projects/x/pdf' : null,
  book_cover_url: title ? 'http://localhost:4273/api/book-projects/x/cover' : null,
});

interface TestRequest {
  requestId: string;
  author: { id: string; email: string };
  bookId: string | null;
  projectId: string | null;
  topic: string;
}

/** A request as the API leaves it: on a completed book, or (prepaid) paid up front without one. */
async function insertRequest({ prepaid = false, copies = null as number | null, shipping = false } = {}): Promise<TestRequest> {
  const author = await newAuthor(deps.orm);
  const topic = `Elite ${randomUUID().slice(0, 8)}`;
  const book = prepaid ? null : await insertBook(author.id, topic);
  const requestId = randomUUID();
  const m = em();
  m.create(EliteRequest, {
    id: requestId,
    user: m.getReference(User, author.id),
    bookProject: book ? m.getReference(BookProject, book.bookId) : null,
    prepaid,
    topic,
    contactMethod: 'email',
    preferredTimeline: '2-weeks',
    printQuantity: prepaid ? null : '10-25',
    budgetRange: prepaid ? null : '500-1000',
    additionalRequirements: 'Bigger margins, please',
    userName: 'Ada Writer',
    userEmail: author.email,
    userPhone: '+1 217 555 0100',
    requestData: { ...requestData(author, prepaid ? null : topic), book_id: book?.bookId ?? null },
    status: prepaid ? 'in_production' : 'received',
    step: prepaid ? 'editing' : null,
    copies,
    shippingAddress: shipping ? TEST_ADDRESS : null,
  });
  await m.flush();
  return { requestId, author, bookId: book?.bookId ?? null, projectId: book?.projectId ?? null, topic };
}

const state = (overrides: Partial<EliteState> = {}): EliteState => ({
  status: 'received',
  step: null,
  stepStarted: false,
  proof: null,
  proofRound: 0,
  bookReady: true,
  assignee: null,
  quote: null,
  firstQuotedAt: null,
  payBy: null,
  paidWith: null,
  paidAt: null,
  copies: null,
  shippingAddress: null,
  printOrderId: null,
  productionStartedAt: null,
  deliveredAt: null,
  completedAt: null,
  cancelReason: null,
  promises: [{ name: 'quote', dueAt: '2026-11-23T10:00:00.000Z', metAt: null, remindedAt: null, breachedAt: null }],
  announced: false,
  ...overrides,
});

const event = (kind: EliteEventKind, overrides: Partial<EliteEventRecord> = {}): EliteEventRecord => ({ id: randomUUID(), at: new Date().toISOString(), kind, by: null, ...overrides });

const quoteRecord = (overrides: Partial<Parameters<typeof act.saveEliteQuote>[1]> = {}) => ({
  id: randomUUID(),
  amountCents: 125_000,
  currency: 'usd',
  copies: 12,
  timeline: 'Three weeks',
  includes: ['Editing', 'Cover design'],
  message: 'Here is our offer.',
  sentBy: 'team@example.com',
  sentAt: new Date().toISOString(),
  validUntil: new Date(Date.now() + 14 * 86_400_000).toISOString(),
  ...overrides,
});

/** A revised manuscript uploaded as the API stores it: the file in MinIO and its elite_revisions row. */
async function upload(request: TestRequest, text: string): Promise<string> {
  const revisionId = randomUUID();
  const key = eliteFileKey({ id: request.requestId, userId: request.author.id }, `revisions/${revisionId}/manuscript.md`);
  await deps.storage.put(key, Buffer.from(text), 'text/markdown');
  const m = em();
  m.create(EliteRevision, { id: revisionId, request: m.getReference(EliteRequest, request.requestId), manuscriptKey: key, filename: 'manuscript.md', by: 'team@example.com', at: new Date() });
  await m.flush();
  return revisionId;
}

const MANUSCRIPT = ['---', 'draft: 3', '---', '', '# A New Beginning', '', 'Fresh words open the book.', '', '# The Middle Part', 'More fresh words.', '', '# The End', 'Done.'].join('\n');

/** The failure an activity threw, for its type and whether Temporal would retry it. */
async function failureOf(promise: Promise<unknown>): Promise<ApplicationFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApplicationFailure);
  return error as ApplicationFailure;
}

describe('recordEliteEvent', () => {
  it('records an event once and writes the projection every time, with the SLA flag and the earliest unmet promise', async () => {
    const request = await insertRequest();
    const assignee = await newAuthor(deps.orm, 'Tess Team');
    const received = event('received');
    await act.recordEliteEvent(request.requestId, received, state());
    await act.recordEliteEvent(request.requestId, received, state());
    expect(await em().count(EliteRequestEvent, { request: request.requestId })).toBe(1);

    const promises: EliteState['promises'] = [
      { name: 'quote', dueAt: '2026-11-23T10:00:00.000Z', metAt: '2026-11-22T12:00:00.000Z', remindedAt: null, breachedAt: null },
      { name: 'first_chapters', dueAt: '2026-11-26T10:00:00.000Z', metAt: null, remindedAt: '2026-11-26T06:00:00.000Z', breachedAt: '2026-11-26T10:00:00.000Z' },
      { name: 'books', dueAt: '2026-12-06T10:00:00.000Z', metAt: null, remindedAt: null, breachedAt: null },
    ];
    const paid = event('paid', { by: null });
    const after = state({
      status: 'in_production',
      step: 'editing',
      assignee: { id: assignee.id, email: assignee.email },
      copies: 12,
      payBy: '2026-11-25T10:00:00.000Z',
      paidAt: '2026-11-22T11:00:00.000Z',
      firstQuotedAt: '2026-11-22T09:00:00.000Z',
      promises,
    });
    await act.recordEliteEvent(request.requestId, paid, after);
    const row = await em().findOneOrFail(EliteRequest, { id: request.requestId });
    expect(row).toMatchObject({ status: 'in_production', step: 'editing', stepStarted: false, copies: 12, slaBreached: true, promises });
    expect(row.assignee?.id).toBe(assignee.id);
    expect(row.dueAt?.toISOString()).toBe('2026-11-26T10:00:00.000Z');
    expect(row.paidAt?.toISOString()).toBe('2026-11-22T11:00:00.000Z');
    expect(row.firstQuotedAt?.toISOString()).toBe('2026-11-22T09:00:00.000Z');

    // A final request is due no more.
    await act.recordEliteEvent(request.requestId, event('cancelled', { by: request.author.email, note: 'Changed my mind' }), { ...after, status: 'cancelled', cancelReason: 'Changed my mind' });
    expect(await em().findOneOrFail(EliteRequest, { id: request.requestId })).toMatchObject({ status: 'cancelled', cancelReason: 'Changed my mind', dueAt: null });
    const kinds = (await em().find(EliteRequestEvent, { request: request.requestId }, { orderBy: { at: 'asc' } })).map((e) => e.kind);
    expect(kinds).toEqual(['received', 'paid', 'cancelled']);
  });

  it("adds one in-app notification per event the author is told of, and none for the team's own events", async () => {
    const request = await insertRequest();
    const sent = event('quote_sent', { by: 'team@example.com' });
    await act.recordEliteEvent(request.requestId, sent, state({ status: 'quoted' }));
    await act.recordEliteEvent(request.requestId, sent, state({ status: 'quoted' }));
    await act.recordEliteEvent(request.requestId, event('assigned', { by: 'team@example.com' }), state({ status: 'quoted' }));
    const notifications = await em().find(Notification, { user: request.author.id });
    expect(notifications.map((n) => [n.type, n.data])).toEqual([
      ['elite_request_status', { elite_request_id: request.requestId, event: 'quote_sent', status: 'quoted', step: null, topic: request.topic }],
    ]);
  });
});

describe('quotes and their checkout', () => {
  it('supersede an open quote with a newer one, and close a quote only from a state it can leave', async () => {
    const request = await insertRequest();
    const first = quoteRecord();
    const second = quoteRecord({ amountCents: 99_000 });
    await act.saveEliteQuote(request.requestId, first);
    await act.saveEliteQuote(request.requestId, second);
    await act.saveEliteQuote(request.requestId, second);
    const statuses = async () => Object.fromEntries((await em().find(EliteQuote, { request: request.requestId })).map((q) => [q.id, q.status]));
    expect(await statuses()).toEqual({ [first.id]: 'superseded', [second.id]: 'open' });
    expect(await em().findOneOrFail(EliteQuote, { id: second.id })).toMatchObject({ amountCents: 99_000, copies: 12, includes: ['Editing', 'Cover design'] });

    await act.closeEliteQuote(second.id, 'accepted');
    await act.closeEliteQuote(second.id, 'declined');
    expect((await statuses())[second.id]).toBe('accepted');
    await act.closeEliteQuote(second.id, 'expired');
    expect((await statuses())[second.id]).toBe('expired');
  });

  it("opens one Checkout Session for the accepted quote's amount, naming the request", async () => {
    const request = await insertRequest();
    const quote = quoteRecord();
    await act.saveEliteQuote(request.requestId, quote);
    const payBy = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const opened = await act.openEliteCheckout(request.requestId, quote.id, payBy);
    expect(opened.url).toBe(`${config.PORTAL_URL}${testCheckoutPath(opened.sessionId)}`);
    expect(await act.openEliteCheckout(request.requestId, quote.id, payBy)).toEqual(opened);

    const session = await em().findOneOrFail(CheckoutSession, { id: opened.sessionId });
    expect(session).toMatchObject({ eliteRequestId: request.requestId, productId: null, printOrderId: null, amount: 125_000, currency: 'usd', customerEmail: request.author.email });
    expect(session.successUrl).toBe(`${config.PORTAL_URL}/elite-requests/${request.requestId}?paid=1&session_id={CHECKOUT_SESSION_ID}`);
    const row = await em().findOneOrFail(EliteRequest, { id: request.requestId });
    expect(row).toMatchObject({ checkoutUrl: opened.url, stripeSessionId: opened.sessionId });
    expect(row.payBy?.toISOString()).toBe(payBy);
  });
});

describe('applyEliteRevision', () => {
  it("makes the manuscript the book's chapters, keeping the ones it replaced, and counts one packaging run however often it is retried", async () => {
    const request = await insertRequest();
    const revisionId = await upload(request, MANUSCRIPT);
    const applied = await act.applyEliteRevision(request.requestId, revisionId);
    expect(applied).toEqual({ projectId: request.projectId, run: 3, chapters: 3 });
    expect(await act.applyEliteRevision(request.requestId, revisionId)).toEqual(applied);

    const chapters = await em().find(GeneratedChapter, { project: request.projectId as string }, { orderBy: { number: 'asc' } });
    expect(chapters.map((c) => [c.number, c.title, c.content])).toEqual([
      [1, 'A New Beginning', 'Fresh words open the book.'],
      [2, 'The Middle Part', 'More fresh words.'],
      [3, 'The End', 'Done.'],
    ]);
    const book = await em().findOneOrFail(BookProject, { id: request.bookId as string }, { populate: ['generatorProject'] });
    const contents = savedBookContents(book.generatorProject, chapters);
    expect(contents.chaptersData.map((c) => [c.chapterNumber, c.title, c.word_count])).toEqual([
      [1, 'A New Beginning', 5],
      [2, 'The Middle Part', 3],
      [3, 'The End', 1],
    ]);
    expect(contents.wordCount).toBe(9);
    expect(book.generatorProject).toMatchObject({ packageRuns: 3, buildStatus: 'building' });
    // Each revised chapter is a version of its chapter, and the files are older than the text until the run rebuilds them.
    const versions = await em().find(ChapterVersion, { project: request.projectId as string }, { orderBy: { chapter: 'asc', version: 'asc' } });
    expect(versions.map((v) => [v.chapter, v.version, v.source, v.by, v.title, v.words])).toEqual([
      [1, 1, 'revision', 'team@example.com', 'A New Beginning', 5],
      [2, 1, 'revision', 'team@example.com', 'The Middle Part', 3],
      [3, 1, 'revision', 'team@example.com', 'The End', 1],
    ]);
    expect(book.generatorProject.textUpdatedAt).toBeInstanceOf(Date);

    const revision = await em().findOneOrFail(EliteRevision, { id: revisionId });
    expect(revision).toMatchObject({ chapters: 3, packageRun: 3 });
    expect(revision.appliedAt).toBeInstanceOf(Date);
    const previous = JSON.parse((await deps.storage.getBuffer(revision.previousKey as string)).toString()) as { chapters: { title: string; content: string }[] };
    expect(previous.chapters.map((c) => [c.title, c.content])).toEqual([
      ['Old chapter 1', 'Old words of chapter 1.'],
      ['Old chapter 2', 'Old words of chapter 2.'],
    ]);
  });

  it("creates the author's book from a prepaid request's first revision", async () => {
    const request = await insertRequest({ prepaid: true, copies: 2 });
    const revisionId = await upload(request, MANUSCRIPT);
    const applied = await act.applyEliteRevision(request.requestId, revisionId);
    expect(applied).toMatchObject({ run: 1, chapters: 3 });
    expect(await act.applyEliteRevision(request.requestId, revisionId)).toEqual(applied);

    const row = await em().findOneOrFail(EliteRequest, { id: request.requestId }, { populate: ['bookProject.generatorProject'] });
    const book = row.bookProject as BookProject;
    expect(book).toMatchObject({ title: request.topic, author: 'Ada Writer', generationStatus: 'completed' });
    expect((await savedBookContentsOf(em(), [book.generatorProject])).get(applied.projectId)?.wordCount).toBe(9);
    expect(book.user.id).toBe(request.author.id);
    expect(book.generatorProject).toMatchObject({ id: applied.projectId, provider: 'mock', mode: 'step', stage: 'complete', title: request.topic, packageRuns: 1 });
    expect(await em().count(GeneratedChapter, { project: applied.projectId })).toBe(3);
    expect(await em().count(BookProject, { user: request.author.id })).toBe(1);
    expect((await em().findOneOrFail(EliteRevision, { id: revisionId })).previousKey).toBeNull();
  });

  it('refuses a manuscript without chapters for good, changing nothing', async () => {
    const request = await insertRequest();
    const revisionId = await upload(request, 'A manuscript with prose and no "# " headings.\n## Only a section\n');
    const failure = await failureOf(act.applyEliteRevision(request.requestId, revisionId));
    expect(failure).toMatchObject({ type: 'RevisionRefused', nonRetryable: true, message: EliteMessages.manuscriptEmpty });
    expect(await em().findOneOrFail(EliteRevision, { id: revisionId })).toMatchObject({ appliedAt: null, chapters: null, packageRun: null });
    expect((await em().find(GeneratedChapter, { project: request.projectId as string })).map((c) => c.title).sort()).toEqual(['Old chapter 1', 'Old chapter 2']);
  });
});

describe('proofs', () => {
  it("copies the book's current PDF and draws its cover for the press as the round's proof, once, and records the author's decision", async () => {
    const request = await insertRequest();
    const at = new Date().toISOString();
    const proof = { id: randomUUID(), round: 1, by: 'team@example.com', at, note: 'Please check the margins' };
    await act.sendEliteProof(request.requestId, proof);
    await act.sendEliteProof(request.requestId, { ...proof, id: randomUUID() });
    const rows = await em().find(EliteProof, { request: request.requestId });
    expect(rows).toHaveLength(1);
    const [row] = rows as [EliteProof];
    expect(row).toMatchObject({ id: proof.id, round: 1, note: 'Please check the margins', sentBy: 'team@example.com', decision: null });
    const project = await em().findOneOrFail(GeneratorProject, { id: request.projectId as string });
    expect(row.interiorKey).toBe(eliteFileKey({ id: request.requestId, userId: request.author.id }, 'proofs/1/interior.pdf'));
    expect(row.coverKey).toBe(eliteFileKey({ id: request.requestId, userId: request.author.id }, 'proofs/1/cover.pdf'));
    expect((await deps.storage.getBuffer(row.interiorKey)).equals(await deps.storage.getBuffer(project.pdfKey as string))).toBe(true);
    // The cover as the press prints it: one page, the printer's template (its spine formula) at the book's page count.
    const proofCover = join(mkdtempSync(join(tmpdir(), 'proof-')), 'cover.pdf');
    writeFileSync(proofCover, await deps.storage.getBuffer(row.coverKey));
    const facts = await readPdfFacts(proofCover);
    const press = coverGeometry({ template: PRESS_COVER_TEMPLATE, pageCount: project.pageCount ?? PAGES, trim: { widthIn: 6, heightIn: 9 } });
    expect(facts.pageSizes.map((size) => [size.width / 72, size.height / 72].map((inches) => inches.toFixed(3)))).toEqual([[press.widthIn.toFixed(3), press.heightIn.toFixed(3)]]);

    await act.decideEliteProof(request.requestId, 1, { decision: 'changes_requested', comment: 'Wider margins', by: request.author.email, at });
    const decided = await em().findOneOrFail(EliteProof, { id: proof.id });
    expect(decided).toMatchObject({ decision: 'changes_requested', comment: 'Wider margins', decidedBy: request.author.email });
    expect(decided.decidedAt?.toISOString()).toBe(at);
  });

  it('refuses for good a proof of a request whose book has no PDF yet', async () => {
    const request = await insertRequest({ prepaid: true, copies: 2 });
    const failure = await failureOf(act.sendEliteProof(request.requestId, { id: randomUUID(), round: 1, by: 'team@example.com', at: new Date().toISOString(), note: null }));
    expect(failure).toMatchObject({ type: 'ProofRefused', nonRetryable: true, message: EliteRefusals.noBook });
    expect(await em().count(EliteProof, { request: request.requestId })).toBe(0);
  });
});

describe('createElitePrintOrder', () => {
  it("orders the agreed copies once, to the author's address, with its own copies of the book's files", async () => {
    const request = await insertRequest({ copies: 12, shipping: true });
    const orderId = randomUUID();
    const at = new Date().toISOString();
    const order = { orderId, podPackageId: DEFAULT_POD_PACKAGE_ID, shippingLevel: 'MAIL' as const, at };
    expect(await act.createElitePrintOrder(request.requestId, order)).toEqual({ orderId });
    expect(await act.createElitePrintOrder(request.requestId, order)).toEqual({ orderId });
    expect(await em().count(PrintOrder, { bookProject: request.bookId as string })).toBe(1);

    const row = await em().findOneOrFail(PrintOrder, { id: orderId });
    expect(row).toMatchObject({
      orderStatus: 'draft',
      quantity: 12,
      pageCount: PAGES,
      contactEmail: request.author.email,
      shippingAddress: TEST_ADDRESS,
      shippingLevel: 'MAIL',
      bookTitle: request.topic,
      interiorKey: printOrderFileKey({ id: orderId, userId: request.author.id }, 'interior.pdf'),
      coverKey: printOrderFileKey({ id: orderId, userId: request.author.id }, 'cover.pdf'),
    });
    // Our tier price for 12 copies (4.00 each) and the destination's shipping.
    expect(row.unitCost).toBe(4);
    expect(row.printingCost).toBe(48);
    expect(row.totalCost).toBeGreaterThan(48);
    expect(row.history).toEqual([{ at, order_status: 'draft', lulu_status: null, note: `Order placed for Elite request ${request.requestId}` }]);
    expect(await deps.storage.stat(row.interiorKey as string)).not.toBeNull();
    // The order's cover is drawn by its own run from the book's design; nothing of the book's is copied or changed.
    expect(await deps.storage.stat(row.coverKey as string)).toBeNull();

    expect(await act.elitePrintOutcome(orderId)).toEqual({ orderStatus: 'draft', trackingId: null, carrierName: null, trackingUrls: [], errorMessage: null });
  });
});

describe("an Elite quote's payment", () => {
  /** Stores Stripe's event as the webhook does and applies it. */
  async function apply(session: Parameters<typeof sessionEvent>[1]) {
    const stripeEvent = sessionEvent('checkout.session.completed', session);
    await em().insert(StripeEvent, { id: stripeEvent.id, type: stripeEvent.type, payload: stripeEvent as unknown as Record<string, unknown>, receivedAt: new Date() });
    return act.applyStripeEvent(stripeEvent.id);
  }

  it('becomes a payment naming the request, granting nothing, and its receipt names the Elite Service', async () => {
    const request = await insertRequest();
    const quote = quoteRecord();
    await act.saveEliteQuote(request.requestId, quote);
    const { sessionId } = await act.openEliteCheckout(request.requestId, quote.id, new Date(Date.now() + 86_400_000).toISOString());
    const applied = await apply({ id: sessionId, client_reference_id: request.author.id, customer_details: { email: request.author.email }, amount_total: 125_000, metadata: { ...eliteCheckoutMetadata(request.requestId, request.author.id) } });
    expect(applied).toMatchObject({ newlyPaid: true, eliteRequestId: request.requestId, printOrderId: null, sessionId });

    const payment = await em().findOneOrFail(Payment, { id: applied.paymentId as string });
    expect(payment).toMatchObject({ status: 'paid', eliteRequestId: request.requestId, productId: null, printOrderId: null, amount: 125_000 });
    expect(payment.user?.id).toBe(request.author.id);
    expect(await em().count(BookCredit, { payment: payment.id })).toBe(0);

    await act.sendMail('purchase-receipt', payment.id);
    const receipt = await waitForSubject(request.author.email, `Your receipt: Elite Service: ${request.topic}`);
    expect(receipt.text).toContain('Amount: $1,250.00');
  });

  it("is found from the session's metadata when this server did not record the session, held to the accepted quote", async () => {
    const request = await insertRequest();
    const quote = quoteRecord({ amountCents: 50_000 });
    await act.saveEliteQuote(request.requestId, quote);
    await act.closeEliteQuote(quote.id, 'accepted');
    const applied = await apply({ id: newSessionId(), amount_total: 50_000, metadata: { ...eliteCheckoutMetadata(request.requestId, null) } });
    expect(applied).toMatchObject({ newlyPaid: true, eliteRequestId: request.requestId });
    const payment = await em().findOneOrFail(Payment, { id: applied.paymentId as string });
    expect(payment).toMatchObject({ eliteRequestId: request.requestId, productId: null, amount: 50_000 });
    expect(payment.user?.id).toBe(request.author.id);
  });
});

describe('Elite event mail', () => {
  const mailFor = async (request: TestRequest, kind: EliteEventKind, overrides: Partial<EliteEventRecord> = {}, after = state()) => {
    const recorded = event(kind, overrides);
    await act.recordEliteEvent(request.requestId, recorded, after);
    return act.sendMail('elite-event', eliteEventMailId(request.requestId, recorded.id));
  };

  it('tells the team of a new request with its notification payload and links, and confirms it to the author, once', async () => {
    const request = await insertRequest();
    const received = event('received');
    await act.recordEliteEvent(request.requestId, received, state());
    expect(await act.sendMail('elite-event', eliteEventMailId(request.requestId, received.id))).toEqual({ sent: 2 });
    expect(await act.sendMail('elite-event', eliteEventMailId(request.requestId, received.id))).toEqual({ sent: 0 });

    const notice = await waitForSubject(config.SUPPORT_EMAIL, request.topic);
    expect(notice.subject).toBe(`New Elite Service request from Ada Writer: ${request.topic}`);
    for (const line of [
      `user_id: ${request.author.id}`,
      'type: elite_service_request',
      `book_id: ${request.bookId}`,
      `book_title: ${request.topic}`,
      `user_email: ${request.author.email}`,
      'contact_method: email',
      'preferred_timeline: 2-weeks',
      'print_quantity: 10-25',
      'budget_range: 500-1000',
      'additional_requirements: Bigger margins, please',
      'pdf_available: true',
      'dashboard_url: http://localhost:4273/dashboard',
      `${config.PORTAL_URL}/admin/elite-requests/${request.requestId}/show`,
      `${config.TEMPORAL_UI_URL}/namespaces/${config.TEMPORAL_NAMESPACE}/workflows/elite-${request.requestId}`,
    ]) {
      expect(notice.text).toContain(line);
    }

    const [confirmation] = await waitForMail(request.author.email);
    expect(confirmation?.subject).toBe(`We received your Elite Service request: ${request.topic}`);
    expect(confirmation?.text).toContain(`Our team contacts you within ${SUPPORT_PROMISES.contact}, and you receive a detailed quote and timeline within ${SUPPORT_PROMISES.quote}.`);
    expect(confirmation?.text).toContain(`${config.PORTAL_URL}/elite-requests/${request.requestId}`);
    expect((await mailTo(request.author.email)).length).toBe(1);
  });

  it('sends the quote to the author, the acceptance to the assigned member, and a breach to every admin', async () => {
    const request = await insertRequest();
    const member = await newAuthor(deps.orm, 'Tess Team');
    const admin = await newAuthor(deps.orm, 'Ada Admin');
    await sql(config.DATABASE_URL, `update profiles set role = 'admin' where id = $1`, [admin.id]);
    const assigned = state({ assignee: { id: member.id, email: member.email } });
    const quote = quoteRecord();
    await act.saveEliteQuote(request.requestId, quote);

    expect(await mailFor(request, 'quote_sent', { by: member.email, data: { quoteId: quote.id } }, { ...assigned, status: 'quoted' })).toEqual({ sent: 1 });
    const quoted = await waitForSubject(request.author.email, 'Your Elite Service quote');
    for (const line of ['Amount: $1,250.00', 'Copies: 12 copies', 'Timeline: Three weeks', 'Includes: Editing\nCover design', 'Message: Here is our offer.']) expect(quoted.text).toContain(line);

    expect(await mailFor(request, 'quote_accepted', { by: request.author.email }, { ...assigned, status: 'awaiting_payment' })).toEqual({ sent: 1 });
    const accepted = await waitForSubject(member.email, 'accepted the quote');
    expect(accepted.text).toContain(`${config.PORTAL_URL}/admin/elite-requests/${request.requestId}/show`);

    // A step of the team's own is the author's news only.
    expect(await mailFor(request, 'step_started', { by: member.email, step: 'editing' }, { ...assigned, status: 'in_production', step: 'editing', stepStarted: true })).toEqual({ sent: 1 });
    await waitForSubject(request.author.email, `Editing has started: ${request.topic}`);

    const breached = { ...assigned, promises: [{ name: 'quote' as const, dueAt: '2026-11-23T10:00:00.000Z', metAt: null, remindedAt: '2026-11-23T06:00:00.000Z', breachedAt: '2026-11-23T10:00:00.000Z' }] };
    const sent = await mailFor(request, 'sla_breached', { data: { promise: 'quote' } }, breached);
    expect(sent.sent).toBeGreaterThanOrEqual(1);
    const escalation = await waitForSubject(admin.email, 'SLA breached');
    expect(escalation.subject).toBe(`SLA breached: Quote within 24 hours: ${request.topic}`);
    expect(escalation.text).toContain('due Mon, 23 Nov 2026 10:00:00 GMT');
    expect(await mailTo(member.email)).toHaveLength(1);
  });

  it("tells the team of the author's cancellation but not of its own", async () => {
    const byAuthor = await insertRequest();
    expect(await mailFor(byAuthor, 'cancelled', { by: byAuthor.author.email, note: 'Changed my mind' }, state({ status: 'cancelled', cancelReason: 'Changed my mind' }))).toEqual({ sent: 2 });
    const notice = await waitForSubject(config.SUPPORT_EMAIL, `Elite request cancelled: ${byAuthor.topic}`);
    expect(notice.text).toContain('Reason: Changed my mind');

    const byTeam = await insertRequest();
    expect(await mailFor(byTeam, 'cancelled', { by: 'team@example.com', note: 'Out of scope' }, state({ status: 'cancelled', cancelReason: 'Out of scope' }))).toEqual({ sent: 1 });
    const told = await waitForSubject(byTeam.author.email, 'was cancelled');
    expect(told.text).toContain('Reason: Out of scope');
  });

  it("tells the author of a rebuilt book, and the team alone of a rebuild that failed; the timeline's own events mail no one", async () => {
    const request = await insertRequest();
    const producing = state({ status: 'in_production', step: 'editing', stepStarted: true });
    expect(await mailFor(request, 'book_rebuilt', { note: 'The book could not be rebuilt: Typst failed', data: { run: 3, error: 'Typst failed' } }, producing)).toEqual({ sent: 1 });
    const failed = await waitForSubject(config.SUPPORT_EMAIL, `The revised book could not be rebuilt: ${request.topic}`);
    expect(failed.text).toContain('Note: The book could not be rebuilt: Typst failed');
    expect(await mailFor(request, 'revision_uploaded', { by: 'team@example.com', note: 'manuscript.md' }, producing)).toEqual({ sent: 0 });
    expect(await mailFor(request, 'book_rebuilt', { note: 'The book was rebuilt: 42 pages', data: { run: 4, pageCount: 42 } }, producing)).toEqual({ sent: 1 });
    const rebuilt = await waitForSubject(request.author.email, `Your revised book is ready: ${request.topic}`);
    expect(rebuilt.text).toContain('Note: The book was rebuilt: 42 pages');
    expect(await mailTo(request.author.email)).toHaveLength(1);
    expect(await em().count(Notification, { user: request.author.id })).toBe(1);
  });
});
