import type {
  ApproveEliteProofRequest,
  CancelEliteRequestRequest,
  CreateEliteRequestRequest,
  DeclineEliteQuoteRequest,
  EliteCheckoutResponse,
  EliteRequestView,
  RequestEliteChangesRequest,
} from '../../../libs/contracts/index.ts';
import { apiFetch, ApiError } from './client.ts';

/** What the Elite pages say when a request list or request is missing, empty or being paid. */
export const EliteListMessages = {
  loadFailed: 'Failed to load your Elite Service requests',
  loadOneFailed: 'Failed to load this Elite Service request',
  empty: 'No Elite Service requests yet',
  emptyHint: "Open a completed book under Book Projects and choose 'Elite Service': our team quotes within 24 hours.",
  confirming: 'Thank you! We are confirming your payment…',
  confirmed: 'Payment confirmed: production has started. We will keep you posted at each step.',
} as const;

const base = '/api/elite-requests';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
const post = <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** The author's requests, newest first; a lost connection reads as the tab's one message. */
export async function fetchEliteRequests(): Promise<EliteRequestView[]> {
  try {
    return await apiFetch<EliteRequestView[]>(base);
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) throw error;
    throw new Error(EliteListMessages.loadFailed, { cause: error });
  }
}

export const fetchEliteRequest = (id: string) => apiFetch<EliteRequestView>(one(id));
export const createEliteRequest = (request: CreateEliteRequestRequest) => post<EliteRequestView>(base, request);
/** Accepting a quote opens its checkout: the answer says where to pay. */
export const acceptEliteQuote = (id: string) => post<EliteCheckoutResponse>(`${one(id)}/accept`);
export const declineEliteQuote = (id: string, request: DeclineEliteQuoteRequest) => post<EliteRequestView>(`${one(id)}/decline`, request);
export const approveEliteProof = (id: string, request: ApproveEliteProofRequest) => post<EliteRequestView>(`${one(id)}/proof/approve`, request);
export const requestEliteChanges = (id: string, request: RequestEliteChangesRequest) => post<EliteRequestView>(`${one(id)}/proof/changes`, request);
export const cancelEliteRequest = (id: string, request: CancelEliteRequestRequest) => post<EliteRequestView>(`${one(id)}/cancel`, request);
