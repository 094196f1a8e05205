import type { MikroORM } from '@mikro-orm/core';
import { HealthCanary } from '../../libs/db/index.ts';
import { canaryObjectKey } from '../../libs/domain/index.ts';
import type { StorageService } from '../../libs/storage/index.ts';

export function createCanaryActivities({ orm, storage }: { orm: MikroORM; storage: StorageService }) {
  return {
    async writeCanaryRow(canaryId: string, workflowId: string): Promise<{ ms: number }> {
      const started = performance.now();
      const em = orm.em.fork();
      await em.upsert(HealthCanary, { id: canaryId, workflowId, createdAt: new Date() });
      return { ms: Math.round(performance.now() - started) };
    },

    async writeCanaryObject(canaryId: string): Promise<{ key: string; ms: number }> {
      const started = performance.now();
      const key = canaryObjectKey(canaryId);
      await storage.put(key, `canary ${canaryId}`, 'text/plain');
      return { key, ms: Math.round(performance.now() - started) };
    },
  };
}
