import { Context } from '@temporalio/activity';

/** How often a working activity tells Temporal it is alive: well inside every heartbeat time-out the workflows set. */
const HEARTBEAT_EVERY_MS = 5000;

/** Keeps activity heartbeats going while long work runs (no-op outside an activity). */
export async function withHeartbeat<T>(work: () => Promise<T>): Promise<T> {
  let context: Context;
  try {
    context = Context.current();
  } catch {
    return work();
  }
  const timer = setInterval(() => context.heartbeat(), HEARTBEAT_EVERY_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

type AsyncFunctions = Record<string, (...args: never[]) => Promise<unknown>>;

/**
 * The same activities, each heartbeating while it works: with a heartbeat time-out, an attempt whose worker died or
 * stalled is retried within that time-out instead of at its start-to-close time-out.
 */
export function heartbeating<T extends AsyncFunctions>(activities: T): T {
  return Object.fromEntries(Object.entries(activities).map(([name, activity]) => [name, (...args: never[]) => withHeartbeat(() => activity(...args))])) as T;
}
