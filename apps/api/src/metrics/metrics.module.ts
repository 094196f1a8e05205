import { Module } from '@nestjs/common';
import { MetricsServer } from './metrics.server.ts';

/** Prometheus metrics on their own address (API_METRICS_ADDRESS); see the README's "Metrics and traces". */
@Module({ providers: [MetricsServer], exports: [MetricsServer] })
export class MetricsModule {}
