import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { StackError } from './log.ts';
import { repoRoot } from './profile.ts';

export const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);

// Tools started from here (vitest, vite, eslint…) have `#!/usr/bin/env node` shebangs: make that the pinned Node 24.
process.env.PATH = `${join(repoRoot, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`;

/** Compiles the NestJS API (decorators need the TypeScript compiler) into dist/. */
export function buildApi(): void {
  const result = spawnSync(bin('tsc'), ['-p', 'apps/api/tsconfig.build.json'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new StackError('The API does not compile; fix the errors above.');
}

export const apiEntry = join(repoRoot, 'dist/apps/api/src/main.js');
export const workerEntry = join(repoRoot, 'apps/worker/src/main.ts');
export const portalConfig = join(repoRoot, 'portal/vite.config.ts');
