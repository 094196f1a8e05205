import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { say, StackError } from './log.ts';

/** Built binaries live outside the clone, so fresh clones on the same machine start in seconds. */
export const cacheDir = process.env.PRESSROOM_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'pressroom');
const binDir = join(cacheDir, 'bin');

const isRoot = () => process.getuid?.() === 0;

export function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Go programs Pressroom runs, with the module version each is built from. */
export const goPrograms = {
  // v1.5.1 is the newest CLI release whose go.mod has no `replace` directive, which `go install` refuses.
  temporal: 'github.com/temporalio/cli/cmd/temporal@v1.5.1',
  // MinIO's community edition is distributed as source only.
  minio: 'github.com/minio/minio@latest',
} as const;

/** Returns the path of a Go program, building it with `go install` into the cache the first time. */
export function ensureGoProgram(name: keyof typeof goPrograms, why: string): string {
  const path = join(binDir, name);
  if (existsSync(path)) return path;
  if (!onPath('go')) {
    throw new StackError(`Go is not installed: install Go 1.24 or newer so ${name} can be built, or ${why}.`);
  }
  mkdirSync(binDir, { recursive: true });
  say(`building ${name} from ${goPrograms[name]} (first run on this machine only, a few minutes)…`);
  const started = Date.now();
  const result = spawnSync('go', ['install', goPrograms[name]], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, GOBIN: binDir, CGO_ENABLED: process.env.CGO_ENABLED ?? '0' },
  });
  if (result.status !== 0 || !existsSync(path)) {
    throw new StackError(`Building ${name} failed (go install ${goPrograms[name]}); see the output above.`);
  }
  say(`built ${name} in ${Math.round((Date.now() - started) / 1000)} s → ${path}`);
  return path;
}

/** Installs Debian packages when missing; without root it stops with the command to run. */
export function ensureAptPackages(packages: string[], present: () => boolean, why: string): void {
  if (present()) return;
  if (!isRoot() || !onPath('apt-get')) {
    throw new StackError(`Missing ${packages.join(', ')}: run "sudo apt-get install -y ${packages.join(' ')}" (or your system's equivalent), or ${why}.`);
  }
  say(`installing ${packages.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (install().status !== 0) {
    // A fresh machine has no package lists yet.
    spawnSync('apt-get', ['update'], { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (install().status !== 0 || !present()) throw new StackError(`apt-get install ${packages.join(' ')} failed; see the output above.`);
  }
}

/** The newest PostgreSQL server binaries from Debian's packages, if installed. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? join(root, newest, 'bin') : null;
}

export function chromiumPath(): string | null {
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (existsSync(candidate)) return candidate;
  return null;
}

/** uid and gid of the `postgres` system user, created if needed (PostgreSQL refuses to run as root). */
export function postgresUser(): { uid: number; gid: number } | undefined {
  if (!isRoot()) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--home-dir', '/var/lib/postgresql', '--shell', '/bin/sh', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}
