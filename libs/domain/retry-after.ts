/**
 * How long an HTTP answer asks the caller to wait (its Retry-After, in seconds or as an HTTP date), in milliseconds;
 * undefined when it does not say, says something unreadable, or names no time ahead of `now`.
 */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  const ms = /^\d+(\.\d+)?$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) && ms > 0 ? Math.ceil(ms) : undefined;
}
