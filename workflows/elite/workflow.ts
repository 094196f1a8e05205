import type { EliteInput, EliteState } from './messages.ts';

/** Placeholder replaced by the Elite workflow helper in this change. */
export async function eliteRequestWorkflow(input: EliteInput): Promise<{ status: EliteState['status'] }> {
  throw new Error(`not built yet: ${input.requestId}`);
}
