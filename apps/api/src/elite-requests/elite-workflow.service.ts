import { setTimeout as sleep } from 'node:timers/promises';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { Client, WorkflowNotFoundError, WorkflowUpdateFailedError, WorkflowUpdateStage } from '@temporalio/client';
import type { Config } from '../../../../libs/config/index.ts';
import { EliteRequest } from '../../../../libs/db/index.ts';
import { EliteMessages, EliteRefusals, eliteWorkflowId, innermostMessage, isFinalEliteStatus, type EliteStatus } from '../../../../libs/domain/index.ts';
import { actUpdate, type EliteActRequest, type EliteInput } from '../../../../workflows/elite/messages.ts';
import { changeEliteAddressUpdate, type EliteAddressChange } from '../../../../workflows/elite/address-messages.ts';
import type { eliteRequestWorkflow } from '../../../../workflows/elite/workflow.ts';
import { ProjectIdAttribute, StageAttribute, UserIdAttribute } from '../../../../workflows/search-attributes.ts';
import { withTimeout } from '../common/with-timeout.ts';
import { CONFIG } from '../config/config.module.ts';

/** The run's validator takes or refuses an action within one workflow task; a Temporal that takes longer is treated as down. */
const ACCEPT_TIMEOUT_MS = 20_000;
/** Once accepted, an action done within this is answered done; a slower one is answered working and goes on in the run. */
const SETTLE_MS = 1_200;

/** What became of an action the run accepted: done, or still being carried out by the run (its result lands in the projection). */
export type EliteActed = 'done' | 'working';

/**
 * The one door from the API to `elite-<requestId>` runs, shared by the author's routes and the back office's: start a
 * request's run, and send it an action. A refusal by the workflow is a 409 with its words; a run that has ended is a
 * 409 saying the request is closed; a Temporal that does not answer is a 503.
 */
@Injectable()
export class EliteWorkflowService {
  private readonly logger = new Logger(EliteWorkflowService.name);

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(Client) private readonly temporal: Client,
    private readonly em: EntityManager,
  ) {}

  /** Starts the request's run (idempotent by its id); throws when Temporal cannot take it. */
  async start(request: { id: string; userId: string; projectId: string | null; status: EliteStatus }, input: Omit<EliteInput, 'requestId' | 'durations' | 'state'>): Promise<void> {
    await this.temporal.workflow.start<typeof eliteRequestWorkflow>('eliteRequestWorkflow', {
      workflowId: eliteWorkflowId(request.id),
      taskQueue: this.config.TEMPORAL_TASK_QUEUE,
      args: [{ requestId: request.id, ...input, durations: { quoteValidFor: `${this.config.ELITE_QUOTE_VALID_DAYS} days`, paymentWindow: `${this.config.ELITE_PAYMENT_WINDOW_DAYS} days` } }],
      typedSearchAttributes: [
        { key: UserIdAttribute, value: request.userId },
        { key: StageAttribute, value: request.status },
        ...(request.projectId ? [{ key: ProjectIdAttribute, value: request.projectId }] : []),
      ],
    });
  }

  /**
   * Sends one action to the request's run and answers once the run has taken it (its validator accepted it), or done
   * it if that is quick. `actionId` (the caller's Idempotency-Key) is the update's id: the run does an action sent
   * twice with it once, and answers the repeat as the first.
   */
  async act(requestId: string, status: EliteStatus, request: EliteActRequest, actionId?: string): Promise<EliteActed> {
    try {
      const handle = this.temporal.workflow.getHandle<typeof eliteRequestWorkflow>(eliteWorkflowId(requestId));
      const update = await withTimeout(
        handle.startUpdate(actUpdate, { args: [request], waitForStage: WorkflowUpdateStage.ACCEPTED, ...(actionId ? { updateId: `${request.action}:${actionId}` } : {}) }),
        ACCEPT_TIMEOUT_MS,
        'Temporal',
      );
      // A refusal comes back with the acceptance stage already decided, so its result rejects at once.
      const outcome = update.result().then(
        () => null,
        (error: unknown) => error,
      );
      const settled = await Promise.race([outcome, sleep(SETTLE_MS, 'working' as const)]);
      if (settled === 'working') {
        void outcome.then((error) => error && this.logger.warn(`elite request ${requestId}: ${request.action} failed in its run: ${(error as Error).message}`));
        return 'working';
      }
      if (settled) throw settled;
      return 'done';
    } catch (error) {
      if (error instanceof WorkflowUpdateFailedError) throw new ConflictException(innermostMessage(error));
      // A closed request's run has ended (maybe by the action just before this one): its last state says why nothing more can be done.
      if (error instanceof WorkflowNotFoundError) {
        const ended = (await this.endedStatus(requestId)) ?? (isFinalEliteStatus(status) ? status : null);
        if (ended) throw new ConflictException(EliteRefusals.final(ended));
      }
      this.logger.error(`elite request ${requestId}: ${request.action} not delivered: ${(error as Error).message}`);
      throw new ServiceUnavailableException(EliteMessages.unavailable);
    }
  }

  /** Corrects the approved proof's address through the request's run; its refusal (printing started, say) is a 409 in its words. */
  async changeAddress(requestId: string, status: EliteStatus, change: EliteAddressChange): Promise<void> {
    try {
      const handle = this.temporal.workflow.getHandle<typeof eliteRequestWorkflow>(eliteWorkflowId(requestId));
      await withTimeout(handle.executeUpdate(changeEliteAddressUpdate, { args: [change] }), ACCEPT_TIMEOUT_MS, 'Temporal');
    } catch (error) {
      if (error instanceof WorkflowUpdateFailedError) throw new ConflictException(innermostMessage(error));
      if (error instanceof WorkflowNotFoundError && isFinalEliteStatus(status)) throw new ConflictException(EliteRefusals.final(status));
      this.logger.error(`elite request ${requestId}: address change not delivered: ${(error as Error).message}`);
      throw new ServiceUnavailableException(EliteMessages.unavailable);
    }
  }

  /** The final status an ended run left its request in (its projection row, which the run writes before it ends), or null when it cannot be told. */
  private async endedStatus(requestId: string): Promise<EliteStatus | null> {
    try {
      const request = await this.em.fork().findOne(EliteRequest, { id: requestId }, { fields: ['status'] });
      return request && isFinalEliteStatus(request.status) ? request.status : null;
    } catch {
      return null;
    }
  }
}
