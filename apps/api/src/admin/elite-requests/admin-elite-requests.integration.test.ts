import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EliteRequestAdminView } from '../../../../../libs/contracts/index.ts';
import { EliteProof, EliteQuote, EliteRequest, EliteRequestEvent, EliteRevision, Payment, User } from '../../../../../libs/db/index.ts';
import {
  AuthMessages,
  ELITE_LIMITS,
  ELITE_MANUSCRIPT_MAX_BYTES,
  eliteFileKey,
  EliteMessages,
  elitePaymentName,
  EliteRefusals,
  eliteWorkflowId,
  PrintMessages,
  type EliteEventKind,
} from '../../../../../libs/domain/index.ts';
import { eventually, testConfig } from '../../../../../testing/index.ts';
import { insertEliteRequestRow, type EliteRowFixture } from '../../../../../testing/elite-rows.ts';
import { newAuthor } from '../../../../../testing/print-orders.ts';
import { insertSavedBook } from '../../../../../testing/saved-books.ts';
import { apiClient, serveWithWorker } from '../../../../../testing/test-server.ts';
import type { eliteRequestWorkflow } from '../../../../../workflows/elite/workflow.ts';

// A task queue of this file's own: the requests' workflows run on this file's worker.
const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', TEMPORAL_TASK_QUEUE: `admin-elite-${randomUUID()}` });
const served = serveWithWorker(config);
const { call, signUpAccount } = apiClient(() => served.url);
const orm = () => served.engine.deps.orm;
const storage = () => served.engine.deps.storage;

let team: { token: string; id: string; email: string };
let plainUser: { token: string; id: string };
const started: string[] = [];

async function teamMember(role: 'elite_team' | 'admin' = 'elite_team') {
  const account = await signUpAccount();
  await orm().em.fork().getConnection().execute('update profiles set role = ? where id = ?', [role, account.id]);
  return { ...account, email: (await call('GET', '/profile', undefined, account.token)).body.email as string };
}

beforeAll(async () => {
  team = await teamMember();
  plainUser = await signUpAccount();
});
afterAll(async () => {
  await Promise.all(started.map((id) => served.engine.client.workflow.getHandle(eliteWorkflowId(id)).terminate('test over').catch(() => undefined)));
});

/** A request row as its workflow's activities leave it, with no workflow behind it (for what the workflow is not the point of). */
const insertRequest = (fixture: EliteRowFixture, author?: { id: string; email: string }) => insertEliteRequestRow(orm(), fixture, author);

const hours = (n: number) => new Date(Date.now() + n * 3600_000);
const view = (body: unknown) => body as EliteRequestAdminView;

async function list(filter: object, sort?: [string, string]) {
  const query = `filter=${encodeURIComponent(JSON.stringify(filter))}${sort ? `&sort=${encodeURIComponent(JSON.stringify(sort))}` : ''}`;
  const response = await fetch(`${served.url}/api/admin/elite-requests?${query}`, { headers: { Authorization: `Bearer ${team.token}` } });
  expect(response.status).toBe(200);
  return { ids: ((await response.json()) as EliteRequestAdminView[]).map((v) => v.id), range: response.headers.get('content-range') };
}

