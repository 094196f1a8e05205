import { useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { sessionStore } from '../api/session.ts';
import { inBackOffice } from './authProvider.ts';

/**
 * Without a back-office session, straight to the sign-in form (back to this page after it). React-admin's own way there
 * (check, sign out, check again) took seconds of blank page on a busy machine.
 */
export function SignInFirst({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  const { pathname, search } = useLocation();
  if (!inBackOffice(session) && !/^\/admin\/login\/?$/.test(pathname)) return <Navigate to="/admin/login" replace state={{ nextPathname: pathname, nextSearch: search }} />;
  return <>{children}</>;
}
