import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStatsResponse } from '../../../../../libs/contracts/index.ts';
import { EliteRequest, EliteRequestEvent, GeneratorProject, Payment, User } from '../../../../../libs/db/index.ts';
import { AuthMessages, OPEN_ELITE_STATUSES, type EliteStatus, type PaymentStatus } from '../../../../../libs/domain/index.ts';
import { testConfig } from '../../../../../testing/index.ts';
import { newAuthor } from '../../../../../testing/print-orders.ts';
import { apiClient, serveWithWorker } from '../../../../../testing/test-server.ts';
import { adminStats } from './admin-stats.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', TEMPORAL_TASK_QUEUE: `admin-stats-${randomUUID()}` });
const served = serveWithWorker(config);
const { call, signUp, signUpAs } = apiClient(() => served.url);
const em = () => served.engine.deps.orm.em.fork() as EntityManager;

let author: { id: string; email: string };
const HOUR = 3600_000;
const DAY = 24 * HOUR;
// The figures are of the shared database; fixtures set in a past no other test writes in make them exact.
const now = new Date(Date.UTC(1990 + Math.floor(Math.random() * 20), Math.floor(Math.random() * 12), 15, 12));
const ago = (ms: number) => new Date(now.getTime() - ms);

beforeAll(async () => {
  author = await newAuthor(served.engine.deps.orm);
});
afterAll(async () => {
  // The author's requests, projects and payments go with the account.
  await em().getConnection().execute('delete from payments where user_id = ?', [author.id]);
  await em().getConnection().execute('delete from users where id = ?', [author.id]);
});

async function request(status: EliteStatus, createdAt: Date, firstQuotedAt: Date | null = null): Promise<string> {
  const m = em();
  const row = m.create(EliteRequest, {
    id: randomUUID(),
    user: m.getReference(User, author.id),
    topic: 'Stats fixture',
    contactMethod: 'email',
    userName: 'Ada Writer',
    userEmail: author.email,
    requestData: {} as EliteRequest['requestData'],
    status,
    firstQuotedAt,
    createdAt,
    updatedAt: createdAt,
  });
  await m.flush();
  return row.id;
}

async function breach(requestId: string, at: Date): Promise<void> {
  const m = em();
  m.create(EliteRequestEvent, { id: randomUUID(), request: m.getReference(EliteRequest, requestId), at, kind: 'sla_breached', by: null, note: null, step: null, data: {} });
  await m.flush();
}

async function project(at: Date, outcome: 'completed' | 'failed' | 'writing'): Promise<void> {
  const m = em();
  m.create(GeneratorProject, {
    id: randomUUID(),
    user: m.getReference(User, author.id),
    name: 'stats',
    title: 'Stats fixture',
    author: 'Ada Writer',
    topic: 'Stats',
    writingStyle: 'practical',
    totalTargetWords: 10_000,
    provider: 'mock',
    mode: 'auto',
    stage: outcome === 'completed' ? 'complete' : outcome === 'failed' ? 'failed' : 'generating_chapters',
    failedStage: outcome === 'failed' ? 'generating_outline' : null,
    completedAt: outcome === 'completed' ? at : null,
    createdAt: ago(60 * DAY),
    updatedAt: at,
  });
  await m.flush();
}

async function payment(paidAt: Date, amount: number, currency: string, status: PaymentStatus = 'paid'): Promise<void> {
  const m = em();
  m.create(Payment, { id: randomUUID(), user: m.getReference(User, author.id), email: author.email, productId: 'elite-service', priceId: 'price_stats', amount, currency, status, stripeSessionId: `cs_test_${randomUUID()}`, paidAt, createdAt: paidAt, updatedAt: paidAt });
  await m.flush();
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const month = (date: Date) => date.toISOString().slice(0, 7);
const monthsAgo = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 10));

