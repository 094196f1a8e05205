import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/AuthContext.tsx';
import { fetchProviders } from './api.ts';

/** The providers as the caller may use them: asked again on sign-in or sign-out, since paid providers need an account. */
export function useProviders(enabled = true) {
  const { user } = useAuth();
  return useQuery({ queryKey: ['providers', user?.id ?? null], queryFn: fetchProviders, enabled });
}
