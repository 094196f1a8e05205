import { ConflictException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { Client, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import type { Config } from '../../../../libs/config/index.ts';
import { AddressBookMessages, innermostMessage, PrintMessages, printOrderWorkflowId } from '../../../../libs/domain/index.ts';
import { changeAddressUpdate, providerChangedSignal, refreshSignal, type PrintAddressChange } from '../../../../workflows/print-order/messages.ts';
import type { printOrderWorkflow } from '../../../../workflows/print-order/workflow.ts';
import { ProjectIdAttribute, UserIdAttribute } from '../../../../workflows/search-attributes.ts';
import { withTimeout } from '../common/with-timeout.ts';
import { CONFIG } from '../config/config.module.ts';

/** A signal is one short call; a Temporal that does not answer within this is treated as down. */
const SIGNAL_TIMEOUT_MS = 10_000;

/** Whether a signal reached the order's run, or found it ended (an order whose run has ended has nothing left to do). */
export type PrintOrderSignalled = 'signalled' | 'ended';

/**
 * The one door from the API to `print-<orderId>` runs: start an order's run, and ask it to fetch the provider's
 * status (a refresh, or the provider's webhook naming its job). A run that has ended is answered 'ended', for the
 * caller to say what that means on its route; a Temporal that does not answer is a 503.
 */
@Injectable()
export class PrintOrderWorkflowService {
  private readonly logger = new Logger(PrintOrderWorkflowService.name);

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(Client) private readonly temporal: Client,
  ) {}

  /** Starts the order's run; throws when Temporal cannot take it. */
  async start(order: { id: string; userId: string; generatorProjectId: string }): Promise<void> {
    await this.temporal.workflow.start<typeof printOrderWorkflow>('printOrderWorkflow', {
      workflowId: printOrderWorkflowId(order.id),
      taskQueue: this.config.TEMPORAL_TASK_QUEUE,
      args: [{ orderId: order.id }],
      typedSearchAttributes: [
        // The generator project's id, as the book's own book-… and package-… runs have it.
        { key: ProjectIdAttribute, value: order.generatorProjectId },
        { key: UserIdAttribute, value: order.userId },
      ],
    });
  }

  /** Asks the order's run to fetch the provider's status now; it writes any change to the order. */
  refresh(orderId: string): Promise<PrintOrderSignalled> {
    return this.signal(orderId, 'refresh', (handle) => handle.signal(refreshSignal));
  }

  /** Tells the order's run that the provider changed its job; the run reads the job from the provider. */
  providerChanged(orderId: string, jobId: string): Promise<PrintOrderSignalled> {
    return this.signal(orderId, `the provider's change of job ${jobId}`, (handle) => handle.signal(providerChangedSignal, { jobId }));
  }

  /**
   * Corrects the order's address through its run (written by the run's activity). Refused with a 409 in the run's
   * words once the job was submitted to the printer, or when the run has ended.
   */
  async changeAddress(orderId: string, change: PrintAddressChange): Promise<void> {
    try {
      const handle = this.temporal.workflow.getHandle<typeof printOrderWorkflow>(printOrderWorkflowId(orderId));
      await withTimeout(handle.executeUpdate(changeAddressUpdate, { args: [change] }), SIGNAL_TIMEOUT_MS * 2, 'Temporal');
    } catch (error) {
      if (error instanceof WorkflowUpdateFailedError) throw new ConflictException(innermostMessage(error));
      if (error instanceof WorkflowNotFoundError) throw new ConflictException(AddressBookMessages.changeRefused);
      this.logger.error(`print order ${orderId}: address change not delivered: ${(error as Error).message}`);
      throw new ServiceUnavailableException(PrintMessages.unavailable);
    }
  }

  private async signal(orderId: string, what: string, send: (handle: ReturnType<Client['workflow']['getHandle']>) => Promise<void>): Promise<PrintOrderSignalled> {
    try {
      await withTimeout(send(this.temporal.workflow.getHandle(printOrderWorkflowId(orderId))), SIGNAL_TIMEOUT_MS, 'Temporal');
      return 'signalled';
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return 'ended';
      this.logger.error(`print order ${orderId}: ${what} not delivered: ${(error as Error).message}`);
      throw new ServiceUnavailableException(PrintMessages.unavailable);
    }
  }
}
