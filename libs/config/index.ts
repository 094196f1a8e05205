import { z } from 'zod';
import { SUPPORT_EMAIL } from '../domain/payments.ts';
import { temporalSettingsProblems } from './temporal.ts';

/**
 * Every environment variable Pressroom reads, validated once at start-up.
 * `.env.example` and `docker-compose.yml` must set each key (a test checks both).
 */
const port = z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535);
const url = (protocols: string[]) =>
  z.url({ protocol: new RegExp(`^(${protocols.join('|')})$`), error: `must be a ${protocols.join(' or ')} URL` });

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  API_PORT: port.default(3000),
  PORTAL_URL: url(['http', 'https']).default('http://localhost:5173'),

  DATABASE_URL: url(['postgres', 'postgresql']),

  TEMPORAL_ADDRESS: z.string().regex(/^[^\s:]+:\d+$/, 'must be host:port'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('pressroom'),
  TEMPORAL_UI_URL: url(['http', 'https']).default('http://localhost:8233'),
  /**
   * Temporal over TLS (Temporal Cloud, or a cluster behind TLS): on by itself once a certificate, a CA or an API key is
   * set; true without them trusts the system's CAs. The PEM values may be given inline or as the path of a file.
   */
  TEMPORAL_TLS: z.stringbool({ error: 'must be true or false' }).optional(),
  TEMPORAL_TLS_CERT: z.string().min(1).optional(),
  TEMPORAL_TLS_KEY: z.string().min(1).optional(),
  TEMPORAL_TLS_SERVER_CA: z.string().min(1).optional(),
  TEMPORAL_TLS_SERVER_NAME: z.string().regex(/^[A-Za-z0-9.-]+$/, 'must be a host name').optional(),
  /** A Temporal Cloud API key, sent as `authorization: Bearer …` over TLS. */
  TEMPORAL_API_KEY: z.string().min(1).optional(),
  /** The namespace is created elsewhere (Temporal Cloud's console): setup does not register it, and only checks its search attributes. */
  TEMPORAL_NAMESPACE_MANAGED: z.stringbool({ error: 'must be true or false' }).default(false),

  S3_ENDPOINT: url(['http', 'https']),
  /** Address browsers use for presigned links, when it differs from S3_ENDPOINT (e.g. inside Docker). */
  S3_PUBLIC_ENDPOINT: url(['http', 'https']).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY: z.string().min(3),
  S3_SECRET_KEY: z.string().min(8),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
    .default('book-files'),

  /** Signs access tokens (HS256). At least 32 characters of randomness. */
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }),
  /** Signs the shop's e-book download links (HMAC-SHA256); without it a key is derived from JWT_SECRET. At least 32 characters. */
  DOWNLOAD_LINK_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(60).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().min(1).max(365).default(30),
  /** Sign-in and sign-up attempts allowed per minute, counted per client address and per e-mail. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a number' }).int().min(1).max(10_000).default(10),
  /** Generation calls (new books, each staged step, builds, covers) per hour for an anonymous address; signed-in authors get 5 times as many. */
  GENERATION_RATE_LIMIT_PER_HOUR: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1_000_000).default(60),
  /** Uploads and renders on request (process-sources, png, intelligent/cover) per hour for an anonymous address; signed-in authors get 5 times as many. */
  FILES_RATE_LIMIT_PER_HOUR: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1_000_000).default(30),
  /** Checkout sessions started per hour for an anonymous address; signed-in buyers get 5 times as many. */
  CHECKOUT_RATE_LIMIT_PER_HOUR: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1_000_000).default(20),
  /** Forms that mail the team (book requests, Elite project details) per hour for an anonymous address; signed-in authors get 5 times as many. */
  FORMS_RATE_LIMIT_PER_HOUR: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1_000_000).default(10),
  /** Chapter saves (autosave, restores) per hour for an anonymous address; signed-in authors get 5 times as many. */
  EDIT_RATE_LIMIT_PER_HOUR: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1_000_000).default(600),
  /** Print-provider work on request (price calculations, preflights) per hour for an anonymous address; signed-in authors get 5 times as many. */
  PRINT_RATE_LIMIT_PER_HOUR: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1_000_000).default(20),
  /** Express's "trust proxy": the proxies whose X-Forwarded-For is believed (e.g. "loopback" or "10.0.0.5"); none by default. */
  TRUST_PROXY: z.string().min(1).optional(),
  /** Google sign-in is offered only when the client id and secret are set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google's OAuth endpoints; configurable so tests can run the flow against a local OpenID provider. */
  GOOGLE_AUTHORIZATION_URL: url(['http', 'https']).default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: url(['http', 'https']).default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: url(['http', 'https']).default('https://openidconnect.googleapis.com/v1/userinfo'),

  /** AI providers: a provider without a key is listed as unavailable. Base URLs point tests at loopback fakes. */
  ANTHROPIC_API_KEY: z.string().min(1).optional(),
  ANTHROPIC_BASE_URL: url(['http', 'https']).optional(),
  ANTHROPIC_MODEL: z.string().min(1).default('claude-3-5-haiku-latest'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: url(['http', 'https']).optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o'),
  /** One provider call may take this long before it counts as timed out (and is retried). */
  AI_REQUEST_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(1000).max(600_000).default(180_000),
  /** At most this many chapters of one book are written at the same time (unset: as many as the provider allows). */
  CHAPTER_CONCURRENCY: z.coerce.number({ error: 'must be a number' }).int().min(1).max(32).optional(),
  /** A book made step by step that waits this many days for its next step ends its run; the next step starts a new one. */
  STEP_MODE_IDLE_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().min(1).max(365).default(30),

  SMTP_URL: url(['smtp', 'smtps']).default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('Pressroom <no-reply@pressroom.local>'),
  /** How often the news people chose to get in a digest is mailed to them (the `mail-digests` schedule): a day. */
  MAIL_DIGEST_EVERY_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(1).max(7 * 86_400).default(86_400),
  /** Recorded provider and bookkeeping steps are kept this many days, then pruned by the daily `step-pruning` schedule. */
  STEP_RETENTION_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().min(1).max(3650).default(30),

  /** Support's address: book requests and Elite project details are announced to it. */
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default(SUPPORT_EMAIL),

  /**
   * Stripe. With a secret key the SDK talks to Stripe (live or test key) and Stripe hosts the checkout page. Without
   * one, payments run in local test mode: the SDK talks to STRIPE_API_URL (stripe-mock, which npm start and npm test
   * run) and checkout is a local page that sends correctly signed webhooks.
   */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(live|test)_\w+$/, 'must be a Stripe secret key (sk_live_…, sk_test_… or rk_…)').optional(),
  /** Where the Stripe SDK sends its calls, when not to Stripe itself (stripe-mock). */
  STRIPE_API_URL: url(['http', 'https']).optional(),
  /** Verifies the Stripe-Signature of webhook events (whsec_…); npm start generates one for local test mode. */
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** The Stripe price of each offer (libs/domain/offers.ts). */
  STRIPE_PRICE_AI_BOOK_GENERATOR: z.string().min(1).default('price_ai_book_generator'),
  STRIPE_PRICE_ELITE_SERVICE: z.string().min(1).default('price_elite_service'),
  /**
   * Local test mode's checkout page pays any amount: the API and the worker refuse to start in it with NODE_ENV=production
   * or beside a real provider (Lulu's API, an AI key for the provider's own API) unless this is "demo".
   */
  PRESSROOM_ALLOW_TEST_PAYMENTS: z.enum(['demo'], { error: 'must be "demo" or unset' }).optional(),

  /**
   * The Lulu Print API: https://api.sandbox.lulu.com (sandbox) or https://api.lulu.com (production) with that
   * environment's client key and secret. Without them print answers come from the built-in mock (marked so); npm start
   * and npm test point these at the local Lulu simulator (testing/print-simulator) and generate its secret.
   */
  LULU_API_URL: url(['http', 'https']).optional(),
  LULU_CLIENT_KEY: z.string().min(1).optional(),
  /** Also verifies the Lulu-HMAC-SHA256 signature of Lulu's webhooks (Lulu signs them with the API secret). */
  LULU_CLIENT_SECRET: z.string().min(8).optional(),
  /** Where Lulu posts print-job status changes (<public API origin>/api/print/webhooks/lulu); setup subscribes it. */
  LULU_WEBHOOK_URL: url(['http', 'https']).optional(),

  /** The Elite Service: how many days a quote can be accepted, and an accepted quote paid, before it expires. */
  ELITE_QUOTE_VALID_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().min(1).max(90).default(14),
  ELITE_PAYMENT_WINDOW_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().min(1).max(30).default(3),

  HEALTH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),

  /** Metrics and traces (README, "Metrics and traces"): each metrics endpoint is off until its host:port is set. */
  API_METRICS_ADDRESS: z.string().regex(/^(\[[0-9a-fA-F:]+\]|[^\s:]+):\d+$/, 'must be host:port').optional(),
  WORKER_METRICS_ADDRESS: z.string().regex(/^(\[[0-9a-fA-F:]+\]|[^\s:]+):\d+$/, 'must be host:port').optional(),
  /** An OTLP/HTTP collector (e.g. http://127.0.0.1:4318): the API and the worker send their traces there; none without it. */
  OTEL_EXPORTER_OTLP_ENDPOINT: url(['http', 'https']).optional(),
});

