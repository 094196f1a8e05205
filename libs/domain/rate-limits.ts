/**
 * Limits on expensive or paid work, counted per signed-in author and, for anonymous callers, per client address.
 * The per-hour numbers for anonymous callers come from the configuration; a signed-in author gets this many times more.
 */
export const RATE_LIMIT_BUCKETS = ['generation', 'files', 'checkout', 'forms', 'edits', 'print'] as const;
export type RateLimitBucket = (typeof RATE_LIMIT_BUCKETS)[number];

export const SIGNED_IN_RATE_FACTOR = 5;
export const RATE_LIMIT_WINDOW_SECONDS = 3600;

export const RateLimitMessages = {
  tooMany: (retryAfterSeconds: number) =>
    `Too many requests. Please try again in ${retryAfterSeconds < 120 ? `${retryAfterSeconds} seconds` : `${Math.ceil(retryAfterSeconds / 60)} minutes`}.`,
} as const;
