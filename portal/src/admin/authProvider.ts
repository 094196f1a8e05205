import type { AuthProvider } from 'react-admin';
import { apiFetch, readSession, SESSION_KEY, type StoredSession } from '../api/client.ts';

const BACK_OFFICE_ROLES = ['elite_team', 'admin'];

/** react-admin's auth over the platform's own accounts; only the Elite team and admins get in. */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const session = await apiFetch<StoredSession>('/api/auth/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: username, password }),
    });
    if (!BACK_OFFICE_ROLES.includes(session.user?.role ?? '')) {
      throw new Error('This account has no access to the back office. Ask an admin to give you the elite_team role.');
    }
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  },
  async logout() {
    localStorage.removeItem(SESSION_KEY);
  },
  async checkAuth() {
    if (!BACK_OFFICE_ROLES.includes(readSession()?.user?.role ?? '')) throw new Error('Please sign in');
  },
  async checkError(error: { status?: number }) {
    if (error.status === 401 || error.status === 403) {
      localStorage.removeItem(SESSION_KEY);
      throw new Error('Your session has ended');
    }
  },
  async getIdentity() {
    const user = readSession()?.user;
    if (!user) throw new Error('Not signed in');
    return { id: user.id, fullName: user.email };
  },
  async getPermissions() {
    return readSession()?.user?.role;
  },
};
