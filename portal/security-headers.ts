// Security headers of the portal's pages, for the dev server and `vite preview` (the same values suit any web server
// that serves portal/dist). Everything the portal loads comes from its own origin; MUI injects its styles at run time.
import { createHash } from 'node:crypto';

const DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'self'", 'blob:'],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/** The dev server also opens a WebSocket for hot reload. */
const DEV_EXTRA: Partial<Record<keyof typeof DIRECTIVES, string[]>> = { 'connect-src': ['ws:'] };

/** The source expression that lets exactly this inline script run, and no other. */
export const scriptHash = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

/**
 * The policy for `mode`. `inlineScripts` are the inline scripts the server itself writes into the page (the dev
 * server's React Refresh preamble): each is allowed by its hash, so scripts stay as strict as in the built portal.
 */
export function contentSecurityPolicy(mode: 'dev' | 'preview', inlineScripts: readonly string[] = []): string {
  const extra: Partial<Record<keyof typeof DIRECTIVES, string[]>> = { ...(mode === 'dev' ? DEV_EXTRA : {}), 'script-src': inlineScripts.map(scriptHash) };
  return Object.entries(DIRECTIVES)
    .map(([name, values]) => [name, ...values, ...(extra[name as keyof typeof DIRECTIVES] ?? [])].join(' '))
    .join('; ');
}

export const portalHeaders = (mode: 'dev' | 'preview', inlineScripts: readonly string[] = []): Record<string, string> => ({
  'Content-Security-Policy': contentSecurityPolicy(mode, inlineScripts),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
});
