import { IDEMPOTENCY_HEADER } from '../../../libs/domain/index.ts';

/** The portal's one client for the API: same origin, JSON in and out, errors carry the API's message. */
export class ApiError extends Error {
  readonly status: number;
  readonly details: unknown;

  constructor(status: number, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.details = details;
  }
}

let tokenSource: () => string | undefined = () => undefined;
/** The auth store tells the client where the current access token comes from. */
export function setAccessTokenSource(source: () => string | undefined): void {
  tokenSource = source;
}

/** A new key for one user intent (a click): sent as its Idempotency-Key, the same on every retry of that click. */
export const newActionKey = (): string => crypto.randomUUID();

/** `actionKey`: the intent's Idempotency-Key (newActionKey), so the API does a retried action once. */
export async function apiFetch<T>(path: string, init: RequestInit & { token?: string | null; actionKey?: string } = {}): Promise<T> {
  const { token: explicitToken, actionKey, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (actionKey) headers.set(IDEMPOTENCY_HEADER, actionKey);
  if (rest.body !== undefined && !(rest.body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const token = explicitToken === null ? undefined : (explicitToken ?? tokenSource());
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(path, { ...rest, headers });
  } catch {
    throw new ApiError(0, 'Network error: the server could not be reached. Check your connection and try again.');
  }
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const { message, details } = (typeof body === 'object' && body ? body : {}) as { message?: string; details?: unknown };
    throw new ApiError(response.status, message ?? `HTTP ${response.status}: ${response.statusText}`, details);
  }
  return body as T;
}

/** A file or image from the API with the caller's token; a failure carries the API's message. */
export async function authorizedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const token = tokenSource();
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers });
  } catch {
    throw new ApiError(0, 'Network error: the server could not be reached. Check your connection and try again.');
  }
  if (!response.ok) {
    const body = safeJson(await response.text()) as { message?: string } | string;
    throw new ApiError(response.status, (typeof body === 'object' && body?.message) || `HTTP ${response.status}: ${response.statusText}`);
  }
  return response;
}

/** A JSON POST whose answer is read as a stream (server-sent events). */
export const authorizedPost = (path: string, body: unknown) =>
  authorizedFetch(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' } });

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
