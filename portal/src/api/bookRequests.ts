import type { BookRequestView, CreateBookRequestRequest } from '../../../libs/contracts/index.ts';
import { BookRequestMessages, DashboardMessages, SUBMISSIONS_QUERY_TIMEOUT_MS } from '../../../libs/domain/index.ts';
import { apiFetch, ApiError } from './client.ts';

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

/** POST /api/book-requests; a failure carries the server's message, or the spec's fallback. */
export async function submitBookRequest(request: CreateBookRequestRequest): Promise<BookRequestView> {
  try {
    return await apiFetch<BookRequestView>('/api/book-requests', { method: 'POST', body: JSON.stringify(request) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new Error(BookRequestMessages.signInRequired, { cause: error });
    // A refusal says why; a server fault or a lost connection gets the spec's fallback.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw error;
    throw new Error(BookRequestMessages.failed, { cause: error });
  }
}
