import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { Spinner } from './Spinner.tsx';
import { useAuth } from './AuthContext.tsx';

/** Where to go after signing in: the `next` path that asked for it (only paths on this site), else the dashboard. */
export function useNextPath(): string {
  const next = useSearchParams()[0].get('next');
  return next && /^\/(?!\/)/.test(next) ? next : '/dashboard';
}

/** Signed-in only: a spinner while the session loads, then /login (replacing history) for signed-out visitors, who come back here after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, user } = useAuth();
  const location = useLocation();
  if (loading) return <Spinner label="Checking your session…" />;
  if (!user) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return children;
}

/** /login and /signup: signed-in users go straight on (to the page that asked for a sign-in, or their dashboard). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { loading, user } = useAuth();
  const next = useNextPath();
  if (loading) return <Spinner label="Checking your session…" />;
  if (user) return <Navigate to={next} replace />;
  return children;
}
