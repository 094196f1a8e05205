import { fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { sessionStore } from '../auth/session.ts';

/** simple-rest over /api/admin (sort, range and filter query params; Content-Range answers). */
export const dataProvider = simpleRestProvider('/api/admin', (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers);
  const token = sessionStore.get()?.access_token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
});
