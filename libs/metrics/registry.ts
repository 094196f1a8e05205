import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { API_METRICS } from './names.ts';

/** The platform's figures as PostgreSQL has them when Prometheus scrapes. */
export interface PlatformStats {
  booksByStage: { stage: string; books: number }[];
  failedByStage: { stage: string; books: number }[];
  providers: { provider: string; calls: number; costUsd: number; seconds: number }[];
}

/**
 * The API's registry (its own, so two API instances in one process never collide): the platform's figures, read by
 * `read` at every scrape, and this process's own (event-loop lag, heap, CPU).
 */
export function createApiRegistry(read: () => Promise<PlatformStats>): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: API_METRICS.processPrefix });
  let pending: Promise<PlatformStats> | null = null;
  // One read serves every metric of a scrape.
  const stats = () => (pending ??= read().finally(() => setTimeout(() => (pending = null), 0)));

  new Gauge({
    ...API_METRICS.books,
    labelNames: ['stage'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { stage, books } of (await stats()).booksByStage) this.set({ stage }, books);
    },
  });
  new Gauge({
    ...API_METRICS.booksFailed,
    labelNames: ['stage'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { stage, books } of (await stats()).failedByStage) this.set({ stage }, books);
    },
  });
  // Totals kept in PostgreSQL, shown as counters: they only grow (deleting a book's calls reads as a counter reset).
  const providerCounter = (metric: { name: string; help: string }, value: (row: PlatformStats['providers'][number]) => number) =>
    new Counter({
      ...metric,
      labelNames: ['provider'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of (await stats()).providers) this.inc({ provider: row.provider }, value(row));
      },
    });
  providerCounter(API_METRICS.providerCalls, (row) => row.calls);
  providerCounter(API_METRICS.providerCost, (row) => row.costUsd);
  providerCounter(API_METRICS.providerSeconds, (row) => row.seconds);
  return registry;
}
