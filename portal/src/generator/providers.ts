import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../components/AuthContext.tsx';
import { fetchProviders } from '../api/projects.ts';

/** The providers as the caller may use them: asked again on sign-in or sign-out, since paid providers need an account. */
export function useProviders(enabled = true) {
  const { user } = useAuth();
  return useQuery({ queryKey: ['providers', user?.id ?? null], queryFn: fetchProviders, enabled });
}
