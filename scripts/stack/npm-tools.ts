import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { say, StackError } from './log.ts';
import { cacheDir, runWithProgress, type ToolOptions } from './tools.ts';

/**
 * Command-line programs from the npm registry the tests run, each installed into its own folder in the cache (not the
 * project's dependencies: their trees are large and only the tests use them), pinned to a version.
 */
export const npmTools = {
  // DAISY Ace, the EPUB accessibility checker stores and libraries use; it drives Debian's Chromium through Puppeteer.
  ace: { pkg: '@daisy/ace-cli', version: '1.4.6', command: 'ace-cli' },
} as const;

export type NpmTool = keyof typeof npmTools;

/** Where an npm tool's command is once installed. */
export function npmToolPath(name: NpmTool): string {
  const { version, command } = npmTools[name];
  return join(cacheDir(), 'npm', `${name}-${version}`, 'node_modules', '.bin', command);
}

/** Returns the path of an npm tool's command, installing it the first time (never downloading a browser). */
export async function ensureNpmTool(name: NpmTool, options: ToolOptions = {}): Promise<string> {
  const path = npmToolPath(name);
  if (existsSync(path)) return path;
  const { pkg, version } = npmTools[name];
  const prefix = join(path, '..', '..', '..');
  mkdirSync(prefix, { recursive: true });
  say(`installing ${pkg}@${version} from the npm registry into ${prefix} (first run on this machine only)…`);
  const installed = await runWithProgress(`installing ${pkg}`, 'npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', prefix, `${pkg}@${version}`], {
    ...options,
    // Puppeteer would download a Chrome of its own; Debian's Chromium is used instead.
    env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' },
  });
  if (!installed || !existsSync(path)) throw new StackError(`Installing ${pkg}@${version} failed (npm install --prefix ${prefix}); see the output above.`);
  return path;
}
