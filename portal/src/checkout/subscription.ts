import { useQuery } from '@tanstack/react-query';
import type { SubscriptionView } from '../../../libs/contracts/index.ts';
import { SubscriptionMessages } from '../../../libs/domain/index.ts';
import { apiFetch, ApiError } from '../api/client.ts';
import { useAuth } from '../components/AuthContext.tsx';

export const subscriptionQueryKey = (userId: string | undefined) => ['subscription', userId] as const;

export async function fetchSubscription(): Promise<SubscriptionView> {
  try {
    return await apiFetch<SubscriptionView>('/api/subscription');
  } catch (error) {
    // The spec's one message; the status stays so a 4xx is not retried.
    throw new ApiError(error instanceof ApiError ? error.status : 0, SubscriptionMessages.failed);
  }
}

/** The signed-in author's Account Status: subscription and unspent book credits. */
export function useSubscription() {
  const { user } = useAuth();
  return useQuery({ queryKey: subscriptionQueryKey(user?.id), queryFn: fetchSubscription, enabled: Boolean(user) });
}
