import { useQuery } from '@tanstack/react-query';
import type { SiteView } from '../../../libs/contracts/index.ts';
import { SUPPORT_EMAIL } from '../../../libs/domain/index.ts';
import { apiFetch } from './client.ts';

/** Where people write to the team, as this deployment has it (SUPPORT_EMAIL); the default until the API answers. */
export function useSupportEmail(): string {
  const site = useQuery({ queryKey: ['site'], queryFn: () => apiFetch<SiteView>('/api/site', { token: null }), staleTime: Infinity, retry: false });
  return site.data?.support_email ?? SUPPORT_EMAIL;
}
