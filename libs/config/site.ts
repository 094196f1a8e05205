import type { Config } from './index.ts';

/** Google sign-in is offered only when its client id and secret are set. */
export const googleSignInConfigured = (config: Pick<Config, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET'>): boolean => Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1'];

/**
 * The origins this site is reached at: PORTAL_URL's, and when that is a loopback address, the same port on the other
 * loopback name (a dev or preview server answers at localhost and 127.0.0.1 alike).
 */
export function siteOrigins(portalUrl: string): string[] {
  const url = new URL(portalUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return [url.origin, ...LOOPBACK_HOSTS.filter((host) => host !== url.hostname).map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`)];
}

/** Whether an address is a page of this site (one of siteOrigins), which is all the site sends a visitor back to. */
export function onSite(portalUrl: string, address: string): boolean {
  try {
    return siteOrigins(portalUrl).includes(new URL(address).origin);
  } catch {
    return false;
  }
}

/**
 * The base for links a visitor follows in this visit: the site's origin they are at (e.g. the loopback alias of a
 * preview server, where their session lives), else the configured PORTAL_URL. Links that travel (mail) use PORTAL_URL.
 */
export function siteBaseFor(portalUrl: string, visitorAddress: string | null | undefined): string {
  const configured = portalUrl.replace(/\/+$/, '');
  if (!visitorAddress || !onSite(portalUrl, visitorAddress)) return configured;
  const origin = new URL(visitorAddress).origin;
  return origin === new URL(portalUrl).origin ? configured : `${origin}${new URL(configured).pathname.replace(/\/+$/, '')}`;
}
