import { Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import type { Config } from '../../../../libs/config/index.ts';
import { PrintMessages } from '../../../../libs/domain/index.ts';
import { parseLuluWebhook, verifyLuluWebhook } from '../../../../libs/print/index.ts';
import { CONFIG } from '../config/config.module.ts';
import { PrintOrderQueries, PrintOrderWorkflowService } from '../print-orders/print-orders.module.ts';

export type LuluWebhookOutcome = 'signalled' | 'unknown-job' | 'closed';

/**
 * Lulu's print-job webhook. The body is trusted only when its Lulu-HMAC-SHA256 signature (keyed with our API secret)
 * matches; then the order it names is found and its workflow told to fetch the job, which records the change. The
 * body's own status is not written here: the workflow reads the job from the provider, so a replayed or reordered
 * delivery cannot move an order backwards. Lulu retries a delivery that is not answered 2xx: an unknown job or an
 * order whose run has ended is answered 200 (retrying would not help), Temporal being unreachable 503 (it will).
 */
@Injectable()
export class LuluWebhookService {
  private readonly logger = new Logger(LuluWebhookService.name);

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly orders: PrintOrderQueries,
    private readonly workflow: PrintOrderWorkflowService,
  ) {}

  async receive(rawBody: Buffer | undefined, signature: string | string[] | undefined): Promise<{ received: true; outcome: LuluWebhookOutcome }> {
    if (!rawBody || !verifyLuluWebhook(rawBody, signature, this.config.LULU_CLIENT_SECRET)) throw new UnauthorizedException(PrintMessages.badSignature);
    const job = parseLuluWebhook(rawBody)?.job;
    if (!job) return { received: true, outcome: 'unknown-job' };
    const order = await this.orders.ofProviderJob(job.id, job.externalId);
    if (!order) {
      this.logger.warn(`Lulu reported job ${job.id} (${job.externalId ?? 'no external id'}), which is no order of ours`);
      return { received: true, outcome: 'unknown-job' };
    }
    const signalled = await this.workflow.providerChanged(order.id, job.id);
    return { received: true, outcome: signalled === 'ended' ? 'closed' : 'signalled' };
  }
}
