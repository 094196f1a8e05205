import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client.ts';

/** The spec's data-fetching defaults: 3 retries backing off 1 s, 2 s, 4 s… (≤ 30 s), no refetch on focus, fresh 5 min. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again.
        retry: (failures, error) => failures < 3 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
        staleTime: 5 * 60 * 1000,
      },
      mutations: { retry: 1 },
    },
  });
}
