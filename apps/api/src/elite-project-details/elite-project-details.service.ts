import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenException, Inject, Injectable, Logger, ServiceUnavailableException, UnauthorizedException, UnprocessableEntityException } from '@nestjs/common';
import { Client } from '@temporalio/client';
import type { Config } from '../../../../libs/config/index.ts';
import type { EliteProjectDetailsResponse } from '../../../../libs/contracts/index.ts';
import { EliteProjectDetails, Payment, User } from '../../../../libs/db/index.ts';
import { EliteDetailsMessages, eliteDetailsProblems, mailWorkflowId, productsGranting } from '../../../../libs/domain/index.ts';
import type { mailWorkflow } from '../../../../workflows/notify/workflow.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CONFIG } from '../config/config.module.ts';
import { EliteRequestsService } from '../elite-requests/elite-requests.module.ts';
import type { EliteProjectDetailsDto } from './elite-project-details.dto.ts';
import { eliteHiddenFields } from './hidden-fields.ts';

const submitted = (id: string): EliteProjectDetailsResponse => ({ id, message: EliteDetailsMessages.submitted });

/** The Elite buyer's project details: checked, tied to the paid Elite payment they follow, stored, and mailed. */
@Injectable()
export class EliteProjectDetailsService {
  private readonly logger = new Logger(EliteProjectDetailsService.name);

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly em: EntityManager,
    private readonly temporal: Client,
    private readonly requests: EliteRequestsService,
  ) {}

  async submitDetails(dto: EliteProjectDetailsDto, user: AuthUser | undefined): Promise<EliteProjectDetailsResponse> {
    // A filled honeypot is a bot: it is told what a person is told, and nothing is kept or sent.
    if (dto.botField?.trim()) return submitted(randomUUID());

    const form = { name: (dto.name ?? '').trim(), email: (dto.email ?? '').trim(), bookTopic: (dto.bookTopic ?? '').trim(), bookDescription: (dto.bookDescription ?? '').trim() };
    const details = Object.entries(eliteDetailsProblems(form)).map(([field, message]) => ({ field, messages: [message] }));
    if (details.length) throw new UnprocessableEntityException({ message: details[0]?.messages[0], details });

    const payment = await this.elitePayment(dto.sessionId, user);
    const em = this.em.fork();
    const now = new Date();
    const owner = user?.id ?? payment.user?.id;
    const row = em.create(EliteProjectDetails, {
      id: randomUUID(),
      user: owner ? em.getReference(User, owner) : null,
      payment: em.getReference(Payment, payment.id),
      ...form,
      timeline: dto.timeline?.trim() || null,
      additionalNotes: dto.additionalNotes?.trim() || null,
      hidden: eliteHiddenFields(form, payment, payment.email ?? user?.email ?? form.email, now),
      createdAt: now,
    });
    await em.flush();
    try {
      await this.temporal.workflow.start<typeof mailWorkflow>('mailWorkflow', {
        workflowId: mailWorkflowId('elite-details', row.id),
        taskQueue: this.config.TEMPORAL_TASK_QUEUE,
        args: ['elite-details', row.id],
      });
    } catch (error) {
      // Without its mail nobody would hear of these details: refuse them, so the buyer sends them again.
      this.logger.error(`Elite project details ${row.id}: mail workflow did not start: ${(error as Error).message}`);
      await em.remove(row).flush();
      throw new ServiceUnavailableException(EliteDetailsMessages.failed);
    }
    // The purchase's request, paid up front: opened by the first details of the payment (sent again, they open it if it failed).
    await this.requests.openPrepaid(row, payment, EliteDetailsMessages.failed);
    return submitted(row.id);
  }

  /**
   * The paid Elite payment these details follow: the Checkout Session named (a signed-out buyer on /success has only
   * that), or else the caller's latest. A session paid from an account is that account's alone to use.
   */
  private async elitePayment(sessionId: string | undefined, user: AuthUser | undefined): Promise<Payment> {
    const em = this.em.fork();
    const paidElite = { status: 'paid' as const, productId: { $in: productsGranting('elite') } };
    const payment = sessionId
      ? await em.findOne(Payment, { stripeSessionId: sessionId, ...paidElite })
      : user
        ? await em.findOne(Payment, { user: user.id, ...paidElite }, { orderBy: { paidAt: 'desc nulls last', createdAt: 'desc' } })
        : null;
    if (!payment || (user && payment.user && payment.user.id !== user.id)) throw new ForbiddenException(EliteDetailsMessages.noElitePayment);
    // A purchase made from an account takes details from that account only: its session id (in /success's address) is no key.
    if (!user && payment.user) throw new UnauthorizedException(EliteDetailsMessages.signInRequired);
    return payment;
  }
}
