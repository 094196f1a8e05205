import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EbookDownloadView } from '../contracts/index.ts';
import { DOWNLOAD_LINK_TTL_MS, EBOOK_FORMATS, type EbookFormat } from '../domain/index.ts';

export interface DownloadLinkSecrets {
  DOWNLOAD_LINK_SECRET?: string | undefined;
  JWT_SECRET: string;
}

/** The key download links are signed with: DOWNLOAD_LINK_SECRET, else one derived from JWT_SECRET for this use alone. */
export const downloadLinkKey = (config: DownloadLinkSecrets): string =>
  config.DOWNLOAD_LINK_SECRET ?? createHmac('sha256', config.JWT_SECRET).update('pressroom download links').digest('base64url');

const signature = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** `<saleId>.<expiry in epoch seconds>.<HMAC of both>`: a link names one sale and when it stops working. */
export function signDownloadToken(key: string, saleId: string, expiresAt: Date): string {
  const payload = `${saleId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${signature(key, payload)}`;
}

export type ReadToken = { saleId: string; expiresAt: Date } | 'invalid' | 'expired';

/** The sale a token names when its signature holds; 'expired' past its time (checked only once the signature holds). */
export function readDownloadToken(key: string, token: string, now = Date.now()): ReadToken {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return 'invalid';
  const [, saleId = '', expiry = '', given = ''] = match;
  const expected = Buffer.from(signature(key, `${saleId}.${expiry}`));
  const stated = Buffer.from(given);
  if (expected.length !== stated.length || !timingSafeEqual(expected, stated)) return 'invalid';
  const expiresAt = new Date(Number(expiry) * 1000);
  return expiresAt.getTime() <= now ? 'expired' : { saleId, expiresAt };
}

export const downloadPath = (token: string, format: EbookFormat) => `/api/shop/downloads/${encodeURIComponent(token)}/${format}`;

/** Fresh links to every format of an e-book sale, valid DOWNLOAD_LINK_TTL_MS from `now`; `base` is prefixed (the portal's address in mail). */
export function ebookDownloads(key: string, saleId: string, formats: readonly string[], base = '', now = Date.now()): EbookDownloadView[] {
  const expiresAt = new Date(now + DOWNLOAD_LINK_TTL_MS);
  const token = signDownloadToken(key, saleId, expiresAt);
  return EBOOK_FORMATS.filter((format) => formats.includes(format)).map((format) => ({ format, url: `${base}${downloadPath(token, format)}`, expires_at: expiresAt.toISOString() }));
}
