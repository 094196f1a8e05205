import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { Resource } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';

/** Tracing of one process: where its spans go, and the resource (service name) they carry. */
export interface Tracing {
  readonly spanProcessor: SpanProcessor;
  readonly resource: Resource;
  /** Sends what is still buffered and stops. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** `pressroom-api` or `pressroom-worker`: what a trace viewer names the process. */
  serviceName: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: spans are batched to `<endpoint>/v1/traces` (OTLP over HTTP, protobuf). */
  endpoint?: string | undefined;
  /** Where spans go instead of a collector (tests pass an in-memory exporter's processor). */
  spanProcessor?: SpanProcessor;
}

/**
 * Starts OpenTelemetry for this process (the global tracer provider, W3C trace-context propagation and the async
 * context manager) when there is somewhere to send spans; null otherwise, so by default nothing is traced or sent.
 */
export function startTracing({ serviceName, endpoint, spanProcessor }: TracingOptions): Tracing | null {
  const processor = spanProcessor ?? (endpoint ? new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` })) : null);
  if (!processor) return null;
  const resource = new Resource({ 'service.name': serviceName });
  // No automatic instrumentations: the spans are Temporal's (client, workflow, activity), so nothing else is patched.
  const sdk = new NodeSDK({ resource, spanProcessors: [processor], instrumentations: [], autoDetectResources: false });
  sdk.start();
  return { spanProcessor: processor, resource, shutdown: () => sdk.shutdown() };
}
