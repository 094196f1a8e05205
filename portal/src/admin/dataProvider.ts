import { fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import type { AdminStatsResponse, BookRequestAdminView, EliteRequestAdminView, PrintOrderAdminView } from '../../../libs/contracts/index.ts';
import { IDEMPOTENCY_HEADER, type BookRequestStatus } from '../../../libs/domain/index.ts';
import { sessionStore } from '../api/session.ts';

/** JSON calls with the signed-in team member's token; a refusal rejects with the server's message. */
const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers);
  const token = sessionStore.get()?.access_token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
};

/** simple-rest over /api/admin (sort, range and filter query params; Content-Range answers), plus the back office's actions. */
const simpleRest = simpleRestProvider('/api/admin', httpClient);

/** Resources whose list lives under another's path: the earnings per author are a report of the sales. */
const LIST_PATHS: Record<string, string> = { earnings: 'sales/earnings' };

export const dataProvider = {
  ...simpleRest,
  getList: ((resource, params) => simpleRest.getList(LIST_PATHS[resource] ?? resource, params)) as typeof simpleRest.getList,
  /** The request's workflow makes the change, or refuses it with the reason. */
  async changeBookRequestStatus(id: string, status: BookRequestStatus): Promise<{ data: BookRequestAdminView }> {
    const { json } = await httpClient(`/api/admin/book-requests/${encodeURIComponent(id)}/status`, { method: 'POST', body: JSON.stringify({ status }) });
    return { data: json as BookRequestAdminView };
  },
  /** A corrected shipping address, taken by the order's or the request's workflow until the copies are at the printer. */
  async correctShippingAddress(resource: 'print-orders' | 'elite-requests', id: string, address: object): Promise<unknown> {
    return (await httpClient(`/api/admin/${resource}/${encodeURIComponent(id)}/shipping-address`, { method: 'POST', body: JSON.stringify({ shipping_address: address }) })).json;
  },
  /** The order's workflow asks the print provider for the job's state now. */
  async refreshPrintOrder(id: string): Promise<{ data: PrintOrderAdminView }> {
    const { json } = await httpClient(`/api/admin/print-orders/${encodeURIComponent(id)}/refresh`, { method: 'POST' });
    return { data: json as PrintOrderAdminView };
  },
  /** An Elite request's action (`assign`, `quote`, `steps/editing/start`…): its workflow does it, or refuses with the reason. A FormData body goes as multipart. */
  async actOnEliteRequest(id: string, path: string, body?: object | FormData, key?: string): Promise<EliteRequestAdminView> {
    const { json } = await httpClient(`/api/admin/elite-requests/${encodeURIComponent(id)}/${path}`, {
      method: 'POST',
      ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
      // The action's Idempotency-Key: the same action sent again is done once.
      ...(key ? { headers: new Headers({ [IDEMPOTENCY_HEADER]: key }) } : {}),
    });
    return json as EliteRequestAdminView;
  },
  /** The dashboard's figures. */
  async getStats(): Promise<AdminStatsResponse> {
    const { json } = await httpClient('/api/admin/stats');
    return json as AdminStatsResponse;
  },
};
export type AdminDataProvider = typeof dataProvider;