/** A multipart upload of one file as the manuscript (or under another field name). */
async function upload(id: string, name: string, bytes: Buffer | string, token = team.token, field = 'manuscript') {
  const form = new FormData();
  form.append(field, new Blob([bytes]), name);
  const response = await fetch(`${served.url}/api/admin/elite-requests/${id}/revision`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** What storage and the database hold of a request's revisions. */
async function revisionsKept(request: { id: string; userId: string }) {
  const rows = await orm().em.fork().count(EliteRevision, { request: request.id });
  const objects = await storage().list(eliteFileKey(request, 'revisions/'));
  return { rows, objects: objects.length };
}

describe('/api/admin/elite-requests: who may call', () => {
  it('answers a plain user 403 and a signed-out caller 401 on every route', async () => {
    const request = await insertRequest({ topic: `Closed ${randomUUID()}` });
    const { id } = request;
    const routes: [string, string, unknown?][] = [
      ['GET', '/admin/elite-requests'],
      ['GET', `/admin/elite-requests/${id}`],
      ['POST', `/admin/elite-requests/${id}/assign`, { assignee_id: team.id }],
      ['POST', `/admin/elite-requests/${id}/quote`, { amount: 900, copies: 10, timeline: 'Two weeks', includes: ['Editing'], message: 'Hello' }],
      ['POST', `/admin/elite-requests/${id}/steps/editing/start`, {}],
      ['POST', `/admin/elite-requests/${id}/steps/editing/finish`, {}],
      ['POST', `/admin/elite-requests/${id}/revision`],
      ['POST', `/admin/elite-requests/${id}/proof`, {}],
      ['POST', `/admin/elite-requests/${id}/printing`, {}],
      ['POST', `/admin/elite-requests/${id}/cancel`, { reason: 'No' }],
      ['POST', `/admin/elite-requests/${id}/complete`],
      ['GET', `/admin/elite-requests/${id}/proofs/1/pdf`],
      ['GET', `/admin/elite-requests/${id}/proofs/1/cover`],
      ['GET', `/admin/elite-requests/${id}/revisions/${randomUUID()}/manuscript`],
    ];
    for (const [method, path, body] of routes) {
      const refused = await call(method, path, body, plainUser.token);
      expect([path, refused.status, refused.body.message]).toEqual([path, 403, AuthMessages.forbidden]);
      expect([path, (await call(method, path, body)).status]).toEqual([path, 401]);
    }
    const upload403 = await upload(id, 'revised.md', '# One\n\nText', plainUser.token);
    expect(upload403.status).toBe(403);
    expect(await revisionsKept(request)).toEqual({ rows: 0, objects: 0 });
  });
});

describe('/api/admin/elite-requests: reading', () => {
  it('lists by due time (nulls last) with status, assignee, SLA, due-soon and search filters, and Content-Range', async () => {
    const tag = randomUUID().slice(0, 8);
    const member = await teamMember();
    const late = await insertRequest({ topic: `Orchard ${tag} late`, dueAt: hours(-2), slaBreached: true });
    const soon = await insertRequest({ topic: `Orchard ${tag} soon`, dueAt: hours(3) });
    const producing = await insertRequest({ topic: `Orchard ${tag} producing`, status: 'in_production', dueAt: hours(40), slaBreached: true, assigneeId: member.id });
    const quoted = await insertRequest({ topic: `Orchard ${tag} quoted`, status: 'quoted', userName: `Grace ${tag}` });
    const cancelled = await insertRequest({ topic: `Orchard ${tag} cancelled`, status: 'cancelled', dueAt: hours(1) });

    const all = await list({ q: tag });
    expect(all.ids).toEqual([late.id, cancelled.id, soon.id, producing.id, quoted.id]);
    expect(all.range).toBe('elite-requests 0-4/5');
    expect((await list({ q: tag }, ['created_at', 'DESC'])).ids).toEqual([cancelled.id, quoted.id, producing.id, soon.id, late.id]);
    expect((await list({ q: tag, status: 'quoted' })).ids).toEqual([quoted.id]);
    expect((await list({ q: tag, status: ['received', 'cancelled'] })).ids).toEqual([late.id, cancelled.id, soon.id]);
    expect((await list({ q: tag, assignee_id: member.id })).ids).toEqual([producing.id]);
    expect((await list({ q: tag, assignee_id: 'none' })).ids).toEqual([late.id, cancelled.id, soon.id, quoted.id]);
    expect((await list({ q: tag, sla_breached: true })).ids).toEqual([late.id, producing.id]);
    expect((await list({ q: tag, sla_breached: false })).ids).toEqual([cancelled.id, soon.id, quoted.id]);
    // Due soon: a promise of an open request due within 24 hours (or already past); a cancelled request keeps none.
    expect((await list({ q: tag, due_soon: true })).ids).toEqual([late.id, soon.id]);
    expect((await list({ q: tag, due_soon: false })).ids).toEqual([cancelled.id, producing.id, quoted.id]);
    expect((await list({ q: quoted.email })).ids).toEqual([quoted.id]);
    expect((await list({ q: `Grace ${tag}` })).ids).toEqual([quoted.id]);
    expect((await list({ id: [soon.id, quoted.id] })).ids).toEqual([soon.id, quoted.id]);

    const page = await fetch(`${served.url}/api/admin/elite-requests?filter=${encodeURIComponent(JSON.stringify({ q: tag }))}&range=[1,2]`, { headers: { Authorization: `Bearer ${team.token}` } });
    expect(((await page.json()) as { id: string }[]).map((v) => v.id)).toEqual([cancelled.id, soon.id]);
    expect(page.headers.get('content-range')).toBe('elite-requests 1-2/5');

    for (const [filter, message] of [
      [{ status: 'lost' }, /^filter\.status must be one or several of received, quoted/],
      [{ status: ['received', 7] }, /^filter\.status must be/],
      [{ assignee_id: 'someone' }, /^filter\.assignee_id must be a user id or 'none'/],
      [{ due_soon: 'yes' }, /^filter\.due_soon must be true or false/],
    ] as const) {
      const refused = await call('GET', `/admin/elite-requests?filter=${encodeURIComponent(JSON.stringify(filter))}`, undefined, team.token);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
    expect((await call('GET', `/admin/elite-requests?sort=${encodeURIComponent('["topic","ASC"]')}`, undefined, team.token)).status).toBe(400);
  });

  it('shows a request with its author, assignee, timeline, every quote, payments, revisions, proofs and its run in the Temporal UI', async () => {
    const member = await teamMember();
    const request = await insertRequest({ topic: `Lighthouse ${randomUUID()}`, status: 'in_production', assigneeId: member.id });
    const em = orm().em.fork();
    const ref = em.getReference(EliteRequest, request.id);
    const at = (minutes: number) => new Date(Date.now() - (60 - minutes) * 60_000);
    const events: [EliteEventKind, string | null][] = [['received', null], ['assigned', team.email], ['quote_sent', team.email], ['quote_sent', team.email], ['quote_accepted', request.email], ['paid', null]];
    events.forEach(([kind, by], i) => em.create(EliteRequestEvent, { id: randomUUID(), request: ref, at: at(i), kind, by, note: null, step: null, data: {} }));
    const quote = (minutes: number, cents: number, status: 'superseded' | 'accepted') =>
      em.create(EliteQuote, { id: randomUUID(), request: ref, amountCents: cents, currency: 'usd', copies: 10, timeline: 'Two weeks', includes: ['Editing'], message: 'Our offer', sentBy: team.email, sentAt: at(minutes), validUntil: hours(24 * 14), status });
    const first = quote(2, 90_000, 'superseded');
    const second = quote(3, 120_000, 'accepted');
    const payment = em.create(Payment, { id: randomUUID(), user: em.getReference(User, request.userId), email: request.email, productId: null, eliteRequestId: request.id, priceId: '', amount: 120_000, currency: 'usd', status: 'paid', stripeSessionId: `cs_test_${randomUUID()}`, paidAt: at(5), createdAt: at(4), updatedAt: at(5) });
    const revisionKey = eliteFileKey(request, 'revisions/r1/revised.md');
    await storage().put(revisionKey, '# Chapter One\n\nRevised.', 'text/markdown; charset=utf-8');
    const revision = em.create(EliteRevision, { id: randomUUID(), request: ref, manuscriptKey: revisionKey, filename: 'revised.md', by: team.email, at: at(6), chapters: 1, packageRun: 2 });
    const proofKeys = { interiorKey: eliteFileKey(request, 'proofs/1/interior.pdf'), coverKey: eliteFileKey(request, 'proofs/1/cover.pdf') };
    await storage().put(proofKeys.interiorKey, Buffer.from('%PDF-1.7 interior'), 'application/pdf');
    await storage().put(proofKeys.coverKey, Buffer.from('%PDF-1.7 cover'), 'application/pdf');
    em.create(EliteProof, { id: randomUUID(), request: ref, round: 1, ...proofKeys, note: 'First proof', sentBy: team.email, sentAt: at(7), decision: null, comment: null, decidedBy: null, decidedAt: null });
    await em.flush();
    await em.getConnection().execute(`update elite_requests set step = 'proof', step_started = true, proof_state = 'awaiting_author', copies = 10 where id = ?`, [request.id]);

    const shown = await call('GET', `/admin/elite-requests/${request.id}`, undefined, team.token);
    expect(shown.status).toBe(200);
    const body = view(shown.body);
    expect(body).toMatchObject({
      id: request.id,
      user_id: request.userId,
      user_email: request.email,
      status: 'in_production',
      status_label: 'In production',
      step: 'proof',
      proof_state: 'awaiting_author',
      copies: 10,
      assignee: { id: member.id, email: member.email },
      request_data: { user_email: request.email, preferred_timeline: '2-weeks' },
      workflow: { id: `elite-${request.id}`, url: `${config.TEMPORAL_UI_URL}/namespaces/${config.TEMPORAL_NAMESPACE}/workflows/elite-${request.id}` },
    });
    expect(body.timeline.map((e) => [e.kind, e.by])).toEqual(events);
    expect(body.quotes.map((q) => [q.id, q.status, q.amount_cents])).toEqual([[second.id, 'accepted', 120_000], [first.id, 'superseded', 90_000]]);
    expect(body.quote?.id).toBe(second.id);
    expect(body.payments).toEqual([expect.objectContaining({ id: payment.id, amount: 120_000, status: 'paid', product_name: elitePaymentName({ topic: body.topic }) })]);
    expect(body.revisions).toEqual([{ id: revision.id, filename: 'revised.md', by: team.email, at: revision.at.toISOString(), chapters: 1, package_run: 2 }]);
    expect(body.proofs).toEqual([expect.objectContaining({ round: 1, note: 'First proof', pdf_url: `/api/admin/elite-requests/${request.id}/proofs/1/pdf`, cover_url: `/api/admin/elite-requests/${request.id}/proofs/1/cover` })]);
    // The team's buttons: the author's decision on the proof is not theirs.
    expect(body.actions).toEqual(['assign', 'cancel']);

    const files = async (path: string) => {
      const response = await fetch(`${served.url}${path}`, { headers: { Authorization: `Bearer ${team.token}` } });
      return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
    };
    expect(await files(body.proofs[0]?.pdf_url as string)).toEqual({ status: 200, type: 'application/pdf', text: '%PDF-1.7 interior' });
    expect(await files(body.proofs[0]?.cover_url as string)).toEqual({ status: 200, type: 'application/pdf', text: '%PDF-1.7 cover' });
    expect(await files(`/api/admin/elite-requests/${request.id}/revisions/${revision.id}/manuscript`)).toMatchObject({ status: 200, text: '# Chapter One\n\nRevised.' });
    expect((await files(`/api/admin/elite-requests/${request.id}/proofs/2/pdf`)).status).toBe(404);
    expect((await files(`/api/admin/elite-requests/${request.id}/proofs/x/pdf`)).status).toBe(404);
    expect((await files(`/api/admin/elite-requests/${request.id}/proofs/99999999999999999999/pdf`)).status).toBe(404);
    expect((await files(`/api/admin/elite-requests/${request.id}/proofs/1/zip`)).status).toBe(400);
    expect((await files(`/api/admin/elite-requests/${request.id}/revisions/${randomUUID()}/manuscript`)).status).toBe(404);

    const unknown = await call('GET', `/admin/elite-requests/${randomUUID()}`, undefined, team.token);
    expect([unknown.status, unknown.body.message]).toEqual([404, EliteMessages.notFound]);
    expect((await call('GET', '/admin/elite-requests/not-a-uuid', undefined, team.token)).status).toBe(400);
  });
});

describe('/api/admin/elite-requests: what is refused before the workflow', () => {
  it('answers a quote that breaks the rules with 400 and its words', async () => {
    const { id } = await insertRequest({ topic: `Quote rules ${randomUUID()}` });
    const good = { amount: 1250.5, copies: 10, timeline: 'Two weeks from payment', includes: ['Editing', 'Cover design'], message: 'Our offer' };
    const amount = 'amount must be a number of US dollars from 499 to 100000, with at most 2 decimals';
    const includes = 'includes must list 1 to 20 items of at most 200 characters';
    const cases: [object, string][] = [
      [{ ...good, amount: 0.5 }, amount],
      [{ ...good, amount: 100_000.01 }, amount],
      [{ ...good, amount: 10.125 }, amount],
      [{ ...good, amount: '900' }, amount],
      [{ ...good, copies: 0 }, 'copies must be a whole number from 1 to 1000'],
      [{ ...good, copies: 2.5 }, 'copies must be a whole number from 1 to 1000'],
      [{ ...good, copies: 1001 }, 'copies must be a whole number from 1 to 1000'],
      [{ ...good, timeline: '   ' }, 'timeline is required'],
      [{ ...good, timeline: undefined }, 'timeline is required'],
      [{ ...good, timeline: 'x'.repeat(ELITE_LIMITS.quoteText + 1) }, `timeline must be ${ELITE_LIMITS.quoteText} characters or less`],
      [{ ...good, message: '' }, 'message is required'],
      [{ ...good, includes: [] }, includes],
      [{ ...good, includes: Array.from({ length: 21 }, (_, i) => `Item ${i}`) }, includes],
      [{ ...good, includes: ['x'.repeat(201)] }, includes],
      [{ ...good, includes: ['Editing', ' '] }, includes],
      [{ ...good, includes: 'Editing' }, includes],
    ];
    for (const [body, message] of cases) {
      const refused = await call('POST', `/admin/elite-requests/${id}/quote`, body, team.token);
      expect([JSON.stringify(body).slice(0, 80), refused.status, refused.body.message]).toEqual([JSON.stringify(body).slice(0, 80), 400, message]);
    }
    expect(await orm().em.fork().count(EliteQuote, { request: id })).toBe(0);
  });

  it('refuses to assign a request to a plain user (422) and checks the other bodies', async () => {
    const { id } = await insertRequest({ topic: `Assign rules ${randomUUID()}` });
    for (const assignee of [plainUser.id, randomUUID()]) {
      const refused = await call('POST', `/admin/elite-requests/${id}/assign`, { assignee_id: assignee }, team.token);
      expect([refused.status, refused.body.message]).toEqual([422, EliteMessages.notTeam]);
    }
    expect((await call('POST', `/admin/elite-requests/${id}/assign`, { assignee_id: 'me' }, team.token)).body.message).toBe('assignee_id must be a user id');
    const step = await call('POST', `/admin/elite-requests/${id}/steps/binding/start`, {}, team.token);
    expect([step.status, step.body.message]).toEqual([400, 'step must be one of editing, cover_design, proof, printing']);
    const product = await call('POST', `/admin/elite-requests/${id}/printing`, { pod_package_id: 'nope' }, team.token);
    expect([product.status, product.body.message]).toEqual([400, PrintMessages.unknownProduct]);
    const level = await call('POST', `/admin/elite-requests/${id}/printing`, { shipping_level: 'PIGEON' }, team.token);
    expect([level.status, level.body.message]).toEqual([400, PrintMessages.selectShipping]);
    const reason = await call('POST', `/admin/elite-requests/${id}/cancel`, { reason: ' ' }, team.token);
    expect([reason.status, reason.body.message]).toEqual([400, 'reason is required']);
    const note = await call('POST', `/admin/elite-requests/${id}/proof`, { note: 'x'.repeat(ELITE_LIMITS.note + 1) }, team.token);
    expect([note.status, note.body.message]).toEqual([400, `note must be ${ELITE_LIMITS.note} characters or less`]);
    const unknown = await call('POST', `/admin/elite-requests/${randomUUID()}/cancel`, { reason: 'Gone' }, team.token);
    expect([unknown.status, unknown.body.message]).toEqual([404, EliteMessages.notFound]);
    expect((await orm().em.fork().findOneOrFail(EliteRequest, id)).assignee).toBeNull();
  });

  it('refuses a revised manuscript that is too big, of the wrong type or not text, and keeps nothing of it', async () => {
    const request = await insertRequest({ topic: `Uploads ${randomUUID()}` });
    const tooBig = await upload(request.id, 'big.md', Buffer.alloc(ELITE_MANUSCRIPT_MAX_BYTES + 1, 'a'));
    expect([tooBig.status, tooBig.body.message]).toEqual([413, EliteMessages.manuscriptSize]);
    const pdf = await upload(request.id, 'book.pdf', '%PDF-1.7');
    expect([pdf.status, pdf.body.message]).toEqual([422, EliteMessages.manuscriptType]);
    const binary = await upload(request.id, 'book.md', Buffer.from([0x23, 0x20, 0x41, 0x00, 0x42]));
    expect(binary.status).toBe(422);
    expect(binary.body.message).toMatch(/not a text file/);
    const latin1 = await upload(request.id, 'book.txt', Buffer.from([0x23, 0x20, 0xe9, 0x74, 0xe9]));
    expect([latin1.status, latin1.body.message]).toMatchObject([422, expect.stringMatching(/not UTF-8/)]);
    const noChapters = await upload(request.id, 'notes.md', 'Just some notes, no heading.');
    expect([noChapters.status, noChapters.body.message]).toEqual([422, EliteMessages.manuscriptEmpty]);
    const wrongField = await upload(request.id, 'book.md', '# One', team.token, 'file');
    expect(wrongField.status).toBe(400);
    const none = await call('POST', `/admin/elite-requests/${request.id}/revision`, {}, team.token);
    expect(none.status).toBe(400);
    expect(await revisionsKept(request)).toEqual({ rows: 0, objects: 0 });
  });
});

describe('/api/admin/elite-requests: actions through the workflow', () => {
  /** A request opened by its author on a completed book, through the author's API (its run starts). */
  async function openRequest(topic: string) {
    const author = await signUpAccount();
    const bookId = await insertSavedBook(served.engine.deps, author.id, { title: topic });
    const opened = await call('POST', '/elite-requests', { book_id: bookId, contact_method: 'email', preferred_timeline: '2-weeks', print_quantity: '10-25', budget_range: '500-1000' }, author.token);
    expect(opened.status).toBe(201);
    const id = opened.body.id as string;
    started.push(id);
    await eventually(() => call('GET', `/admin/elite-requests/${id}`, undefined, team.token), (r) => view(r.body).timeline?.some((e) => e.kind === 'received'), 15_000);
    return { id, userId: author.id, author };
  }

  it('refuses an action the request is not in a state for (409, with the domain words), and keeps nothing of a refused revision', async () => {
    const request = await openRequest(`Refusals ${randomUUID()}`);
    const refusals: [string, object | undefined, string][] = [
      ['steps/editing/start', {}, EliteRefusals.notProduction],
      ['steps/cover_design/finish', {}, EliteRefusals.notProduction],
      ['proof', {}, EliteRefusals.proof],
      ['printing', {}, EliteRefusals.printing],
      // A body left out is an empty one.
      ['proof', undefined, EliteRefusals.proof],
      ['printing', undefined, EliteRefusals.printing],
      ['steps/editing/finish', undefined, EliteRefusals.notProduction],
      ['complete', undefined, EliteRefusals.complete],
    ];
    for (const [action, body, message] of refusals) {
      const refused = await call('POST', `/admin/elite-requests/${request.id}/${action}`, body, team.token);
      expect([action, refused.status, refused.body.message]).toEqual([action, 409, message]);
    }
    const revision = await upload(request.id, 'revised.md', '# One\n\nText of the first chapter.');
    expect([revision.status, revision.body.message]).toEqual([409, EliteRefusals.revision]);
    expect(await revisionsKept(request)).toEqual({ rows: 0, objects: 0 });
    const shown = view((await call('GET', `/admin/elite-requests/${request.id}`, undefined, team.token)).body);
    expect(shown.status).toBe('received');
    expect(shown.timeline.map((e) => e.kind)).toEqual(['received']);
  });

  it('assigns, quotes and cancels, each recorded with who did it', async () => {
    const request = await openRequest(`Quoted ${randomUUID()}`);
    const member = await teamMember('admin');
    const assigned = await call('POST', `/admin/elite-requests/${request.id}/assign`, { assignee_id: member.id }, team.token);
    expect(assigned.status).toBe(200);
    expect(view(assigned.body).assignee).toEqual({ id: member.id, email: member.email });

    const quote = { amount: 1250.5, copies: 12, timeline: 'Two weeks from payment', includes: [' Editing ', 'Cover design'], message: 'Our offer' };
    const quoted = await call('POST', `/admin/elite-requests/${request.id}/quote`, quote, member.token);
    expect(quoted.status).toBe(200);
    expect(view(quoted.body)).toMatchObject({ status: 'quoted', quote: { amount_cents: 125_050, currency: 'usd', copies: 12, includes: ['Editing', 'Cover design'], sent_by: member.email, status: 'open' } });
    const requoted = view((await call('POST', `/admin/elite-requests/${request.id}/quote`, { ...quote, amount: 999 }, team.token)).body);
    expect(requoted.quote).toMatchObject({ amount_cents: 99_900, sent_by: team.email });
    expect(requoted.quotes.map((q) => [q.amount_cents, q.status])).toEqual([[99_900, 'open'], [125_050, 'superseded']]);

    const cancelled = await call('POST', `/admin/elite-requests/${request.id}/cancel`, { reason: 'The author asked us to stop' }, team.token);
    expect(cancelled.status).toBe(200);
    expect(view(cancelled.body)).toMatchObject({ status: 'cancelled', cancel_reason: 'The author asked us to stop', actions: [] });
    const timeline = view(cancelled.body).timeline.map((e) => [e.kind, e.by]);
    expect(timeline).toEqual(expect.arrayContaining([['assigned', team.email], ['quote_sent', member.email], ['quote_sent', team.email], ['cancelled', team.email]]));

    const after = await call('POST', `/admin/elite-requests/${request.id}/quote`, quote, team.token);
    expect([after.status, after.body.message]).toEqual([409, EliteRefusals.final('cancelled')]);
  });

  it("applies a revised manuscript uploaded while editing a prepaid request, and serves it as uploaded", async () => {
    const author = await newAuthor(orm());
    const request = await insertRequest({ topic: `Prepaid ${randomUUID()}`, prepaid: true }, author);
    started.push(request.id);
    await served.engine.client.workflow.start<typeof eliteRequestWorkflow>('eliteRequestWorkflow', {
      workflowId: eliteWorkflowId(request.id),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [{ requestId: request.id, prepaid: true, bookReady: false }],
    });
    const producing = await eventually(() => orm().em.fork().findOneOrFail(EliteRequest, request.id), (r) => r.status === 'in_production', 15_000);
    expect(producing.step).toBe('editing');

    const editing = await call('POST', `/admin/elite-requests/${request.id}/steps/editing/start`, { note: 'Starting the edit' }, team.token);
    expect(editing.status).toBe(200);
    expect(view(editing.body)).toMatchObject({ step: 'editing', step_started: true });
    const manuscript = '# The First Chapter\n\nRevised text.\n\n# The Second Chapter\n\nMore text.\n';
    const uploaded = await upload(request.id, 'My Revised Book (v2).md', manuscript);
    expect(uploaded.status).toBe(200);
    const revisions = view(uploaded.body).revisions;
    expect(revisions).toEqual([expect.objectContaining({ filename: 'My_Revised_Book_v2_.md', by: team.email })]);
    const revisionId = revisions[0]?.id as string;
    expect(await revisionsKept(request)).toEqual({ rows: 1, objects: 1 });
    const download = await fetch(`${served.url}/api/admin/elite-requests/${request.id}/revisions/${revisionId}/manuscript`, { headers: { Authorization: `Bearer ${team.token}` } });
    expect(await download.text()).toBe(manuscript);

    const applied = await eventually(() => orm().em.fork().findOneOrFail(EliteRevision, revisionId), (r) => r.chapters !== null, 20_000);
    expect(applied.chapters).toBe(2);
    const shown = view((await call('GET', `/admin/elite-requests/${request.id}`, undefined, team.token)).body);
    expect(shown.timeline.filter((e) => e.by === team.email).map((e) => e.kind)).toEqual(expect.arrayContaining(['step_started', 'revision_uploaded']));
    expect(shown.timeline.find((e) => e.kind === 'step_started')?.note).toBe('Starting the edit');
  });
});
