import { describe, expect, it } from 'vitest';
import { workerRuntimeOptions } from './telemetry.ts';

describe("the worker's Temporal runtime", () => {
  it('exports no metrics unless WORKER_METRICS_ADDRESS is set', () => {
    expect(workerRuntimeOptions({ LOG_LEVEL: 'info', WORKER_METRICS_ADDRESS: undefined }).telemetryOptions?.metrics).toBeUndefined();
  });

  it("serves the SDK's Prometheus exporter there, in seconds and with _total on counters", () => {
    expect(workerRuntimeOptions({ LOG_LEVEL: 'info', WORKER_METRICS_ADDRESS: '127.0.0.1:9465' }).telemetryOptions?.metrics).toEqual({
      prometheus: expect.objectContaining({ bindAddress: '127.0.0.1:9465', useSecondsForDurations: true, countersTotalSuffix: true, unitSuffix: true }),
    });
  });
});
