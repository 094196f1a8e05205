import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { Client, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import type { Config } from '../../../../libs/config/index.ts';
import { bookRequestWorkflowId, innermostMessage, type BookRequestStatus } from '../../../../libs/domain/index.ts';
import { changeStatusUpdate } from '../../../../workflows/book-request/messages.ts';
import type { bookRequestWorkflow } from '../../../../workflows/book-request/workflow.ts';
import { UserIdAttribute } from '../../../../workflows/search-attributes.ts';
import { CONFIG } from '../config/config.module.ts';

/**
 * The one door from the API to `book-request-<id>` runs: start a request's run, and hand it a team member's status
 * change (its validator decides what is allowed; a refusal is a 400 in its words). A run that has ended is answered
 * 'ended', for the caller to say what that means.
 */
@Injectable()
export class BookRequestWorkflowService {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(Client) private readonly temporal: Client,
  ) {}

  /** Starts the request's run; throws when Temporal cannot take it. */
  async start(request: { id: string; userId: string }): Promise<void> {
    await this.temporal.workflow.start<typeof bookRequestWorkflow>('bookRequestWorkflow', {
      workflowId: bookRequestWorkflowId(request.id),
      taskQueue: this.config.TEMPORAL_TASK_QUEUE,
      args: [{ requestId: request.id }],
      typedSearchAttributes: [{ key: UserIdAttribute, value: request.userId }],
    });
  }

  async changeStatus(id: string, change: { status: BookRequestStatus; by: string }): Promise<'changed' | 'ended'> {
    try {
      await this.temporal.workflow.getHandle<typeof bookRequestWorkflow>(bookRequestWorkflowId(id)).executeUpdate(changeStatusUpdate, { args: [change] });
      return 'changed';
    } catch (error) {
      if (error instanceof WorkflowUpdateFailedError) throw new BadRequestException(innermostMessage(error));
      if (error instanceof WorkflowNotFoundError) return 'ended';
      throw error;
    }
  }
}
