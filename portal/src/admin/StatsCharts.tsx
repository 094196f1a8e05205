import { Alert, Box, Card, CardContent, Stack, Typography, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDataProvider } from 'react-admin';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminStatsResponse } from '../../../libs/contracts/index.ts';
import { ELITE_STATUS_LABELS, formatAmount, toCents } from '../../../libs/domain/index.ts';
import type { AdminDataProvider } from './dataProvider.ts';

const CHART_STYLE = { width: '100%', height: 260 } as const;

function Figure({ title, summary, children }: { title: string; summary: string; children?: ReactNode }) {
  return (
    <Card component="figure" sx={{ m: 0, flex: '1 1 420px', minWidth: 0 }}>
      <CardContent>
        <Typography variant="h6" component="figcaption">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {summary}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Figures({ stats }: { stats: AdminStatsResponse }) {
  const { palette } = useTheme();
  const open = stats.open_requests_by_status.map((s) => ({ status: ELITE_STATUS_LABELS[s.status], count: s.count }));
  const openTotal = open.reduce((sum, s) => sum + s.count, 0);
  const books = stats.books_per_day;
  const generated = books.reduce((sum, d) => sum + d.generated, 0);
  const failed = books.reduce((sum, d) => sum + d.failed, 0);
  // One bar per currency a month was paid in (amounts in the currency's units, not cents).
  const currencies = [...new Set(stats.revenue_by_month.map((r) => r.currency.toUpperCase()))];
  const months = [...new Set(stats.revenue_by_month.map((r) => r.month))].map((month) => ({
    month,
    ...Object.fromEntries(stats.revenue_by_month.filter((r) => r.month === month).map((r) => [r.currency.toUpperCase(), r.amount_cents / 100])),
  }));
  const totals = currencies.map((c) => formatAmount(stats.revenue_by_month.filter((r) => r.currency.toUpperCase() === c).reduce((sum, r) => sum + r.amount_cents, 0), c));
  const colors = [palette.primary.main, palette.secondary.main, palette.success.main, palette.warning.main];
  const hours = stats.median_hours_to_quote;

  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mt: 2 }}>
      <Figure title="SLA breaches this week" summary={`${stats.sla_breaches_this_week} promise${stats.sla_breaches_this_week === 1 ? '' : 's'} missed in the last 7 days`}>
        <Typography variant="h3" component="p" color={stats.sla_breaches_this_week ? 'error' : 'success.main'}>
          {stats.sla_breaches_this_week}
        </Typography>
      </Figure>
      <Figure title="Median time to quote" summary="From a request to its first quote, last 90 days">
        <Typography variant="h3" component="p">
          {hours === null ? '—' : hours < 1 ? `${Math.round(hours * 60)} min` : `${hours} h`}
        </Typography>
        {hours !== null && hours > 24 && <Alert severity="warning">Over the 24-hour promise</Alert>}
      </Figure>
      <Figure title="Open Elite requests by status" summary={`${openTotal} open`}>
        <BarChart responsive style={CHART_STYLE} data={open} layout="vertical" margin={{ left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="status" width={130} />
          <Tooltip />
          <Bar dataKey="count" name="Requests" fill={palette.primary.main} maxBarSize={28} />
        </BarChart>
      </Figure>
      <Figure title="Books per day" summary={`${generated} generated and ${failed} failed in the last ${books.length} days`}>
        <BarChart responsive style={CHART_STYLE} data={books}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} width={32} />
          <Tooltip />
          <Legend />
          <Bar dataKey="generated" name="Generated" stackId="books" fill={palette.success.main} maxBarSize={24} />
          <Bar dataKey="failed" name="Failed" stackId="books" fill={palette.error.main} maxBarSize={24} />
        </BarChart>
      </Figure>
      <Figure title="Revenue by month" summary={totals.length ? `${totals.join(' + ')} over the last 12 months` : 'No payments in the last 12 months'}>
        {months.length > 0 && (
          <BarChart responsive style={CHART_STYLE} data={months}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="month" tick={{ fontSize: 12 }} />
            <YAxis width={56} />
            <Tooltip formatter={(value, name) => formatAmount(toCents(Number(value)), String(name))} />
            <Legend />
            {currencies.map((currency, i) => (
              <Bar key={currency} dataKey={currency} name={currency} fill={colors[i % colors.length]} maxBarSize={60} />
            ))}
          </BarChart>
        )}
      </Figure>
    </Stack>
  );
}

/** The Elite team's figures (GET /api/admin/stats), read again every minute. */
export default function StatsCharts() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const stats = useQuery({ queryKey: ['admin-stats'], queryFn: () => dataProvider.getStats(), refetchInterval: 60_000 });
  return (
    <Box component="section" aria-label="Elite Service and books" sx={{ mt: 3 }}>
      <Typography variant="h5" component="h2">
        Elite Service and books
      </Typography>
      {stats.error ? <Alert severity="error">{stats.error.message}</Alert> : stats.data ? <Figures stats={stats.data} /> : <Typography color="text.secondary">Loading figures…</Typography>}
    </Box>
  );
}