describe('/api/admin/stats', () => {
  it('counts open requests by status, breaches of the week, the median time to quote, books per day and revenue per month', async () => {
    // Requests: two received and one in production are open; a completed one is not; one made after `now` does not count yet.
    const first = await request('received', ago(2 * DAY));
    await request('received', ago(3 * HOUR));
    await request('in_production', ago(20 * DAY), ago(20 * DAY - 2 * HOUR));
    await request('completed', ago(50 * DAY), ago(50 * DAY - 30 * HOUR));
    await request('quoted', ago(10 * DAY), ago(10 * DAY - 5 * HOUR));
    await request('received', new Date(now.getTime() + HOUR));
    // Quoted 100 days ago: outside the 90 days of the median.
    await request('completed', ago(101 * DAY), ago(100 * DAY));
    // SLA breaches: two in the last 7 days, one before, one after `now`.
    await breach(first, ago(HOUR));
    await breach(first, ago(6 * DAY));
    await breach(first, ago(8 * DAY));
    await breach(first, new Date(now.getTime() + HOUR));
    // Books: two completed and one failed yesterday, one completed 29 days ago, one 31 days ago (outside), one still writing.
    await project(ago(DAY), 'completed');
    await project(ago(DAY + HOUR), 'completed');
    await project(ago(DAY), 'failed');
    await project(ago(29 * DAY), 'completed');
    await project(ago(31 * DAY), 'completed');
    await project(ago(DAY), 'writing');
    // Revenue: this month and 11 months ago count, per currency; 12 months ago, unpaid and refused payments do not.
    await payment(ago(HOUR), 49_900, 'usd');
    await payment(ago(2 * HOUR), 10_000, 'usd');
    await payment(ago(3 * HOUR), 7_000, 'eur');
    await payment(monthsAgo(11), 9_900, 'usd');
    await payment(monthsAgo(12), 9_900, 'usd');
    await payment(ago(HOUR), 5_000, 'usd', 'pending');
    await payment(ago(HOUR), 5_000, 'usd', 'failed');

    const stats = await adminStats(em(), now);
    expect(stats.open_requests_by_status).toEqual(OPEN_ELITE_STATUSES.map((status) => ({ status, count: { received: 2, in_production: 1, quoted: 1 }[status as string] ?? 0 })));
    expect(stats.sla_breaches_this_week).toBe(2);
    // 2, 5 and 30 hours: the median is 5.
    expect(stats.median_hours_to_quote).toBe(5);
    expect(stats.books_per_day).toHaveLength(30);
    expect(stats.books_per_day[29]).toEqual({ day: day(now), generated: 0, failed: 0 });
    expect(stats.books_per_day[28]).toEqual({ day: day(ago(DAY)), generated: 2, failed: 1 });
    expect(stats.books_per_day[0]).toEqual({ day: day(ago(29 * DAY)), generated: 1, failed: 0 });
    expect(stats.books_per_day.reduce((sum, d) => sum + d.generated + d.failed, 0)).toBe(4);
    expect(stats.revenue_by_month).toEqual([
      { month: month(monthsAgo(11)), currency: 'usd', amount_cents: 9_900 },
      { month: month(now), currency: 'eur', amount_cents: 7_000 },
      { month: month(now), currency: 'usd', amount_cents: 59_900 },
    ]);
  });

  it('answers no median before any quote', async () => {
    const empty = await adminStats(em(), new Date(Date.UTC(1970, 0, 2)));
    expect(empty).toMatchObject({ sla_breaches_this_week: 0, median_hours_to_quote: null, revenue_by_month: [] });
    expect(empty.books_per_day.every((d) => d.generated === 0 && d.failed === 0)).toBe(true);
  });

  it('serves the figures of today to the team only', async () => {
    // A currency of its own makes this month's revenue in it this test's alone.
    const currency = `x${randomUUID().slice(0, 6)}`;
    const m = em();
    m.create(Payment, { id: randomUUID(), user: m.getReference(User, author.id), email: author.email, productId: 'elite-service', priceId: 'price_stats', amount: 12_345, currency, status: 'paid', stripeSessionId: `cs_test_${randomUUID()}`, paidAt: new Date() });
    await m.flush();

    const team = await signUpAs('elite_team', config.DATABASE_URL);
    const answer = await call('GET', '/admin/stats', undefined, team);
    expect(answer.status).toBe(200);
    const stats = answer.body as unknown as AdminStatsResponse;
    expect(stats.revenue_by_month.filter((r) => r.currency === currency)).toEqual([{ month: month(new Date()), currency, amount_cents: 12_345 }]);
    expect(stats.books_per_day.at(-1)?.day).toBe(day(new Date()));
    expect(stats.open_requests_by_status.map((s) => s.status)).toEqual([...OPEN_ELITE_STATUSES]);

    const user = await signUp();
    const refused = await call('GET', '/admin/stats', undefined, user);
    expect([refused.status, refused.body.message]).toEqual([403, AuthMessages.forbidden]);
    expect((await call('GET', '/admin/stats')).status).toBe(401);
  });
});
