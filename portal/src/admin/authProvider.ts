import type { AuthProvider } from 'react-admin';
import { AuthMessages, BACK_OFFICE_ROLES } from '../../../libs/domain/index.ts';
import { apiFetch } from '../api/client.ts';
import { sessionStore, signOut, type Session } from '../api/session.ts';

export const inBackOffice = (session: Session | null) => !!session && BACK_OFFICE_ROLES.includes(session.user.role);

/**
 * react-admin's auth over the platform's own accounts and the portal's session store. Only the Elite team and
 * admins get in; a plain user is told so, and their portal session is left alone.
 */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const session = await apiFetch<Session>('/api/auth/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: username, password }),
      token: null,
    });
    if (!inBackOffice(session)) {
      await apiFetch('/api/auth/logout?scope=local', { method: 'POST', token: session.access_token }).catch(() => undefined);
      throw new Error(AuthMessages.backOfficeRefused);
    }
    sessionStore.set(session);
  },
  async logout() {
    if (inBackOffice(sessionStore.get())) await signOut();
  },
  async checkAuth() {
    if (!inBackOffice(sessionStore.get())) throw { message: false, logoutUser: false };
  },
  async checkError(error: { status?: number }) {
    if (error.status === 401) throw new Error('Your session has ended');
    // 403: signed in, but this action needs another role; stay signed in.
  },
  async getIdentity() {
    const user = sessionStore.get()?.user;
    if (!user) throw new Error('Not signed in');
    return { id: user.id, fullName: user.email ?? user.id };
  },
  async getPermissions() {
    return sessionStore.get()?.user.role;
  },
};
