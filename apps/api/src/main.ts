import { loadServiceConfigOrExit } from '../../../libs/config/index.ts';
import { startTracing } from '../../../libs/telemetry/index.ts';
import { createApp } from './app.ts';

const config = loadServiceConfigOrExit();
// Before the app, so the Temporal client's spans go to the collector (none without OTEL_EXPORTER_OTLP_ENDPOINT).
const tracing = startTracing({ serviceName: 'pressroom-api', endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
const app = await createApp(config);
// Best effort: the spans still buffered leave while Nest's own shutdown hooks close the app.
if (tracing) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void tracing.shutdown());
await app.listen(config.API_PORT, '0.0.0.0');
console.log(`API listening on http://localhost:${config.API_PORT}/api (docs at /api/docs)`);
