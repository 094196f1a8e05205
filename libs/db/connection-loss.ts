/** Node's socket errors and PostgreSQL's SQLSTATEs for a server that is gone, restarting or not yet accepting. */
const LOST_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
const LOST_MESSAGES = /connection terminated|connection (?:is )?(?:closed|ended)|terminating connection|the database system is (?:starting up|shutting down|in recovery mode)|timeout exceeded when trying to connect/i;

/** Whether a database call failed because the server could not be reached (worth waiting for) rather than refused the work. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && LOST_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && LOST_MESSAGES.test(e.message)) return true;
    if (typeof e !== 'object') break;
  }
  return false;
}
