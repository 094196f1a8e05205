import { useQuery } from '@tanstack/react-query';
import type { SiteView } from '../../../libs/contracts/index.ts';
import { SUPPORT_EMAIL } from '../../../libs/domain/index.ts';
import { apiFetch } from './client.ts';

const useSite = () => useQuery({ queryKey: ['site'], queryFn: () => apiFetch<SiteView>('/api/site', { token: null }), staleTime: Infinity, retry: false });

/** Where people write to the team, as this deployment has it (SUPPORT_EMAIL); the default until the API answers. */
export function useSupportEmail(): string {
  return useSite().data?.support_email ?? SUPPORT_EMAIL;
}

/** Whether Google sign-in works here; undefined until the API answers. */
export function useGoogleSignIn(): boolean | undefined {
  return useSite().data?.google_sign_in;
}
