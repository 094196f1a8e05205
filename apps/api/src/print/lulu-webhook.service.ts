import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import { Client, WorkflowNotFoundError } from '@temporalio/client';
import type { Config } from '../../../../libs/config/index.ts';
import { PrintOrder } from '../../../../libs/db/index.ts';
import { PrintMessages, printOrderWorkflowId } from '../../../../libs/domain/index.ts';
import { parseLuluWebhook, verifyLuluWebhook } from '../../../../libs/print/index.ts';
import { providerChangedSignal } from '../../../../workflows/print-order/messages.ts';
import { withTimeout } from '../common/with-timeout.ts';
import { CONFIG } from '../config/config.module.ts';

const SIGNAL_TIMEOUT_MS = 10_000;
/** Lulu's job ids are numbers and our external ids 'PB-…'; anything longer names no order. */
const MAX_ID_LENGTH = 255;

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
    private readonly em: EntityManager,
    @Inject(Client) private readonly temporal: Client,
  ) {}

  async receive(rawBody: Buffer | undefined, signature: string | string[] | undefined): Promise<{ received: true; outcome: LuluWebhookOutcome }> {
    if (!rawBody || !verifyLuluWebhook(rawBody, signature, this.config.LULU_CLIENT_SECRET)) throw new UnauthorizedException(PrintMessages.badSignature);
    const job = parseLuluWebhook(rawBody)?.job;
    if (!job) return { received: true, outcome: 'unknown-job' };
    const order = await this.orderOf(job.id, job.externalId);
    if (!order) {
      this.logger.warn(`Lulu reported job ${job.id} (${job.externalId ?? 'no external id'}), which is no order of ours`);
      return { received: true, outcome: 'unknown-job' };
    }
    try {
      await withTimeout(this.temporal.workflow.getHandle(printOrderWorkflowId(order.id)).signal(providerChangedSignal, { jobId: job.id }), SIGNAL_TIMEOUT_MS, 'Temporal');
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return { received: true, outcome: 'closed' };
      this.logger.error(`print order ${order.id}: Lulu's change of job ${job.id} not delivered: ${(error as Error).message}`);
      throw new ServiceUnavailableException(PrintMessages.unavailable);
    }
    return { received: true, outcome: 'signalled' };
  }

  /** The order following this job, or (before the workflow recorded the job's id) the one created with this external id. */
  private async orderOf(jobId: string, externalId: string | null): Promise<PrintOrder | null> {
    const usable = (id: string | null): id is string => typeof id === 'string' && id.length > 0 && id.length <= MAX_ID_LENGTH;
    const em = this.em.fork();
    const byJob = usable(jobId) ? await em.findOne(PrintOrder, { luluJobId: jobId }) : null;
    return byJob ?? (usable(externalId) ? await em.findOne(PrintOrder, { externalId }) : null);
  }
}
