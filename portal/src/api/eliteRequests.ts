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
const post = <T>(path: string, body?: unknown, actionKey?: string) =>
  apiFetch<T>(path, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }), ...(actionKey ? { actionKey } : {}) });

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
// `key`: the action's Idempotency-Key (newActionKey), the same on a retry of the same click.
export const createEliteRequest = (request: CreateEliteRequestRequest, key?: string) => post<EliteRequestView>(base, request, key);
/** Accepting a quote opens its checkout: the answer says where to pay (null while the run is still opening it). */
export const acceptEliteQuote = (id: string, key?: string) => post<EliteCheckoutResponse>(`${one(id)}/accept`, undefined, key);
export const declineEliteQuote = (id: string, request: DeclineEliteQuoteRequest, key?: string) => post<EliteRequestView>(`${one(id)}/decline`, request, key);
export const approveEliteProof = (id: string, request: ApproveEliteProofRequest, key?: string) => post<EliteRequestView>(`${one(id)}/proof/approve`, request, key);
export const requestEliteChanges = (id: string, request: RequestEliteChangesRequest, key?: string) => post<EliteRequestView>(`${one(id)}/proof/changes`, request, key);
export const cancelEliteRequest = (id: string, request: CancelEliteRequestRequest, key?: string) => post<EliteRequestView>(`${one(id)}/cancel`, request, key);
/** "I received my books": the shipped copies arrived. */
export const confirmEliteReceipt = (id: string, key?: string) => post<EliteRequestView>(`${one(id)}/receipt`, undefined, key);

/** How long the accept waits for the checkout its run is opening, looking every second. */
const CHECKOUT_WAIT_MS = 30_000;
export const EliteCheckoutMessages = { stillOpening: 'Your quote is accepted. The payment page is still being prepared: open this request again in a moment to pay.' } as const;

/** The checkout of a quote just accepted, once the request's run has opened it. */
export async function eliteCheckoutUrl(id: string): Promise<string> {
  for (const until = Date.now() + CHECKOUT_WAIT_MS; Date.now() < until; ) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const view = await fetchEliteRequest(id);
    if (view.status === 'awaiting_payment' && view.checkout_url) return view.checkout_url;
  }
  throw new Error(EliteCheckoutMessages.stillOpening);
}
