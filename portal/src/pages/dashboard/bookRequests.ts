import type { BookRequestView } from '../../../../libs/contracts/index.ts';
import { DashboardMessages, SUBMISSIONS_QUERY_TIMEOUT_MS } from '../../../../libs/domain/index.ts';
import { apiFetch, ApiError } from '../../api/client.ts';

export type { BookRequestView };

/** The caller's requests, aborted after 30 s with the spec's message. */
export async function fetchBookRequests({ signal }: { signal: AbortSignal }): Promise<BookRequestView[]> {
  const timeout = AbortSignal.timeout(SUBMISSIONS_QUERY_TIMEOUT_MS);
  try {
    return await apiFetch<BookRequestView[]>('/api/book-requests', { signal: AbortSignal.any([signal, timeout]) });
  } catch (error) {
    if (timeout.aborted) throw new Error(DashboardMessages.submissionsTimeout, { cause: error });
    if (error instanceof ApiError && error.status > 0) throw error;
    throw new Error(DashboardMessages.submissionsFailed, { cause: error });
  }
}
