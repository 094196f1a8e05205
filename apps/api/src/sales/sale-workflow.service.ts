import { Inject, Injectable } from '@nestjs/common';
import { Client } from '@temporalio/client';
import type { Config } from '../../../../libs/config/index.ts';
import { mailWorkflowId, saleWorkflowId, type EditionKindValue } from '../../../../libs/domain/index.ts';
import type { mailWorkflow } from '../../../../workflows/notify/workflow.ts';
import type { saleWorkflow } from '../../../../workflows/sale/workflow.ts';
import { UserIdAttribute } from '../../../../workflows/search-attributes.ts';
import { CONFIG } from '../config/config.module.ts';

/** The one door from the API to `sale-<saleId>` runs and the mails of a sale. */
@Injectable()
export class SaleWorkflowService {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(Client) private readonly temporal: Client,
  ) {}

  /** Starts the sale's run (findable by its author in the Temporal UI); throws when Temporal cannot take it. */
  async start(sale: { id: string; edition: EditionKindValue; authorId: string | null }): Promise<void> {
    await this.temporal.workflow.start<typeof saleWorkflow>('saleWorkflow', {
      workflowId: saleWorkflowId(sale.id),
      taskQueue: this.config.TEMPORAL_TASK_QUEUE,
      args: [{ saleId: sale.id, edition: sale.edition }],
      ...(sale.authorId ? { typedSearchAttributes: [{ key: UserIdAttribute, value: sale.authorId }] } : {}),
    });
  }

  /** Mails fresh links to a delivered e-book sale's buyer (one message per request: `resendId`). */
  async mailLinks(saleId: string, resendId: string): Promise<void> {
    const id = `${saleId}:${resendId}`;
    await this.temporal.workflow.start<typeof mailWorkflow>('mailWorkflow', {
      workflowId: mailWorkflowId('sale-ebook', id),
      taskQueue: this.config.TEMPORAL_TASK_QUEUE,
      args: ['sale-ebook', id],
    });
  }
}
