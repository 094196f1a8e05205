import type { EntityManager } from '@mikro-orm/core';

export interface PrunedSteps {
  providerSteps: number;
  recordedSteps: number;
}

const affected = (result: unknown) => (result as { affectedRows?: number }).affectedRows ?? 0;

/**
 * Forgets steps recorded more than `retentionDays` ago: provider steps whose call is done (failed or still-claimed ones
 * stay) and recorded bookkeeping steps. A step is only looked up again by a retry of its own activity: a provider call
 * gives up retrying within the hour and bookkeeping retries only while the database is away (workflows/activity-options.ts),
 * so a retention of a day or more never forgets a step a retry could still ask for.
 */
export async function pruneRecordedSteps(em: EntityManager, retentionDays: number): Promise<PrunedSteps> {
  const connection = em.getConnection();
  const days = Math.max(1, Math.floor(retentionDays));
  const providerSteps = await connection.execute(`delete from "provider_steps" where "status" = 'done' and "completed_at" < now() - cast(? as integer) * interval '1 day'`, [days], 'run');
  const recordedSteps = await connection.execute(`delete from "recorded_steps" where "created_at" < now() - cast(? as integer) * interval '1 day'`, [days], 'run');
  return { providerSteps: affected(providerSteps), recordedSteps: affected(recordedSteps) };
}
