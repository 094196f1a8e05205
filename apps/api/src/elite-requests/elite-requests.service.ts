import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException, UnauthorizedException, UnprocessableEntityException, type OnModuleInit } from '@nestjs/common';
import type { Config } from '../../../../libs/config/index.ts';
import type { EliteRequestData } from '../../../../libs/contracts/index.ts';
import { BookProject, EliteProjectDetails, EliteProof, EliteRequest, Payment, Profile, User, type GeneratorProject } from '../../../../libs/db/index.ts';
import { buyerAddress, EliteMessages, eliteStart, isEmailAddress, isUuid, OPEN_ELITE_STATUSES, ProjectMessages } from '../../../../libs/domain/index.ts';
import type { EliteActionPayload } from '../../../../workflows/elite/messages.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { AccountClaims } from '../common/account-claims.ts';
import { CONFIG } from '../config/config.module.ts';
import { ELITE_VIEW_POPULATE } from './elite-request.view.ts';
import { EliteWorkflowService, type EliteActed } from './elite-workflow.service.ts';
import type { CreateEliteRequestDto } from './elite-requests.dto.ts';

/** What the request data takes from the form (or the project details) rather than from the book. */
type RequestContact = Pick<
  EliteRequestData,
  'user_name' | 'user_email' | 'user_phone' | 'contact_method' | 'preferred_timeline' | 'print_quantity' | 'budget_range' | 'additional_requirements'
>;

/** A proof round as a route names it: a positive whole number the database can hold. */
const ROUND = /^[1-9]\d{0,5}$/;

/**
 * Elite Service requests on the author's side: opened on a completed book (or by the project details after an Elite fee
 * purchase), read, and moved along through their `elite-<id>` workflow. Every query is scoped to the caller: another
 * author's request is simply not found.
 */
