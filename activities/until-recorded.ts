import { Context } from '@temporalio/activity';
import { isDatabaseUnreachable } from '../libs/db/index.ts';

/** How long a done thing's record waits for an unreachable database before its attempt fails. */
const PATIENCE_MS = 120_000;
const WAIT_MS = 500;

/**
 * Writes the record of something already done outside the database (a paid provider call, a sent mail), retrying
 * while PostgreSQL cannot be reached: failing the attempt instead would make the next one do that thing again. The
 * activity heartbeats meanwhile, so Temporal does not hand its work to another attempt.
 */
export async function untilRecorded<T>(write: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    try {
      return await write();
    } catch (error) {
      if (!isDatabaseUnreachable(error) || Date.now() > deadline) throw error;
      let context: Context | undefined;
      try {
        context = Context.current();
      } catch {
        context = undefined;
      }
      context?.heartbeat();
      await (context ? context.sleep(WAIT_MS) : new Promise((r) => setTimeout(r, WAIT_MS)));
    }
  }
}
