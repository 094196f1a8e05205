import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintOrderAdminView } from '../../../../../libs/contracts/index.ts';
import { EliteQuote, EliteRequest } from '../../../../../libs/db/index.ts';
import { AuthMessages, eliteIncludedLabel, PRINT_OVERDUE_AFTER_DAYS, PrintMessages, printOrderWorkflowId } from '../../../../../libs/domain/index.ts';
import { insertEliteRequest } from '../../../../../testing/elite-requests.ts';
import { insertPrintOrder, newAuthor, orderReaching, printStackForFile, startPrintOrder } from '../../../../../testing/print-orders.ts';
import { sql } from '../../../../../testing/sql.ts';
import { apiClient, serveApi } from '../../../../../testing/test-server.ts';
import { paidSignal } from '../../../../../workflows/print-order/messages.ts';

const stack = printStackForFile('admin-print-orders', { AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
let api: { app: INestApplication; url: string };
const { call, signUp, signUpAs } = apiClient(() => api.url);
let team: string;

beforeAll(async () => {
  api = await serveApi(stack.config);
  team = await signUpAs('elite_team', stack.config.DATABASE_URL);
});
afterAll(async () => {
  await api?.app.close();
});

/** A draft order (no workflow) titled `title`, then set as the SQL says. */
async function order(title: string, set = ''): Promise<string> {
  const author = await newAuthor(stack.engine.deps.orm);
  const id = await insertPrintOrder(stack.engine.deps, { userId: author.id, contactEmail: author.email, title });
  if (set) await sql(stack.config.DATABASE_URL, `update print_orders set ${set} where id = $1`, [id]);
  return id;
}

const list = async (filter: object, token = team) => {
  const answer = await call('GET', `/admin/print-orders?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent('["created_at","ASC"]')}`, undefined, token);
  expect(answer.status).toBe(200);
  return answer.body as unknown as PrintOrderAdminView[];
};
const ids = (views: PrintOrderAdminView[]) => views.map((v) => v.id);

describe('/api/admin/print-orders', () => {
  it('is closed to plain users and to signed-out callers', async () => {
    const id = await order(`Closed ${randomUUID()}`);
    const user = await signUp();
    for (const [method, path] of [['GET', '/admin/print-orders'], ['GET', `/admin/print-orders/${id}`], ['POST', `/admin/print-orders/${id}/refresh`]] as const) {
      const refused = await call(method, path, undefined, user);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(AuthMessages.forbidden);
      expect((await call(method, path)).status).toBe(401);
    }
  });

  it('lists with search on title and e-mail, a status filter and an overdue filter', async () => {
    const tag = randomUUID().slice(0, 8);
    const fresh = await order(`Atlas ${tag}`);
    const paidLongAgo = await order(`Atlas ${tag} late`, `order_status = 'production', paid_at = now() - interval '${PRINT_OVERDUE_AFTER_DAYS + 1} days'`);
    const unpaidPastDeadline = await order(`Atlas ${tag} unpaid`, `order_status = 'unpaid', pay_by = now() - interval '1 hour'`);
    const shippedLongAgo = await order(`Atlas ${tag} shipped`, `order_status = 'shipped', paid_at = now() - interval '30 days'`);

    expect(ids(await list({ q: tag }))).toEqual([fresh, paidLongAgo, unpaidPastDeadline, shippedLongAgo]);
    expect(ids(await list({ q: tag, order_status: 'production' }))).toEqual([paidLongAgo]);
    expect(ids(await list({ q: tag, overdue: true }))).toEqual([paidLongAgo, unpaidPastDeadline]);
    expect(ids(await list({ q: tag, overdue: false }))).toEqual([fresh, shippedLongAgo]);
    const views = await list({ q: tag });
    expect(views.map((v) => v.overdue)).toEqual([false, true, true, false]);

    const email = views[0]?.contact_email as string;
    expect(ids(await list({ q: email }))).toEqual([fresh]);
    expect(ids(await list({ q: paidLongAgo }))).toEqual([paidLongAgo]);
    const wrong = await call('GET', `/admin/print-orders?filter=${encodeURIComponent(JSON.stringify({ order_status: 'lost' }))}`, undefined, team);
    expect(wrong.status).toBe(400);
  });

  it("shows an order with its timeline, its job at the provider and its run in the Temporal UI; refresh (like the provider's webhook) wakes its run", async () => {
    const admin = await signUpAs('admin', stack.config.DATABASE_URL);
    const author = await newAuthor(stack.engine.deps.orm);
    const id = await insertPrintOrder(stack.engine.deps, { userId: author.id, contactEmail: author.email, title: `Refreshed ${randomUUID()}` });
    // Polls an hour apart: only the refresh can make the run look at the provider within the test.
    const handle = await startPrintOrder(stack, id, { pollEvery: '1 hour', pollAtMost: '1 hour' });
    const unpaid = await orderReaching(stack.engine.deps.orm, id, 'unpaid');
    await handle.signal(paidSignal, { sessionId: unpaid.stripeSessionId as string });
    const submitted = await orderReaching(stack.engine.deps.orm, id, 'submitted');
    stack.sim.setStatus(submitted.luluJobId as string, 'IN_PRODUCTION');

    const refreshed = await call('POST', `/admin/print-orders/${id}/refresh`, undefined, admin);
    expect(refreshed.status).toBe(200);
    await orderReaching(stack.engine.deps.orm, id, 'production', 10_000);

    const shown = await call('GET', `/admin/print-orders/${id}`, undefined, team);
    expect(shown.status).toBe(200);
    const view = shown.body as unknown as PrintOrderAdminView;
    expect(view).toMatchObject({
      id,
      order_id: id,
      user_id: author.id,
      user_email: author.email,
      order_status: 'production',
      lulu_status: 'IN_PRODUCTION',
      lulu_job_id: submitted.luluJobId,
      overdue: false,
      workflow_id: printOrderWorkflowId(id),
      workflow_url: `${stack.config.TEMPORAL_UI_URL}/namespaces/${stack.config.TEMPORAL_NAMESPACE}/workflows/${printOrderWorkflowId(id)}`,
      payment: null,
    });
    expect(view.paid_at).not.toBeNull();
    expect(view.history.map((e) => [e.order_status, e.lulu_status])).toEqual(
      expect.arrayContaining([['paid', null], ['submitted', 'CREATED'], ['production', 'IN_PRODUCTION']]),
    );

    // The provider's webhook wakes the run just as well.
    const hook = stack.sim.subscribe(`${api.url}/api/print/webhooks/lulu`);
    try {
      stack.sim.setStatus(submitted.luluJobId as string, 'SHIPPED');
      expect(await handle.result()).toEqual({ status: 'shipped' });
    } finally {
      stack.sim.webhooks.splice(stack.sim.webhooks.indexOf(hook), 1);
    }

    // A run that has ended has nothing more to fetch.
    const ended = await call('POST', `/admin/print-orders/${id}/refresh`, undefined, team);
    expect(ended.status).toBe(409);
    const unknown = await call('POST', `/admin/print-orders/${randomUUID()}/refresh`, undefined, team);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(PrintMessages.orderNotFound);
  });

  it("prices an Elite request's copies as the author sees them: the accepted quote's amount, included in it", async () => {
    const tag = randomUUID().slice(0, 8);
    const author = await newAuthor(stack.engine.deps.orm);
    const elite = await insertPrintOrder(stack.engine.deps, { userId: author.id, contactEmail: author.email, title: `Elite ${tag}` });
    const plain = await order(`Elite ${tag} plain`);
    const requestId = await insertEliteRequest(stack.engine.deps.orm, { ...author, role: 'author' });
    const em = stack.engine.deps.orm.em.fork();
    await em.nativeUpdate(EliteRequest, { id: requestId }, { printOrderId: elite, status: 'printing' });
    const now = new Date();
    em.create(EliteQuote, { id: randomUUID(), request: em.getReference(EliteRequest, requestId), amountCents: 75_000, currency: 'usd', copies: 10, timeline: '2 weeks', includes: ['Editing'], message: 'Here it is', sentBy: 'team@example.com', sentAt: now, validUntil: now, status: 'accepted' });
    await em.flush();

    const included = { request_id: requestId, amount_cents: 75_000, currency: 'usd' };
    const [listed, other] = await list({ q: tag });
    expect([listed?.id, other?.id]).toEqual([elite, plain]);
    expect(listed?.elite_included).toEqual(included);
    expect(other?.elite_included).toBeNull();
    const shown = (await call('GET', `/admin/print-orders/${elite}`, undefined, team)).body as unknown as PrintOrderAdminView;
    expect(shown.elite_included).toEqual(included);
    // The back office and the author's Print Orders say it in the same words.
    expect(eliteIncludedLabel(shown.elite_included as typeof included)).toBe('$750.00 · included in your Elite quote');
  });

  it("shows the payment of an order paid through Stripe", async () => {
    const id = await order(`Paid ${randomUUID()}`, `order_status = 'paid', paid_at = now()`);
    const row = await call('GET', `/admin/print-orders/${id}`, undefined, team);
    const view = row.body as unknown as PrintOrderAdminView;
    await sql(
      stack.config.DATABASE_URL,
      `insert into payments (id, user_id, email, product_id, print_order_id, price_id, amount, currency, status, stripe_session_id, created_at, updated_at, paid_at)
       values ($1, $2, $3, null, $4, '', $5, 'usd', 'paid', $6, now(), now(), now())`,
      [randomUUID(), view.user_id, view.contact_email, id, Math.round(view.total_cost * 100), `cs_test_${randomUUID()}`],
    );
    const shown = (await call('GET', `/admin/print-orders/${id}`, undefined, team)).body as unknown as PrintOrderAdminView;
    expect(shown.payment).toMatchObject({ product_id: null, print_order_id: id, product_name: `10 × ${view.book_title} (print)`, status: 'paid', amount: Math.round(view.total_cost * 100) });
  });
});
