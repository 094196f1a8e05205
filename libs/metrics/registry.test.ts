import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.ts';
import { createApiRegistry, type PlatformStats } from './registry.ts';
import { minimalConfigEnv } from '../../testing/config-env.ts';

const stats: PlatformStats = {
  booksByStage: [
    { stage: 'complete', books: 7 },
    { stage: 'generating_chapters', books: 2 },
    { stage: 'failed', books: 1 },
  ],
  failedByStage: [{ stage: 'generating_outline', books: 1 }],
  providers: [{ provider: 'anthropic', calls: 12, costUsd: 0.4375, seconds: 31.5 }],
};

describe('the API registry', () => {
  it('reports the platform as read at the scrape, in Prometheus text format', async () => {
    let reads = 0;
    const registry = createApiRegistry(() => {
      reads += 1;
      return Promise.resolve(stats);
    });
    const text = await registry.metrics();
    expect(registry.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(text).toContain('# TYPE pressroom_books gauge\npressroom_books{stage="complete"} 7\npressroom_books{stage="generating_chapters"} 2\npressroom_books{stage="failed"} 1');
    expect(text).toContain('pressroom_books_failed{stage="generating_outline"} 1');
    expect(text).toContain('# TYPE pressroom_provider_calls_total counter\npressroom_provider_calls_total{provider="anthropic"} 12');
    expect(text).toContain('pressroom_provider_cost_usd_total{provider="anthropic"} 0.4375');
    expect(text).toContain('pressroom_provider_call_seconds_total{provider="anthropic"} 31.5');
    expect(text).toMatch(/^pressroom_api_process_cpu_seconds_total \d/m);
    expect(reads).toBe(1);
  });

  it('drops a stage no book is at any more, and reads afresh at the next scrape', async () => {
    let current = stats;
    const registry = createApiRegistry(() => Promise.resolve(current));
    await registry.metrics();
    await new Promise((resolve) => setTimeout(resolve, 1));
    current = { ...stats, booksByStage: [{ stage: 'complete', books: 9 }] };
    const text = await registry.metrics();
    expect(text).toContain('pressroom_books{stage="complete"} 9');
    expect(text).not.toContain('stage="generating_chapters"');
  });

  it('fails the scrape when the database does not answer, rather than report zeros', async () => {
    const registry = createApiRegistry(() => Promise.reject(new Error('connection refused')));
    await expect(registry.metrics()).rejects.toThrow('connection refused');
  });
});

describe('the metrics and tracing settings', () => {
  const valid = minimalConfigEnv;

  it('are off unless set', () => {
    const config = loadConfig(valid);
    expect([config.API_METRICS_ADDRESS, config.WORKER_METRICS_ADDRESS, config.OTEL_EXPORTER_OTLP_ENDPOINT]).toEqual([undefined, undefined, undefined]);
  });

  it('take host:port addresses and an http(s) collector', () => {
    const config = loadConfig({ ...valid, API_METRICS_ADDRESS: '127.0.0.1:9464', WORKER_METRICS_ADDRESS: '[::1]:9465', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' });
    expect(config).toMatchObject({ API_METRICS_ADDRESS: '127.0.0.1:9464', WORKER_METRICS_ADDRESS: '[::1]:9465', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' });
    expect(() => loadConfig({ ...valid, API_METRICS_ADDRESS: '9464' })).toThrow('API_METRICS_ADDRESS must be host:port');
    expect(() => loadConfig({ ...valid, OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
