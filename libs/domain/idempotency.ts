/**
 * One user intent, sent once or retried: the portal names each click with an `Idempotency-Key` (a UUID it keeps across
 * retries of that click); the API does the action once and answers a repeat as it answered the first.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 100;
/** UUID-ish: letters, digits and - _ . : only, 8 to 100 of them. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,100}$/;
export const isIdempotencyKey = (value: string): boolean => IDEMPOTENCY_KEY_PATTERN.test(value);

export const IdempotencyMessages = {
  invalid: `${IDEMPOTENCY_HEADER} must be 8 to ${IDEMPOTENCY_KEY_MAX} letters, digits or - _ . : (a UUID per action)`,
  inFlight: 'The same action is still being carried out: look again in a moment',
} as const;
