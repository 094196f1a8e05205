import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { AUTH_TICK_MS, AuthMessages, SESSION_LOAD_TIMEOUT_MS } from '../../../libs/domain/index.ts';
import { needsRefresh, refreshSession, sessionStore, signIn, signOut, signUp, takeSessionFromUrl, type Session } from '../api/session.ts';

interface AuthState {
  /** True until the session is known (at most SESSION_LOAD_TIMEOUT_MS). */
  loading: boolean;
  session: Session | null;
  user: Session['user'] | null;
  signIn: typeof signIn;
  signUp: typeof signUp;
  signOut: typeof signOut;
}

const AuthContext = createContext<AuthState | null>(null);

/** Resolves the stored session (refreshing it if it is about to expire), giving up after 5 s. */
async function loadSession(): Promise<void> {
  await takeSessionFromUrl();
  const session = sessionStore.get();
  if (session && needsRefresh(session)) await refreshSession();
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let done = false;
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      console.warn(AuthMessages.sessionTimeout);
      sessionStore.set(null);
      setLoading(false);
    }, SESSION_LOAD_TIMEOUT_MS);
    loadSession()
      .catch(() => sessionStore.set(null))
      .finally(() => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        setLoading(false);
      });
    return () => clearTimeout(timer);
  }, []);

  // The auth tick: refresh when the token is within three ticks of expiry, and whenever the tab becomes visible.
  useEffect(() => {
    const check = () => {
      const current = sessionStore.get();
      if (current && needsRefresh(current)) void refreshSession();
    };
    const interval = setInterval(check, AUTH_TICK_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  return (
    <AuthContext.Provider value={{ loading, session, user: session?.user ?? null, signIn, signUp, signOut }}>{children}</AuthContext.Provider>
  );
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
