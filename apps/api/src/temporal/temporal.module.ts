import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Client, Connection } from '@temporalio/client';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import { temporalConnectionOptions, type Config } from '../../../../libs/config/index.ts';
import { CONFIG } from '../config/config.module.ts';

/**
 * The API's Temporal client. The connection is lazy so the API starts (and /api/health can say
 * Temporal is down) even while the Temporal server is unreachable.
 */
@Global()
@Module({
  providers: [
    {
      provide: Client,
      inject: [CONFIG],
      useFactory: (config: Config) =>
        new Client({
          connection: Connection.lazy(temporalConnectionOptions(config)),
          namespace: config.TEMPORAL_NAMESPACE,
          // Starts, signals and updates carry the trace on to the workflow; without tracing started its spans are no-ops.
          interceptors: { workflow: [new OpenTelemetryWorkflowClientInterceptor()] },
        }),
    },
  ],
  exports: [Client],
})
export class TemporalModule implements OnApplicationShutdown {
  constructor(@Inject(Client) private readonly client: Client) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.connection.close();
  }
}
