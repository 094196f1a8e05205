import { join } from 'node:path';
import { repoRoot } from './profile.ts';

export const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);

// Tools started from here (vitest, vite, eslint…) have `#!/usr/bin/env node` shebangs: make that the pinned Node 24.
process.env.PATH = `${join(repoRoot, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`;

/**
 * TypeScript 7, the compiler ported to native code: it type-checks and compiles this tree several times faster than 6,
 * which stays as `typescript` for typescript-eslint's parser (it needs its JavaScript API).
 */
export const tsc = join(repoRoot, 'node_modules', 'typescript-7', 'bin', 'tsc');

/**
 * Compiles the NestJS API (decorators need the TypeScript compiler) into dist/. Incremental, with its build info inside
 * dist/: a removed dist/ is compiled whole again rather than trusted from build info left elsewhere.
 */
export const apiBuild = { command: tsc, args: ['-p', 'apps/api/tsconfig.build.json', '--incremental', '--tsBuildInfoFile', join(repoRoot, 'dist/api.tsbuildinfo')] };

export const apiEntry = join(repoRoot, 'dist/apps/api/src/main.js');
export const workerEntry = join(repoRoot, 'apps/worker/src/main.ts');
export const portalConfig = join(repoRoot, 'portal/vite.config.ts');
