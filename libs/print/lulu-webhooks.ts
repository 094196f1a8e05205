// Lulu's webhooks: the signature it puts on each body, and the print job a status change carries.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseLuluPrintJob } from './lulu-answers.ts';
import type { LuluWebhookPayload } from './lulu-wire.ts';
import type { PrintJobState } from './provider.ts';

/** Lulu's signature of a webhook body: HMAC-SHA256 of the raw body keyed with the API (client) secret, hex. */
export function signLuluWebhook(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * Checks the Lulu-HMAC-SHA256 header against the raw body, in constant time. Lulu's documentation does not name the
 * digest's encoding: hex (what Lulu sends in practice, and the simulator) and base64 of the same 32 bytes both pass.
 */
export function verifyLuluWebhook(rawBody: string | Buffer, header: string | string[] | null | undefined, secret: string | null | undefined): boolean {
  if (!secret || typeof header !== 'string') return false;
  const value = header.trim();
  const given = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : /^[A-Za-z0-9+/]{43}=$/.test(value) ? Buffer.from(value, 'base64') : null;
  if (!given) return false;
  return timingSafeEqual(given, createHmac('sha256', secret).update(rawBody).digest());
}

/** A verified webhook body read: its topic and the print job; null when it is not one. */
export function parseLuluWebhook(rawBody: string | Buffer): { topic: string; job: PrintJobState } | null {
  try {
    const payload = JSON.parse(rawBody.toString()) as LuluWebhookPayload;
    if (typeof payload?.topic !== 'string') return null;
    return { topic: payload.topic, job: parseLuluPrintJob(payload.data) };
  } catch {
    return null;
  }
}
