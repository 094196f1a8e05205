import { Global, Inject, Injectable, Logger, Module, SetMetadata, type CanActivate, type ExecutionContext, type OnApplicationShutdown } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../../../libs/config/index.ts';
import { AuthMessages, RATE_LIMIT_WINDOW_SECONDS, SIGNED_IN_RATE_FACTOR, type RateLimitBucket } from '../../../../libs/domain/index.ts';
import { CONFIG } from '../config/config.module.ts';
import { TooManyRequestsException } from './too-many-requests.exception.ts';

const RATE_LIMITED = 'rateLimited';
/** Counts each call of this route against the caller's hourly allowance for `bucket`. */
export const RateLimited = (bucket: RateLimitBucket) => SetMetadata(RATE_LIMITED, bucket);


/**
 * Every rate limit of the API, counted in PostgreSQL so every replica shares them. Client addresses are as Express
 * sees them, which believes X-Forwarded-For only from TRUST_PROXY.
 * - Sign-in attempts per minute: per address and per e-mail (or per account, for current-password checks).
 * - Expensive work per hour: anonymous callers per address, signed-in authors per account with a larger allowance.
 */
@Injectable()
export class RateLimitService implements OnApplicationShutdown {
  private readonly logger = new Logger(RateLimitService.name);
  private readonly pool: pg.Pool;
  private readonly attempts: RateLimiterPostgres;
  private readonly work = new Map<string, RateLimiterPostgres>();

  constructor(@Inject(CONFIG) config: Config) {
    this.pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 3 });
    // An idle connection the server dropped (a PostgreSQL restart) is reported here: unheard, it would end the process.
    this.pool.on('error', (error) => this.logger.warn(`rate limits: database connection lost (${error.message})`));
    this.attempts = this.limiter('auth', config.AUTH_RATE_LIMIT_PER_MINUTE, 60);
    const perHour: Record<RateLimitBucket, number> = {
      generation: config.GENERATION_RATE_LIMIT_PER_HOUR,
      files: config.FILES_RATE_LIMIT_PER_HOUR,
      checkout: config.CHECKOUT_RATE_LIMIT_PER_HOUR,
      forms: config.FORMS_RATE_LIMIT_PER_HOUR,
      edits: config.EDIT_RATE_LIMIT_PER_HOUR,
      print: config.PRINT_RATE_LIMIT_PER_HOUR,
    };
    for (const [bucket, points] of Object.entries(perHour)) {
      this.work.set(`${bucket}:address`, this.limiter(`${bucket}-address`, points, RATE_LIMIT_WINDOW_SECONDS));
      this.work.set(`${bucket}:user`, this.limiter(`${bucket}-user`, points * SIGNED_IN_RATE_FACTOR, RATE_LIMIT_WINDOW_SECONDS));
    }
  }

  private limiter(keyPrefix: string, points: number, duration: number): RateLimiterPostgres {
    return new RateLimiterPostgres({ storeClient: this.pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true, keyPrefix, points, duration });
  }

  /** Counts one sign-in attempt for each key; throws when any of them is over the limit. */
  async consumeAttempt(keys: string[]): Promise<void> {
    const results = await Promise.allSettled(keys.map((key) => this.attempts.consume(key)));
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (!refused) return;
    if (!(refused.reason instanceof RateLimiterRes)) throw refused.reason;
    throw new TooManyRequestsException(refused.reason.msBeforeNext, AuthMessages.rateLimited);
  }

  /** Counts one call of expensive work; throws when the caller is over the allowance. */
  async consumeWork(bucket: RateLimitBucket, caller: { userId: string } | { address: string }): Promise<void> {
    const [kind, key] = 'userId' in caller ? ['user', caller.userId] : ['address', caller.address];
    try {
      await (this.work.get(`${bucket}:${kind}`) as RateLimiterPostgres).consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new TooManyRequestsException(error.msBeforeNext);
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

/** Runs after the auth guards, so a signed-in caller is counted by account. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const bucket = this.reflector.getAllAndOverride<RateLimitBucket | undefined>(RATE_LIMITED, [context.getHandler(), context.getClass()]);
    if (!bucket) return true;
    const http = context.switchToHttp();
    // Only the caller's id is counted by: the guards before this one set `user` on a signed-in request.
    const req = http.getRequest<Request & { user?: { id: string } }>();
    await this.limits.consumeWork(bucket, req.user ? { userId: req.user.id } : { address: req.ip ?? 'unknown' });
    return true;
  }
}

/** The one RateLimitService, for the guard and for the auth routes' own attempt limits. */
@Global()
@Module({ providers: [RateLimitService], exports: [RateLimitService] })
export class RateLimitModule {}
