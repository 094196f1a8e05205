import { Context } from '@temporalio/activity';
import type { MetricMeter } from '@temporalio/common';
import { WORKER_METRICS } from '../libs/metrics/index.ts';

/** The running activity's meter (it tags what it records with the activity type and task queue); none outside an activity. */
function meter(): MetricMeter | undefined {
  try {
    return Context.current().metricMeter;
  } catch {
    return undefined;
  }
}

/**
 * Runs one provider request and records how long it took and, when it answered, what it cost (WORKER_METRICS), on the
 * worker's metrics endpoint; failed requests count too, with outcome "error".
 */
export async function observeProviderCall<T extends { costUsd?: number }>(provider: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  let outcome = 'error';
  try {
    const result = await call();
    outcome = 'ok';
    if (typeof result.costUsd === 'number') {
      meter()?.createHistogram(WORKER_METRICS.providerRequestCost.name, 'float', undefined, WORKER_METRICS.providerRequestCost.help).record(result.costUsd, { provider });
    }
    return result;
  } finally {
    const { name, unit, help } = WORKER_METRICS.providerRequest;
    meter()?.createHistogram(name, 'float', unit, help).record((performance.now() - started) / 1000, { provider, outcome });
  }
}

/** Counts a book entering a stage; its callers count a retried activity once (the attempt whose write landed). */
export function countBookStage(stage: string): void {
  meter()?.createCounter(WORKER_METRICS.bookStages.name, undefined, WORKER_METRICS.bookStages.help).add(1, { stage });
}

/** Counts a book that failed, by the stage it failed in. */
export function countBookFailure(stage: string): void {
  meter()?.createCounter(WORKER_METRICS.bookFailures.name, undefined, WORKER_METRICS.bookFailures.help).add(1, { stage });
}
