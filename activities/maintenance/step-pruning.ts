import { Context } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/core';
import { pruneRecordedSteps, type PrunedSteps } from '../../libs/db/index.ts';

export function createStepPruningActivities({ orm }: { orm: MikroORM }) {
  return {
    /**
     * Removes provider and bookkeeping steps recorded more than `retentionDays` ago (libs/db/step-pruning.ts says why
     * that is safe), heartbeating after each batch: an attempt cut short is retried, and the retry deletes what is left.
     */
    async pruneSteps(retentionDays: number): Promise<PrunedSteps> {
      return pruneRecordedSteps(orm.em.fork(), retentionDays, { onBatch: () => Context.current().heartbeat() });
    },
  };
}
