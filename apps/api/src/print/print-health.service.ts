import { Inject, Injectable } from '@nestjs/common';
import type { Config } from '../../../../libs/config/index.ts';
import { withTimeout } from '../common/with-timeout.ts';
import { CONFIG } from '../config/config.module.ts';
import { PrintQuoteService } from './print-quote.service.ts';
import { ShortLivedCache } from './short-lived-cache.ts';

/** How long a health answer is reused: monitors may ask every few seconds, the provider is asked at most this often. */
export const PRINT_HEALTH_TTL_MS = 30_000;

export interface PrintHealth {
  status: 'ok';
  /** Which provider answers print calls: Lulu (or its simulator) when configured, else the built-in mock. */
  provider: 'lulu' | 'mock';
  /** Whether that provider answered within HEALTH_TIMEOUT_MS (the mock always does). */
  reachable: boolean;
}

/** GET /api/print/test: never an error, whatever the provider does; the answer says what it found (kept half a minute). */
@Injectable()
export class PrintHealthService {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly quotes: PrintQuoteService,
  ) {}

  private readonly answers = new ShortLivedCache<PrintHealth>(PRINT_HEALTH_TTL_MS, 1);

  async check(): Promise<PrintHealth> {
    const { provider } = this.quotes;
    if (provider.source === 'mock') return { status: 'ok', provider: 'mock', reachable: true };
    const kept = this.answers.get('health');
    if (kept) return kept;
    const reachable = await withTimeout(provider.products(), this.config.HEALTH_TIMEOUT_MS, 'the print provider').then(
      () => true,
      () => false,
    );
    const answer: PrintHealth = { status: 'ok', provider: 'lulu', reachable };
    this.answers.set('health', answer);
    return answer;
  }
}
