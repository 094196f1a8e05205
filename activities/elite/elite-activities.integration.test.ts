import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
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
  PrintOrder,
  savedBookContents,
  savedBookContentsOf,
} from '../../libs/db/index.ts';
import {
  coverGeometry,
  DEFAULT_POD_PACKAGE_ID,
  eliteFileKey,
  EliteMessages,
  EliteRefusals,
  PRESS_COVER_TEMPLATE,
  printOrderFileKey,
} from '../../libs/domain/index.ts';
import { readPdfFacts } from '../../libs/print/preflight.ts';
import { testCheckoutPath } from '../../libs/payments/index.ts';
import { newAuthor, TEST_ADDRESS } from '../../testing/print-orders.ts';
import type { EliteState } from '../../workflows/elite/messages.ts';
import {
  config,
  deps,
  act,
  openEliteActivities,
  em,
  PAGES,
  state,
  event,
  quoteRecord,
  MANUSCRIPT,
  insertRequest,
  upload,
  failureOf,
} from '../../testing/elite-activities.ts';

// The Elite workflow's activities on their own: events, quotes, revisions, proofs and the print order.
openEliteActivities();

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

    expect(await act.elitePrintOutcome(orderId)).toEqual({ orderStatus: 'draft', trackingId: null, carrierName: null, trackingUrls: [], errorMessage: null, shippingAddress: TEST_ADDRESS });
  });
});
