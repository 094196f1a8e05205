import { fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { readSession } from '../api/client.ts';

/** simple-rest over /api/admin (sort, range and filter query params; Content-Range answers). */
export const dataProvider = simpleRestProvider('/api/admin', (url: string, options: fetchUtils.Options = {}) => {
  const token = readSession()?.access_token;
  const headers = new Headers(options.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
});
