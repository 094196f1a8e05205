import { HttpException, HttpStatus, Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../../../libs/config/index.ts';
import { AuthMessages } from '../../../../libs/domain/index.ts';
import { CONFIG } from '../config/config.module.ts';

/**
 * Sign-in and sign-up attempts per minute, counted in PostgreSQL so every API replica shares the count:
 * once per client address and once per e-mail, so neither many addresses nor many e-mails get around it.
 */
@Injectable()
export class RateLimitService implements OnApplicationShutdown {
  private readonly pool: pg.Pool;
  private readonly limiter: RateLimiterPostgres;

  constructor(@Inject(CONFIG) config: Config) {
    this.pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 3 });
    this.limiter = new RateLimiterPostgres({
      storeClient: this.pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: 'auth',
      points: config.AUTH_RATE_LIMIT_PER_MINUTE,
      duration: 60,
    });
  }

  /** Counts one attempt for each key; throws 429 with Retry-After when any of them is over the limit. */
  async consume(keys: string[]): Promise<void> {
    const results = await Promise.allSettled(keys.map((key) => this.limiter.consume(key)));
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (!refused) return;
    if (!(refused.reason instanceof RateLimiterRes)) throw refused.reason;
    const retryAfter = Math.max(1, Math.ceil(refused.reason.msBeforeNext / 1000));
    throw new HttpException({ message: AuthMessages.rateLimited, details: { retry_after_seconds: retryAfter } }, HttpStatus.TOO_MANY_REQUESTS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
