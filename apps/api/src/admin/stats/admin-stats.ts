import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminStatsResponse } from '../../../../../libs/contracts/index.ts';
import { OPEN_ELITE_STATUSES } from '../../../../../libs/domain/index.ts';

/** The windows of the dashboard's figures. */
export const STATS_WINDOWS = { slaBreachDays: 7, quoteDays: 90, bookDays: 30, revenueMonths: 12 } as const;

/**
 * The back office's dashboard as of `now`: open Elite requests by status, SLA breaches of the last 7 days, the median
 * time to a first quote, books completed and failed per day (UTC) and revenue per month and currency. Each figure is
 * one query over what the workflows recorded; nothing is counted after `now`.
 */
export async function adminStats(em: EntityManager, now: Date): Promise<AdminStatsResponse> {
  const db = em.getConnection();
  const open = [...OPEN_ELITE_STATUSES];
  const [byStatus, breaches, median, books, revenue] = await Promise.all([
    db.execute<{ status: string; count: number }[]>('select status, count(*)::int as count from elite_requests where status in (?) and created_at <= ? group by status', [open, now]),
    db.execute<{ count: number }[]>(
      `select count(*)::int as count from elite_request_events where kind = 'sla_breached' and at > ?::timestamptz - make_interval(days => ?) and at <= ?`,
      [now, STATS_WINDOWS.slaBreachDays, now],
    ),
    db.execute<{ hours: number | null }[]>(
      `select percentile_cont(0.5) within group (order by extract(epoch from first_quoted_at - created_at) / 3600)::float8 as hours
         from elite_requests where first_quoted_at > ?::timestamptz - make_interval(days => ?) and first_quoted_at <= ?`,
      [now, STATS_WINDOWS.quoteDays, now],
    ),
    db.execute<{ day: string; generated: number; failed: number }[]>(
      `with days as (select generate_series((?::timestamptz at time zone 'UTC')::date - (? - 1), (?::timestamptz at time zone 'UTC')::date, interval '1 day')::date as day)
       select to_char(days.day, 'YYYY-MM-DD') as day,
              (select count(*)::int from generator_projects where completed_at <= ? and (completed_at at time zone 'UTC')::date = days.day) as generated,
              (select count(*)::int from generator_projects where stage = 'failed' and updated_at <= ? and (updated_at at time zone 'UTC')::date = days.day) as failed
         from days order by days.day`,
      [now, STATS_WINDOWS.bookDays, now, now, now],
    ),
    db.execute<{ month: string; currency: string; amount_cents: string }[]>(
      `select to_char(date_trunc('month', paid_at at time zone 'UTC'), 'YYYY-MM') as month, currency, sum(amount) as amount_cents
         from payments
        where status = 'paid' and paid_at <= ? and paid_at >= (date_trunc('month', ?::timestamptz at time zone 'UTC') - make_interval(months => ?)) at time zone 'UTC'
        group by 1, 2 order by 1, 2`,
      [now, now, STATS_WINDOWS.revenueMonths - 1],
    ),
  ]);
  const counts = new Map(byStatus.map((row) => [row.status, row.count]));
  const hours = median[0]?.hours;
  return {
    open_requests_by_status: open.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    sla_breaches_this_week: breaches[0]?.count ?? 0,
    median_hours_to_quote: hours === null || hours === undefined ? null : Math.round(hours * 10) / 10,
    books_per_day: books,
    revenue_by_month: revenue.map((row) => ({ month: row.month, currency: row.currency, amount_cents: Number(row.amount_cents) })),
  };
}
