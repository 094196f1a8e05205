import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, ForbiddenException, Injectable, Logger, NotFoundException, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import { BookRequest, User } from '../../../../libs/db/index.ts';
import { BookRequestAccountMessages, BookRequestMessages, bookRequestTransitionProblem, BookRequestStatusMessages, isUuid, type BookRequestStatus } from '../../../../libs/domain/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { BookRequestWorkflowService } from './book-request-workflow.service.ts';
import type { CreateBookRequestDto } from './book-requests.dto.ts';

const NOT_FOUND = 'Book request not found';

/** Book requests (the spec's form_submissions): stored here, then carried by their workflow until the team closes them. */
@Injectable()
export class BookRequestsService {
  private readonly logger = new Logger(BookRequestsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly workflow: BookRequestWorkflowService,
  ) {}

  /** The caller's requests, newest first; filtered on the server, never in the page. */
  list(user: AuthUser): Promise<BookRequest[]> {
    return this.em.fork().find(BookRequest, { user: user.id }, { orderBy: { createdAt: 'desc' }, limit: 200 });
  }

  /**
   * Stores a pending request and starts its workflow, which mails the author and support. The request carries the
   * account's own confirmed address, whatever the form's `email` says: the confirmation, which repeats what the author
   * wrote, goes nowhere else. A request that cannot be handed to its workflow is removed again and refused, so nothing
   * waits unseen.
   */
  async create(dto: CreateBookRequestDto, user: AuthUser | undefined): Promise<BookRequest> {
    if (!user) throw new UnauthorizedException(BookRequestMessages.signInRequired);
    const em = this.em.fork();
    const account = await em.findOneOrFail(User, { id: user.id });
    if (!account.email || !account.emailVerified) throw new ForbiddenException(BookRequestAccountMessages.verifiedEmailRequired);
    await this.touchUser(user);
    const createdAt = new Date();
    const request = em.create(BookRequest, {
      id: randomUUID(),
      user: account,
      name: dto.name.trim(),
      email: account.email,
      bookTopic: dto.book_topic.trim(),
      bookStyle: dto.book_style || null,
      bookDescription: dto.book_description.trim(),
      additionalNotes: dto.additional_notes?.trim() || null,
      status: 'pending',
      createdAt,
      statusHistory: [{ status: 'pending', by: account.email, at: createdAt.toISOString() }],
    });
    await em.flush();
    try {
      await this.workflow.start({ id: request.id, userId: user.id });
    } catch (error) {
      this.logger.error(`book request ${request.id}: its workflow did not start: ${(error as Error).message}`);
      await em.remove(request).flush();
      throw new ServiceUnavailableException(BookRequestMessages.failed);
    }
    return request;
  }

  /**
   * The spec upserts the users row (id, email, updated_at) before each submission. Here that row is the account
   * itself: its id and e-mail stay as they are (never taken from the form) and updated_at is refreshed. A failure is only logged.
   */
  private async touchUser(user: AuthUser): Promise<void> {
    try {
      await this.em.fork().nativeUpdate(User, { id: user.id }, { updatedAt: new Date() });
    } catch (error) {
      this.logger.warn(`users row of ${user.id} not updated: ${(error as Error).message}`);
    }
  }

  async find(id: string): Promise<BookRequest> {
    const request = isUuid(id) ? await this.em.fork().findOne(BookRequest, { id }) : null;
    if (!request) throw new NotFoundException(NOT_FOUND);
    return request;
  }

  /** A team member's status change, made by the request's workflow (its validator decides what is allowed). */
  async changeStatus(id: string, status: BookRequestStatus, by: string): Promise<BookRequest> {
    const request = await this.find(id);
    if ((await this.workflow.changeStatus(id, { status, by })) === 'ended') {
      // A completed or cancelled request's run has ended; the row says why no change is possible.
      const problem = bookRequestTransitionProblem(request.status, status);
      if (problem) throw new BadRequestException(problem);
      throw new ConflictException(BookRequestStatusMessages.noWorkflow);
    }
    return this.find(id);
  }
}
