import type { EntityManager } from '@mikro-orm/core';

/**
 * Records a logical step in the caller's transaction: true for the attempt whose write lands first, false for a repeat
 * of the same step (a retried attempt after its first one wrote and was lost), so what the step counts is counted once.
 */
export async function recordStepOnce(em: EntityManager, key: string): Promise<boolean> {
  const inserted = await em
    .getConnection()
    .execute<{ key: string }[]>(`insert into "recorded_steps" ("key", "created_at") values (?, now()) on conflict ("key") do nothing returning "key"`, [key], 'all', em.getTransactionContext());
  return inserted.length > 0;
}
