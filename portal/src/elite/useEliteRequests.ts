import { useQuery } from '@tanstack/react-query';
import { fetchEliteRequests } from '../api/eliteRequests.ts';
import { eliteListRefetchInterval } from './eliteView.ts';

/** Every cached list of requests (whoever's session it was read in). */
export const ALL_ELITE_REQUESTS = ['elite-requests'] as const;
export const eliteRequestsKey = (userId: string | undefined) => ['elite-requests', userId] as const;
export const eliteRequestKey = (id: string) => ['elite-request', id] as const;

/** The author's Elite Service requests, looked at again every few seconds while any of them is in flight. */
export function useEliteRequests(userId: string | undefined) {
  return useQuery({
    queryKey: eliteRequestsKey(userId),
    queryFn: fetchEliteRequests,
    enabled: Boolean(userId),
    refetchInterval: (query) => eliteListRefetchInterval(query.state.data),
  });
}
