import { ConflictException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { Client, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import type { Config } from '../../../../libs/config/index.ts';
import { EliteMessages, EliteRefusals, eliteWorkflowId, innermostMessage, isFinalEliteStatus, type EliteStatus } from '../../../../libs/domain/index.ts';
import { actUpdate, type EliteActRequest, type EliteInput, type EliteState } from '../../../../workflows/elite/messages.ts';
import type { eliteRequestWorkflow } from '../../../../workflows/elite/workflow.ts';
import { ProjectIdAttribute, StageAttribute, UserIdAttribute } from '../../../../workflows/search-attributes.ts';
import { withTimeout } from '../common/with-timeout.ts';
import { CONFIG } from '../config/config.module.ts';

/** An update waits for the action to be recorded (a few activities); a Temporal that takes longer is treated as down. */
const UPDATE_TIMEOUT_MS = 30_000;

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

  /** Sends one action to the request's run and answers the state it left the request in. */
  async act(requestId: string, status: EliteStatus, request: EliteActRequest): Promise<EliteState> {
    try {
      const handle = this.temporal.workflow.getHandle<typeof eliteRequestWorkflow>(eliteWorkflowId(requestId));
      return await withTimeout(handle.executeUpdate(actUpdate, { args: [request] }), UPDATE_TIMEOUT_MS, 'Temporal');
    } catch (error) {
      if (error instanceof WorkflowUpdateFailedError) throw new ConflictException(innermostMessage(error));
      // A closed request's run has ended; the projection says why nothing more can be done.
      if (error instanceof WorkflowNotFoundError && isFinalEliteStatus(status)) throw new ConflictException(EliteRefusals.final(status));
      this.logger.error(`elite request ${requestId}: ${request.action} not delivered: ${(error as Error).message}`);
      throw new ServiceUnavailableException(EliteMessages.unavailable);
    }
  }
}
