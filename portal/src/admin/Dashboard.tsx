import { Card, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Title } from 'react-admin';

// The charts library is loaded with the charts, after the health card has shown.
const StatsCharts = lazy(() => import('./StatsCharts.tsx'));

interface Check {
  status: 'up' | 'down';
  latencyMs: number;
  error?: string;
  workerPolling?: boolean;
}

interface Health {
  status: string;
  checks: Record<string, Check>;
}

/** The back office's first screen: whether the platform's services are up (refreshed every 10 s), then the team's figures. */
export function Dashboard() {
  const [health, setHealth] = useState<Health | null>(null);
  useEffect(() => {
    let active = true;
    const load = () =>
      fetch('/api/health')
        .then((r) => r.json() as Promise<Health>)
        .then((h) => active && setHealth(h))
        .catch(() => active && setHealth(null));
    void load();
    const timer = setInterval(() => void load(), 10_000);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, []);

  return (
    <>
      <Card sx={{ mt: 2 }}>
        <Title title="Pressroom back office" />
        <CardHeader title="Platform health" subheader={health ? `Overall: ${health.status}` : 'Checking…'} />
        <CardContent>
          <Stack spacing={1}>
            {health &&
              Object.entries(health.checks).map(([name, check]) => (
                <Stack key={name} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <Chip label={check.status} color={check.status === 'up' ? 'success' : 'error'} size="small" />
                  <Typography sx={{ minWidth: 100 }}>{name}</Typography>
                  <Typography color="text.secondary">
                    {check.latencyMs} ms
                    {check.workerPolling === false ? ' · no worker polling' : ''}
                    {check.error ? ` · ${check.error}` : ''}
                  </Typography>
                </Stack>
              ))}
          </Stack>
        </CardContent>
      </Card>
      <Suspense fallback={<Typography color="text.secondary" sx={{ mt: 3 }}>Loading figures…</Typography>}>
        <StatsCharts />
      </Suspense>
    </>
  );
}
