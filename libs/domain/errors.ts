/**
 * The message worth showing of a failure: Temporal wraps the real reason (activity, child workflow, update
 * failures) in `cause` chains, so the innermost message is the one that says what went wrong.
 */
export function innermostMessage(error: unknown): string {
  let current = error as { message?: string; cause?: unknown } | undefined;
  while (current?.cause) current = current.cause as typeof current;
  return current?.message ?? String(error);
}
