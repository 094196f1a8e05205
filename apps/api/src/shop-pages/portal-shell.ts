import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The repository (or image) root: the nearest folder above this file that holds the portal. */
function portalRoot(): string {
  for (let dir = import.meta.dirname; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'portal', 'index.html'))) return join(dir, 'portal');
  }
  throw new Error('The portal (portal/index.html) is not above the API');
}

/**
 * The page the portal starts from: the built one (portal/dist, as `vite preview` and production serve it), else the
 * source page, whose crawler-facing head and summary are the same (an API running without a built portal: tests).
 * Read on every request, so a rebuilt portal is served at once.
 */
export async function portalShell(): Promise<string> {
  const root = portalRoot();
  const built = join(root, 'dist', 'index.html');
  return readFile(existsSync(built) ? built : join(root, 'index.html'), 'utf8');
}
