import { condition } from '@temporalio/workflow';
import { elitePromiseLabel, isFinalEliteStatus, type EliteState, type PromiseState } from '../../libs/domain/index.ts';
import { promiseTimes, type EliteMs } from './rules.ts';
import type { eliteTimeline } from './timeline.ts';

/** Waits until `done` or the time `at` (epoch ms); whether `done`. */
export async function until(at: number, done: () => boolean): Promise<boolean> {
  const left = at - Date.now();
  return left > 0 ? condition(done, left) : done();
}

/**
 * One promise's timer: the reminder `remindBefore` ahead, then the breach when it is due, each on the request's
 * timeline; the request goes on either way. Met, or the request ended, it stops.
 */
export async function keepPromise(promise: PromiseState, state: EliteState, ms: EliteMs, { write, event }: Pick<ReturnType<typeof eliteTimeline>, 'write' | 'event'>): Promise<void> {
  const settled = () => promise.metAt !== null || isFinalEliteStatus(state.status);
  const { remindAt, due } = promiseTimes(promise, ms);
  const about = { note: elitePromiseLabel(promise.name, state.copies), data: { promise: promise.name, dueAt: promise.dueAt } };
  if (!promise.remindedAt && !promise.breachedAt) {
    if (await until(remindAt, settled)) return;
    promise.remindedAt = new Date().toISOString();
    await write(event('sla_reminder', { ...about, data: { ...about.data, assignee: state.assignee?.email ?? null } }));
  }
  if (promise.breachedAt || (await until(due, settled))) return;
  promise.breachedAt = new Date().toISOString();
  await write(event('sla_breached', about));
}
