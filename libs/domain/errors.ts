/**
 * The message worth showing of a failure: Temporal wraps the real reason (activity, child workflow, update
 * failures) in `cause` chains, so the innermost message is the one that says what went wrong.
 */
export function innermostMessage(error: unknown): string {
  let current = error as { message?: string; cause?: unknown } | undefined;
  while (current?.cause) current = current.cause as typeof current;
  return current?.message ?? String(error);
}

/** The innermost type a failure in the chain names (an ApplicationFailure's `type`: an activity's error name). */
export function innermostType(error: unknown): string | undefined {
  let type: string | undefined;
  for (let current = error as { type?: unknown; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (typeof current.type === 'string') type = current.type;
  }
  return type;
}
