import { createRequire } from 'node:module';
import { OpenTelemetryActivityInboundInterceptor, OpenTelemetryActivityOutboundInterceptor, makeWorkflowExporter } from '@temporalio/interceptors-opentelemetry';
import { DefaultLogger, makeTelemetryFilterString, type RuntimeOptions, type WorkerOptions } from '@temporalio/worker';
import type { Config } from '../../../libs/config/index.ts';
import { WORKER_EXPORTER_OPTIONS } from '../../../libs/metrics/index.ts';
import type { Tracing } from '../../../libs/telemetry/index.ts';

const LOG_LEVELS = { trace: 'DEBUG', debug: 'DEBUG', info: 'INFO', warn: 'WARN', error: 'ERROR', fatal: 'ERROR', silent: 'ERROR' } as const;

/**
 * The worker's Temporal runtime: its log level and, with WORKER_METRICS_ADDRESS, the SDK's Prometheus exporter serving
 * GET /metrics there (the SDK's metrics and those the activities record through its meter).
 */
export function workerRuntimeOptions(config: Pick<Config, 'LOG_LEVEL' | 'WORKER_METRICS_ADDRESS'>): RuntimeOptions {
  return {
    logger: new DefaultLogger(LOG_LEVELS[config.LOG_LEVEL]),
    telemetryOptions: {
      logging: { filter: makeTelemetryFilterString({ core: 'WARN' }) },
      ...(config.WORKER_METRICS_ADDRESS ? { metrics: { prometheus: { bindAddress: config.WORKER_METRICS_ADDRESS, ...WORKER_EXPORTER_OPTIONS } } } : {}),
    },
    // SIGINT/SIGTERM make worker.run() finish its in-flight tasks and return.
    shutdownSignals: ['SIGINT', 'SIGTERM'],
  };
}

/** The workflow-side interceptors (spans of each workflow run and of what it schedules), bundled into traced workers' code. */
export const workflowTracingModule = createRequire(import.meta.url).resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors');

/** A traced worker's interceptors: activity spans joined to the workflow's trace, and the sink workflow spans leave by. */
export function tracingWorkerOptions(tracing: Tracing): Pick<WorkerOptions, 'interceptors' | 'sinks'> {
  return {
    interceptors: {
      activity: [(ctx) => ({ inbound: new OpenTelemetryActivityInboundInterceptor(ctx), outbound: new OpenTelemetryActivityOutboundInterceptor(ctx) })],
    },
    sinks: { exporter: makeWorkflowExporter(tracing.spanProcessor, tracing.resource) },
  };
}
