import type { SessionView, UserView } from '../../../libs/contracts/index.ts';
import { AUTH_REFRESH_TICKS, AUTH_TICK_MS } from '../../../libs/domain/index.ts';
import { apiFetch, ApiError, setAccessTokenSource } from './client.ts';

export type SessionUser = UserView;
export type Session = SessionView;

export const SESSION_KEY = 'pressroom.session';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null = read();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

/** The session store: one copy in memory and localStorage, shared by the author portal and the back office. */
export const sessionStore = {
  get: (): Session | null => current,
  set(session: Session | null): void {
    current = session;
    if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    else localStorage.removeItem(SESSION_KEY);
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
setAccessTokenSource(() => current?.access_token);

// Another tab signing in or out.
window.addEventListener('storage', (event) => {
  if (event.key !== SESSION_KEY) return;
  current = read();
  for (const listener of listeners) listener();
});

export const signIn = async (email: string, password: string) =>
  sessionStore.set(await apiFetch<Session>('/api/auth/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email, password }), token: null }));

/** Creates the account and returns its session; the sign-up screen stores it when it moves on to the dashboard. */
export const signUp = (email: string, password: string) =>
  apiFetch<Session>('/api/auth/signup', { method: 'POST', body: JSON.stringify({ email, password }), token: null });

/** Signs out on the server, and locally whatever the server says (a 401 or 403 means the session is gone anyway). */
export async function signOut(): Promise<void> {
  try {
    if (current) await apiFetch('/api/auth/logout?scope=local', { method: 'POST' });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  } finally {
    sessionStore.set(null);
  }
}

let refreshing: Promise<void> | null = null;
/** Rotates the refresh token; a refused token ends the local session, a network failure keeps it for the next tick. */
export function refreshSession(): Promise<void> {
  const session = current;
  if (!session) return Promise.resolve();
  refreshing ??= apiFetch<Session>('/api/auth/token?grant_type=refresh_token', {
    method: 'POST',
    body: JSON.stringify({ refresh_token: session.refresh_token }),
    token: null,
  })
    .then((next) => sessionStore.set(next))
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) sessionStore.set(null);
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** True when the access token expires within the refresh margin (three auth ticks). */
export function needsRefresh(session: Session, now = Date.now()): boolean {
  return session.expires_at * 1000 - now < AUTH_TICK_MS * AUTH_REFRESH_TICKS;
}

/** Google's callback lands on /dashboard with the session in the URL fragment: take it and clean the address bar. */
export async function takeSessionFromUrl(): Promise<void> {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  if (!accessToken || !refreshToken) return;
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  const user = await apiFetch<SessionUser>('/api/auth/user', { token: accessToken });
  sessionStore.set({
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_in: Number(params.get('expires_in')),
    expires_at: Number(params.get('expires_at')),
    token_type: 'bearer',
    user,
  });
}
