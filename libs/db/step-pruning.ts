import type { EntityManager } from '@mikro-orm/core';

export interface PrunedSteps {
  providerSteps: number;
  recordedSteps: number;
}

/** Rows one statement deletes: each batch is a short transaction, so a large backlog never holds locks or WAL for long. */
const BATCH_ROWS = 1000;

const affected = (result: unknown) => (result as { affectedRows?: number }).affectedRows ?? 0;

/**
 * Forgets steps recorded more than `retentionDays` ago: provider steps whose call is done (failed or still-claimed ones
 * stay) and recorded bookkeeping steps. A step is only looked up again by a retry of its own activity: a provider call
 * gives up retrying within the hour and bookkeeping retries only while the database is away (workflows/activity-options.ts),
 * so a retention of a day or more never forgets a step a retry could still ask for. It deletes in batches, each found
 * by an index on the time it is pruned by, and calls `onBatch` after each (the activity heartbeats there).
 */
export async function pruneRecordedSteps(em: EntityManager, retentionDays: number, { batchRows = BATCH_ROWS, onBatch = () => {} } = {}): Promise<PrunedSteps> {
  const connection = em.getConnection();
  const days = Math.max(1, Math.floor(retentionDays));
  const [{ cutoff }] = await connection.execute<[{ cutoff: Date }]>(`select now() - cast(? as integer) * interval '1 day' as cutoff`, [days]);
  const inBatches = async (table: string, due: string): Promise<number> => {
    let total = 0;
    for (;;) {
      const deleted = affected(await connection.execute(`delete from "${table}" where "key" in (select "key" from "${table}" where ${due} limit ?)`, [cutoff, batchRows], 'run'));
      total += deleted;
      onBatch();
      if (deleted < batchRows) return total;
    }
  };
  return {
    providerSteps: await inBatches('provider_steps', `"status" = 'done' and "completed_at" < ?`),
    recordedSteps: await inBatches('recorded_steps', `"created_at" < ?`),
  };
}
