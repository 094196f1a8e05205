import { defineEntity, p } from '@mikro-orm/core';

/** A row the deep health check's canary workflow writes and the API reads back. */
export const HealthCanarySchema = defineEntity({
  name: 'HealthCanary',
  tableName: 'health_canaries',
  properties: {
    id: p.uuid().primary(),
    workflowId: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class HealthCanary extends HealthCanarySchema.class {}
HealthCanarySchema.setClass(HealthCanary);
