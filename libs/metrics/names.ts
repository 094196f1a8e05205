/**
 * Every metric Pressroom itself exports, named once. The API's `/metrics` (API_METRICS_ADDRESS) reads the book and
 * provider figures from PostgreSQL when scraped, so every replica reports the whole platform; the worker's endpoint
 * (WORKER_METRICS_ADDRESS) is the Temporal SDK's Prometheus exporter, with the SDK's own metrics (queue latency,
 * failures) and the observations below that only the worker sees as they happen.
 */
export const API_METRICS = {
  books: { name: 'pressroom_books', help: 'Books (generator projects) now at each stage: complete, failed, cancelled, or the stage being worked on.' },
  booksFailed: { name: 'pressroom_books_failed', help: 'Books now failed, by the stage they failed in.' },
  providerCalls: { name: 'pressroom_provider_calls_total', help: 'Recorded (paid) provider calls, by provider.' },
  providerCost: { name: 'pressroom_provider_cost_usd_total', help: 'What the recorded provider calls cost, in US dollars, by provider.' },
  providerSeconds: { name: 'pressroom_provider_call_seconds_total', help: 'Time the recorded provider calls took, in seconds, by provider (divide by pressroom_provider_calls_total for the mean).' },
  processPrefix: 'pressroom_api_',
} as const;

/** Recorded through the Temporal SDK's metric meter in activities; the exporter adds its prefix and unit suffixes. */
export const WORKER_METRICS = {
  providerRequest: { name: 'pressroom_provider_request', unit: 'seconds', help: 'Latency of each provider request as the worker saw it, by provider and outcome (ok or error).' },
  providerRequestCost: { name: 'pressroom_provider_request_cost_usd', help: 'Cost of each answered provider request in US dollars (the _sum is the spend), by provider.' },
  bookStages: { name: 'pressroom_book_stages', help: 'Books entering each stage (generating_outline counts books started, complete books finished).' },
  bookFailures: { name: 'pressroom_book_failures', help: 'Books that failed, by the stage they failed in.' },
} as const;

/**
 * What the worker's exporter is told: durations in seconds, `_total` on counters, units in histogram names, and buckets
 * that fit a provider's seconds and cents (the exporter's default buckets are for milliseconds).
 */
export const WORKER_EXPORTER_OPTIONS = {
  useSecondsForDurations: true,
  countersTotalSuffix: true,
  unitSuffix: true,
  histogramBucketOverrides: {
    [WORKER_METRICS.providerRequest.name]: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 180],
    [WORKER_METRICS.providerRequestCost.name]: [0, 0.0001, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1],
  },
};
