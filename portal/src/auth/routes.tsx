import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '../layout/Spinner.tsx';
import { useAuth } from './AuthContext.tsx';

/** Signed-in only: a spinner while the session loads, then /login (replacing history) for signed-out visitors. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, user } = useAuth();
  const location = useLocation();
  if (loading) return <Spinner label="Checking your session…" />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

/** /login and /signup: signed-in users go straight to their dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { loading, user } = useAuth();
  if (loading) return <Spinner label="Checking your session…" />;
  if (user) return <Navigate to="/dashboard" replace />;
  return children;
}
