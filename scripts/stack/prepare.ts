import { hostPort, isListening, isLocalHost } from './net.ts';
import type { Profile } from './profile.ts';
import { ensureAptPackages, ensureGoProgram, findPostgresBin, type AptNeed, type ToolOptions } from './tools.ts';

interface LocalService {
  /** Where the profile's environment says the service is; null when the configuration does not use it. */
  address(env: Profile['env']): { host: string; port: number } | null;
  /** Debian packages running it here needs. */
  apt?: AptNeed;
  /** A program running it here needs built; resolves to its path. */
  build?(options?: ToolOptions): Promise<string>;
}

/** The services the stack can run itself, and what running each on this machine needs. */
export const localServices = {
  postgres: {
    address: (env) => hostPort(env.DATABASE_URL ?? '', 5432),
    apt: { packages: ['postgresql'], present: () => findPostgresBin() !== null, why: 'set DATABASE_URL to a running PostgreSQL server' },
  },
  temporal: {
    address: (env) => hostPort(env.TEMPORAL_ADDRESS ?? '', 7233),
    build: (options?: ToolOptions) => ensureGoProgram('temporal', 'set TEMPORAL_ADDRESS to a running Temporal server', options),
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
  /** Other programs the command itself needs installed (the API fuzzer for the tests…), each resolving to its path. */
  installs?: ((options?: ToolOptions) => Promise<string>)[];
}

/**
 * Installs and builds everything the stack will need before any service starts, so no readiness clock counts
 * during an install: Debian packages first (apt-get runs synchronously), then the missing programs side by side.
 * A service that already answers at its configured address, or is configured on another host, needs nothing.
 */
export async function prepareTools(profile: Profile, { apt = [], installs = [], ...options }: PrepareOptions = {}): Promise<void> {
  const needed = await servicesToStart(profile);
  for (const need of [...needed.flatMap((service) => (service.apt ? [service.apt] : [])), ...apt]) {
    ensureAptPackages(need.packages, need.present, need.why);
  }
  await Promise.all([...needed.flatMap((service) => (service.build ? [service.build(options)] : [])), ...installs.map((install) => install(options))]);
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