@Injectable()
export class EliteRequestsService implements OnModuleInit {
  private readonly logger = new Logger(EliteRequestsService.name);

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly em: EntityManager,
    private readonly workflow: EliteWorkflowService,
    private readonly claims: AccountClaims,
  ) {}

  onModuleInit(): void {
    this.claims.onClaimed((userId) => this.openClaimed(userId));
  }

  /**
   * Stores the request with the §3 request data and starts its run. One open request per book: the check and the
   * insert hold the book's lock, so two submissions at once open one. A request whose run cannot start is removed
   * again and refused, so nothing waits unseen.
   */
  async create(dto: CreateEliteRequestDto, user: AuthUser | undefined): Promise<EliteRequest> {
    if (!user) throw new UnauthorizedException(EliteMessages.notLoggedIn);
    const em = this.em.fork();
    const [account, profile] = await Promise.all([em.findOne(User, user.id), em.findOne(Profile, { user: user.id })]);
    // The request is the author's to hear of: only the account's confirmed address, never one kept in the profile.
    const email = buyerAddress(null, account) ?? '';
    if (!isEmailAddress(email)) throw new UnprocessableEntityException(EliteMessages.noEmail);
    const book = isUuid(dto.book_id) ? await em.findOne(BookProject, { id: dto.book_id, user: user.id }, { populate: ['generatorProject'] }) : null;
    if (!book) throw new NotFoundException(ProjectMessages.notFound);
    if (book.generationStatus !== 'completed') throw new UnprocessableEntityException(EliteMessages.notCompleted);

    const project = book.generatorProject;
    const now = new Date();
    const contact = {
      userName: dto.user_name?.trim() || profile?.fullName?.trim() || email,
      userEmail: email,
      userPhone: dto.user_phone?.trim() || profile?.phone?.trim() || null,
      additionalRequirements: dto.additional_requirements?.trim() || null,
    };
    const requestData = this.requestData({ book, project }, {
      user_name: contact.userName,
      user_email: contact.userEmail,
      user_phone: contact.userPhone,
      contact_method: dto.contact_method,
      preferred_timeline: dto.preferred_timeline,
      print_quantity: dto.print_quantity,
      budget_range: dto.budget_range,
      additional_requirements: contact.additionalRequirements,
    }, now);
    const row = await em.transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`elite-request:book:${book.id}`]);
      if (await tx.count(EliteRequest, { bookProject: book.id, status: { $in: [...OPEN_ELITE_STATUSES] } })) throw new ConflictException(EliteMessages.alreadyOpen);
      return tx.create(EliteRequest, {
        id: randomUUID(),
        user: tx.getReference(User, user.id),
        bookProject: tx.getReference(BookProject, book.id),
        prepaid: false,
        topic: book.title,
        contactMethod: dto.contact_method,
        preferredTimeline: dto.preferred_timeline,
        printQuantity: dto.print_quantity,
        budgetRange: dto.budget_range,
        ...contact,
        requestData,
        createdAt: now,
        updatedAt: now,
      });
    });
    await this.startOrRemove(row, project.id, { prepaid: false, bookReady: Boolean(project.pdfKey && project.coverPdfKey) }, EliteMessages.failed);
    return this.owned(row.id, user);
  }

  /**
   * Elite project details sent signed out become the account's when it claims their payment (claimPurchases): each
   * then opens its request. A request that cannot start now is opened at a later sign-in.
   */
  async openClaimed(userId: string): Promise<void> {
    const em = this.em.fork();
    const details = await em.find(EliteProjectDetails, { user: userId, payment: { status: 'paid' } }, { populate: ['payment', 'user'] });
    for (const form of details) {
      if (await em.count(EliteRequest, { payment: form.payment.id })) continue;
      try {
        await this.openPrepaid(form, form.payment, EliteMessages.failed);
      } catch (error) {
        this.logger.warn(`elite project details ${form.id}: request not opened yet: ${(error as Error).message}`);
      }
    }
  }

  /**
   * The request the project details of an Elite fee purchase open: paid up front, without a book (its first revision
   * makes one), owned by the details' account. One per payment: a second form for the same payment opens none.
   * Details without an account open none (their buyer signed out and the payment has no account); the team still has
   * the details' mail. The request is the buyer's to hear of: it carries the payment's or the account's confirmed
   * address, never the one typed in the form (without either it waits for a later sign-in, like a claimed purchase).
   * Answers the request, or null when none was opened.
   */
  async openPrepaid(details: EliteProjectDetails, payment: Payment, failed: string): Promise<EliteRequest | null> {
    const owner = details.user?.id;
    if (!owner) return null;
    const em = this.em.fork();
    const email = buyerAddress(payment.email, await em.findOne(User, owner));
    if (!email) {
      this.logger.warn(`elite project details ${details.id}: no confirmed address of the buyer yet; the request opens once there is one`);
      return null;
    }
    const now = new Date();
    const requestData = this.requestData(null, {
      user_name: details.name,
      user_email: email,
      user_phone: null,
      contact_method: 'email',
      preferred_timeline: details.timeline ?? null,
      print_quantity: null,
      budget_range: null,
      additional_requirements: details.additionalNotes ?? null,
    }, now);
    const row = await em.transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`elite-request:payment:${payment.id}`]);
      if (await tx.count(EliteRequest, { payment: payment.id })) return null;
      return tx.create(EliteRequest, {
        id: randomUUID(),
        user: tx.getReference(User, owner),
        bookProject: null,
        projectDetails: tx.getReference(EliteProjectDetails, details.id),
        payment: tx.getReference(Payment, payment.id),
        prepaid: true,
        // As the workflow starts it (the projection shows it at once).
        ...eliteStart(true),
        topic: details.bookTopic,
        contactMethod: 'email',
        preferredTimeline: details.timeline ?? null,
        printQuantity: null,
        budgetRange: null,
        additionalRequirements: details.additionalNotes ?? null,
        userName: details.name,
        userEmail: email,
        userPhone: null,
        requestData,
        paidAt: payment.paidAt ?? now,
        createdAt: now,
        updatedAt: now,
      });
    });
    if (!row) return null;
    await this.startOrRemove(row, null, { prepaid: true, bookReady: false }, failed);
    return row;
  }

  /** `projectId`: the book's generator project, the id its book-… and package-… runs are found by too. */
  private async startOrRemove(row: EliteRequest, projectId: string | null, input: { prepaid: boolean; bookReady: boolean }, failed: string): Promise<void> {
    try {
      await this.workflow.start({ id: row.id, userId: row.user.id, projectId, status: row.status }, input);
    } catch (error) {
      this.logger.error(`elite request ${row.id}: its workflow did not start: ${(error as Error).message}`);
      await this.em.fork().nativeDelete(EliteRequest, { id: row.id });
      throw new ServiceUnavailableException(failed);
    }
  }

  /** The §3 request data: the book's facts and links (none for a prepaid request, which has no book yet) and the contact's choices. */
  private requestData(of: { book: BookProject; project: GeneratorProject } | null, contact: RequestContact, now: Date): EliteRequestData {
    const bookFile = (kind: string) => (of ? this.portalUrl(`/api/book-projects/${of.book.id}/download/${kind}`) : null);
    return {
      book_id: of?.book.id ?? null,
      book_title: of?.book.title ?? null,
      book_author: of?.book.author ?? null,
      book_idea: of?.book.bookIdea ?? null,
      book_created: of?.book.createdAt.toISOString() ?? null,
      pdf_available: Boolean(of?.project.pdfKey),
      cover_available: Boolean(of?.project.coverPdfKey),
      ...contact,
      request_date: now.toISOString(),
      dashboard_url: this.portalUrl('/dashboard'),
      book_pdf_url: of?.project.pdfKey ? bookFile('pdf') : null,
      book_cover_url: of?.project.coverPdfKey ? bookFile('cover-pdf') : null,
    };
  }

  private portalUrl(path: string): string {
    return new URL(path, this.config.PORTAL_URL).href;
  }

  /** The caller's requests, newest first. */
  list(user: AuthUser): Promise<EliteRequest[]> {
    return this.em.fork().find(EliteRequest, { user: user.id }, { populate: ELITE_VIEW_POPULATE, orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 });
  }

  /** `id` has passed the routes' UUID pipe. */
  async owned(id: string, user: AuthUser): Promise<EliteRequest> {
    const row = await this.em.fork().findOne(EliteRequest, { id, user: user.id }, { populate: ELITE_VIEW_POPULATE });
    if (!row) throw new NotFoundException(EliteMessages.notFound);
    return row;
  }

  /**
   * Sends the author's action to the request's run (refused there with the domain's words) and answers the request as
   * it stands once the run took it, and whether the run is still carrying it out. `actionId`: the caller's
   * Idempotency-Key. The address a proof is approved with was checked by its DTO, as the print wizard's is.
   */
  async act(id: string, user: AuthUser, payload: EliteActionPayload, actionId?: string): Promise<{ row: EliteRequest; acted: EliteActed }> {
    const row = await this.owned(id, user);
    const acted = await this.workflow.act(row.id, row.status, { ...payload, actor: { id: user.id, email: user.email ?? row.userEmail, role: 'author' } }, actionId);
    return { row: await this.owned(id, user), acted };
  }

  /** One proof round of the caller's request. */
  async proof(id: string, round: string, user: AuthUser): Promise<{ request: EliteRequest; proof: EliteProof }> {
    const request = await this.owned(id, user);
    const proof = ROUND.test(round) ? await this.em.fork().findOne(EliteProof, { request: request.id, round: Number(round) }) : null;
    if (!proof) throw new NotFoundException(ProjectMessages.fileNotFound);
    return { request, proof };
  }
}
