import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Config } from '../../../../libs/config/index.ts';
import { FULFILLED_EVENT_TYPES, paymentWorkflowId, WebhookMessages } from '../../../../libs/domain/index.ts';
import { verifyStripeEvent, type Stripe } from '../../../../libs/payments/index.ts';
import type { paymentWorkflow } from '../../../../workflows/payment/workflow.ts';
import { CONFIG } from '../config/config.module.ts';

/** Ids and types are stored in varchar(255) columns; Stripe's are far shorter. */
const MAX_ID_LENGTH = 255;
const isFulfilled = (type: string) => (FULFILLED_EVENT_TYPES as readonly string[]).includes(type);

/**
 * Stripe's webhook: verify the signature, store the event once by its id, and start its fulfilment once. Stripe
 * retries an event until it is answered 2xx, so a crash between storing and starting is healed by the retry, and a
 * replayed event finds both done.
 */
@Injectable()
export class WebhookService {
  private readonly logger = new Logger(WebhookService.name);

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly em: EntityManager,
    @Inject(Client) private readonly temporal: Client,
  ) {}

  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true }> {
    const secret = this.config.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new ServiceUnavailableException(WebhookMessages.notConfigured);
    const event = this.verify(rawBody, signature, secret);
    await this.em.execute('insert into stripe_events (id, type, payload, received_at) values (?, ?, ?, now()) on conflict (id) do nothing', [
      event.id,
      event.type,
      JSON.stringify(event),
    ]);
    if (isFulfilled(event.type)) await this.fulfil(event.id);
    return { received: true };
  }

  private verify(rawBody: Buffer | undefined, signature: string | undefined, secret: string): Stripe.Event {
    let event: Stripe.Event;
    try {
      if (!rawBody || !signature) throw new Error('no body or no signature');
      event = verifyStripeEvent(rawBody, signature, secret);
    } catch {
      throw new BadRequestException(WebhookMessages.badSignature);
    }
    const { id, type } = event as { id?: unknown; type?: unknown };
    const usable = (value: unknown) => typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH;
    if (!usable(id) || !usable(type)) throw new BadRequestException(WebhookMessages.malformed);
    return event;
  }

  private async fulfil(eventId: string): Promise<void> {
    try {
      await this.temporal.workflow.start<typeof paymentWorkflow>('paymentWorkflow', {
        workflowId: paymentWorkflowId(eventId),
        taskQueue: this.config.TEMPORAL_TASK_QUEUE,
        args: [eventId],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
      });
    } catch (error) {
      if (error instanceof WorkflowExecutionAlreadyStartedError) return;
      // The event is stored; a non-2xx makes Stripe deliver it again, and that delivery starts the workflow.
      this.logger.error(`starting the payment workflow for ${eventId} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new ServiceUnavailableException(WebhookMessages.retryLater);
    }
  }
}
