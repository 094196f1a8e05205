import { createServer, type Server } from 'node:http';
import { MikroORM } from '@mikro-orm/core';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Registry } from 'prom-client';
import type { Config } from '../../../../libs/config/index.ts';
import { createApiRegistry, type PlatformStats } from '../../../../libs/metrics/index.ts';
import { CONFIG } from '../config/config.module.ts';

/** The platform's figures in three aggregate reads (counts only: no ids, names or addresses leave through /metrics). */
async function readPlatformStats(orm: MikroORM): Promise<PlatformStats> {
  const connection = orm.em.getConnection();
  const rows = <T>(query: string) => connection.execute(query) as Promise<T[]>;
  const [stages, failures, providers] = await Promise.all([
    rows<{ stage: string; books: string }>('select stage, count(*) as books from generator_projects group by stage'),
    rows<{ stage: string; books: string }>("select coalesce(failed_stage, 'unknown') as stage, count(*) as books from generator_projects where stage = 'failed' group by 1"),
    rows<{ provider: string; calls: string; cost: string; ms: string }>(
      'select provider, count(*) as calls, coalesce(sum(cost_usd), 0) as cost, coalesce(sum(latency_ms), 0) as ms from ai_provider_calls group by provider',
    ),
  ]);
  return {
    booksByStage: stages.map((row) => ({ stage: row.stage, books: Number(row.books) })),
    failedByStage: failures.map((row) => ({ stage: row.stage, books: Number(row.books) })),
    providers: providers.map((row) => ({ provider: row.provider, calls: Number(row.calls), costUsd: Number(row.cost), seconds: Number(row.ms) / 1000 })),
  };
}

/**
 * `GET /metrics` in Prometheus's text format on API_METRICS_ADDRESS, a listener of its own beside the API's port (off
 * when unset): it needs no token because only what can reach that address (loopback, or the scraper's network) can
 * read it, and the public port never serves it.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly #registry: Registry;
  #server: Server | undefined;
  readonly #logger = new Logger('Metrics');

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    orm: MikroORM,
  ) {
    this.#registry = createApiRegistry(() => readPlatformStats(orm));
  }

  async onApplicationBootstrap(): Promise<void> {
    const address = this.config.API_METRICS_ADDRESS;
    if (!address) return;
    const separator = address.lastIndexOf(':');
    const host = address.slice(0, separator).replace(/^\[|\]$/g, '');
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: the metrics are at GET /metrics\n');
        return;
      }
      this.#registry.metrics().then(
        (text) => res.writeHead(200, { 'Content-Type': this.#registry.contentType }).end(text),
        (error: unknown) => {
          this.#logger.warn(`metrics unavailable: ${error instanceof Error ? error.message : String(error)}`);
          res.writeHead(503, { 'Content-Type': 'text/plain' }).end('Metrics are unavailable: the database did not answer.\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(Number(address.slice(separator + 1)), host, () => resolve());
    });
    this.#server = server;
  }

  /** Where the metrics listener is bound (its port when the configured one was 0); null when off. */
  address(): { host: string; port: number } | null {
    const bound = this.#server?.address();
    return bound && typeof bound === 'object' ? { host: bound.address, port: bound.port } : null;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