export type Config = z.infer<typeof configSchema>;
export const configKeys = Object.keys(configSchema.shape) as (keyof Config)[];

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses the environment into a typed, frozen config; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  const present = Object.fromEntries(
    configKeys.filter((key) => env[key] !== undefined && env[key] !== '').map((key) => [key, env[key]]),
  );
  const result = configSchema.safeParse(present);
  const temporalProblems = result.success ? temporalSettingsProblems(result.data) : [];
  if (temporalProblems.length) throw new ConfigError(temporalProblems);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const key = issue.path.join('.');
        return env[key] === undefined || env[key] === '' ? `${key} is required` : `${key} ${issue.message}`;
      }),
    );
  }
  return Object.freeze(result.data);
}

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
const onThisMachine = (address: string) => LOOPBACK_HOSTS.test(new URL(address).hostname);
const isLulu = (address: string) => /(^|\.)lulu\.com$/.test(new URL(address).hostname);

/**
 * Why this configuration must not take test payments, or null when it may: payments in local test mode (no
 * STRIPE_SECRET_KEY) in production or beside a provider that costs money, unless PRESSROOM_ALLOW_TEST_PAYMENTS=demo.
 */
export function testPaymentsRefusal(config: Config): string | null {
  if (config.STRIPE_SECRET_KEY || !config.STRIPE_API_URL || config.PRESSROOM_ALLOW_TEST_PAYMENTS === 'demo') return null;
  const ai = (key: string | undefined, baseUrl: string | undefined) => Boolean(key) && !(baseUrl && onThisMachine(baseUrl));
  const reasons = [
    config.NODE_ENV === 'production' ? 'NODE_ENV is production' : null,
    config.LULU_API_URL && config.LULU_CLIENT_KEY && isLulu(config.LULU_API_URL) ? `print orders go to Lulu (${config.LULU_API_URL})` : null,
    ai(config.ANTHROPIC_API_KEY, config.ANTHROPIC_BASE_URL) ? "ANTHROPIC_API_KEY is set for Anthropic's API" : null,
    ai(config.OPENAI_API_KEY, config.OPENAI_BASE_URL) ? `OPENAI_API_KEY is set for ${config.OPENAI_BASE_URL ?? "OpenAI's API"}` : null,
  ].filter((reason) => reason !== null);
  if (!reasons.length) return null;
  return (
    `Refusing to start: payments are in local test mode (no STRIPE_SECRET_KEY), whose checkout page pays any amount, but ${reasons.join('; ')}. ` +
    'Set STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET) to take real payments, or PRESSROOM_ALLOW_TEST_PAYMENTS=demo to run a demo anyway.'
  );
}

/** The API and the worker start with this: a valid configuration that does not give away what costs money. */
export function loadServiceConfigOrExit(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  const config = loadConfigOrExit(env);
  const refusal = testPaymentsRefusal(config);
  if (refusal) {
    console.error(refusal);
    process.exit(78); // EX_CONFIG
  }
  return config;
}

/** Entry points call this: on a bad environment it prints the problems and exits instead of starting half-configured. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}
export * from './site.ts';
export * from './temporal.ts';
