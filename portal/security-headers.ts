// Security headers of the portal's pages, for the dev server and `vite preview` (the same values suit any web server
// that serves portal/dist). Everything the portal loads comes from its own origin; MUI injects its styles at run time.

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

/** The dev server adds an inline React Refresh preamble and a WebSocket for hot reload. */
const DEV_EXTRA: Partial<Record<keyof typeof DIRECTIVES, string[]>> = { 'script-src': ["'unsafe-inline'"], 'connect-src': ['ws:'] };

export function contentSecurityPolicy(mode: 'dev' | 'preview'): string {
  return Object.entries(DIRECTIVES)
    .map(([name, values]) => [name, ...values, ...(mode === 'dev' ? (DEV_EXTRA[name as keyof typeof DIRECTIVES] ?? []) : [])].join(' '))
    .join('; ');
}

export const portalHeaders = (mode: 'dev' | 'preview'): Record<string, string> => ({
  'Content-Security-Policy': contentSecurityPolicy(mode),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
});
