import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import type { Response } from 'express';
import type { Config } from '../../../../../libs/config/index.ts';
import type { EliteRequestAdminView } from '../../../../../libs/contracts/index.ts';
import { EliteProof, EliteQuote, EliteRequest, EliteRevision, Payment, Profile } from '../../../../../libs/db/index.ts';
import {
  BACK_OFFICE_ROLES,
  DEFAULT_POD_PACKAGE_ID,
  DEFAULT_PRINT_PAGE_COUNT,
  defaultProductFor,
  ELITE_MANUSCRIPT_TYPES,
  ELITE_STATUSES,
  eliteFileKey,
  EliteMessages,
  eliteWorkflowId,
  isUuid,
  OPEN_ELITE_STATUSES,
  parseManuscript,
  printProduct,
  productMismatch,
  type EliteActor,
  type EliteStatus,
  type ShippingLevel,
} from '../../../../../libs/domain/index.ts';
import { ownWrapMismatch } from '../../../../../libs/print/index.ts';
import type { UploadedFile } from '../../../../../libs/sources/ingest.ts';
import { StorageService } from '../../../../../libs/storage/index.ts';
import type { EliteActionPayload } from '../../../../../workflows/elite/messages.ts';
import { paymentNames, toPaymentView } from '../../account-payments/account-payments.module.ts';
import type { AuthUser } from '../../common/auth.types.ts';
import { CONFIG } from '../../config/config.module.ts';
import { ELITE_VIEW_POPULATE, eliteQuoteView, EliteWorkflowService, loadEliteRequestViews, sendEliteProofFile, type EliteActed, type EliteProofFile, type EliteProofUrls } from '../../elite-requests/elite-requests.module.ts';
import { sendObject } from '../../common/project-files.ts';
import { ilikePattern } from '../../common/ilike.ts';
import type { ListQuery } from '../simple-rest.ts';
import { workflowLink } from '../workflow-link.ts';

export const ELITE_SORTABLE = { created_at: 'createdAt', updated_at: 'updatedAt', status: 'status', due_at: 'dueAt' } as const;
const POPULATE = [...ELITE_VIEW_POPULATE, 'assignee', 'user'] as const;
/** "Due soon": a promise not yet met falls due within this. */
const DUE_SOON_MS = 24 * 3600_000;
/** A proof round as a route names it: a positive whole number the database can hold. */
const PROOF_ROUND = /^[1-9]\d{0,5}$/;
const MANUSCRIPT_CONTENT_TYPE = 'text/markdown; charset=utf-8';

const adminBase = (id: string) => `/api/admin/elite-requests/${id}`;
const adminProofUrls =
  (id: string): EliteProofUrls =>
  (round) => ({ pdf_url: `${adminBase(id)}/proofs/${round}/pdf`, cover_url: `${adminBase(id)}/proofs/${round}/cover` });

/** A file name safe for a storage key and a Content-Disposition header: letters, digits, dot, dash and underscore. */
function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const ext = extname(base).toLowerCase();
  const stem = base.slice(0, base.length - ext.length).replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 100);
  return `${stem || 'manuscript'}${ext}`;
}

function booleanFilter(filter: ListQuery['filter'], name: string): boolean | undefined {
  const value = filter[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'boolean') throw new BadRequestException(`filter.${name} must be true or false`);
  return value;
}

function statusFilter(value: unknown): EliteStatus[] | undefined {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return undefined;
  const statuses = Array.isArray(value) ? value : [value];
  if (!statuses.every((s) => typeof s === 'string' && (ELITE_STATUSES as readonly string[]).includes(s))) {
    throw new BadRequestException(`filter.status must be one or several of ${ELITE_STATUSES.join(', ')}`);
  }
  return statuses as EliteStatus[];
}

/** The filters of the back office's list of Elite requests (react-admin's filter object). */
function listWhere(filter: ListQuery['filter'], now: Date): FilterQuery<EliteRequest> {
  const and: FilterQuery<EliteRequest>[] = [];
  const like = ilikePattern(filter.q);
  if (like) {
    const id = String(filter.q).trim();
    and.push({ $or: [{ topic: { $ilike: like } }, { userEmail: { $ilike: like } }, { userName: { $ilike: like } }, { user: { email: { $ilike: like } } }, ...(isUuid(id) ? [{ id }] : [])] });
  }
  const statuses = statusFilter(filter.status);
  if (statuses) and.push({ status: { $in: statuses } });
  const assignee = filter.assignee_id;
  if (assignee !== undefined && assignee !== '') {
    if (assignee === 'none') and.push({ assignee: null });
    else if (typeof assignee === 'string' && isUuid(assignee)) and.push({ assignee: assignee });
    else throw new BadRequestException("filter.assignee_id must be a user id or 'none'");
  }
  const breached = booleanFilter(filter, 'sla_breached');
  if (breached !== undefined) and.push({ slaBreached: breached });
  const dueSoon = booleanFilter(filter, 'due_soon');
  if (dueSoon !== undefined) {
    // dueAt is the earliest promise not yet met; one already past its time is all the more due.
    const soon = new Date(now.getTime() + DUE_SOON_MS);
    const open = [...OPEN_ELITE_STATUSES];
    and.push(dueSoon ? { status: { $in: open }, dueAt: { $lte: soon } } : { $or: [{ status: { $nin: open } }, { dueAt: null }, { dueAt: { $gt: soon } }] });
  }
  if (Array.isArray(filter.id)) and.push({ id: { $in: filter.id.map(String).filter(isUuid) } });
  return and.length ? { $and: and } : {};
}

/**
 * The back office's side of Elite requests: the list and the full view (the author's view of elite-request.view.ts
 * for the team, plus the author's id, the assignee, every quote, the payments, the request data as submitted, the
 * revisions and the run), and the team's actions, each sent to the request's workflow with who takes it.
 */
@Injectable()
export class AdminEliteRequestsService {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly em: EntityManager,
    private readonly storage: StorageService,
    private readonly workflow: EliteWorkflowService,
  ) {}

  async list(query: ListQuery): Promise<{ views: EliteRequestAdminView[]; total: number }> {
    const em = this.em.fork();
    const { sort, offset, limit, filter } = query;
    const [rows, total] = await em.findAndCount(EliteRequest, listWhere(filter, new Date()), {
      populate: POPULATE,
      orderBy: { [ELITE_SORTABLE[sort.field as keyof typeof ELITE_SORTABLE]]: `${sort.order.toLowerCase()} nulls last`, id: 'asc' },
      offset,
      limit,
    });
    return { views: await this.views(em, rows), total };
  }

  async show(id: string): Promise<EliteRequestAdminView> {
    const em = this.em.fork();
    return (await this.views(em, [await this.find(em, id)]))[0] as EliteRequestAdminView;
  }

  /**
   * Sends one of the team's actions to the request's run (a refusal is a 409 with its words); answers the request as
   * it stands once the run took it, `working` while the run is still carrying it out. `actionId`: the Idempotency-Key.
   */
  async act(id: string, user: AuthUser, payload: EliteActionPayload, actionId?: string): Promise<EliteRequestAdminView> {
    const row = await this.find(this.em.fork(), id);
    const acted = await this.workflow.act(row.id, row.status, { ...payload, actor: actorOf(user) }, actionId);
    return this.answer(id, acted);
  }

  private async answer(id: string, acted: EliteActed): Promise<EliteRequestAdminView> {
    const view = await this.show(id);
    return acted === 'working' ? { ...view, working: true } : view;
  }

  /**
   * Orders the agreed copies: the product the team chose, or the book's own (its trim, black and white on its paper).
   * A product the book is not set for, or one the author's own wrap does not fit, is refused here, with the words that
   * say why, before the run orders anything.
   */
  async startPrinting(id: string, user: AuthUser, order: { podPackageId?: string; shippingLevel: ShippingLevel }, actionId?: string): Promise<EliteRequestAdminView> {
    const project = (await this.find(this.em.fork(), id)).bookProject?.generatorProject;
    const product = order.podPackageId ? printProduct(order.podPackageId) : project && defaultProductFor(project);
    const pageCount = project?.pageCount ?? DEFAULT_PRINT_PAGE_COUNT;
    const mismatch = product && project ? (productMismatch(product, project) ?? ownWrapMismatch(project.coverUpload, product.spec.pod_package_id, pageCount)) : null;
    if (mismatch) throw new UnprocessableEntityException(mismatch);
    return this.act(id, user, { action: 'start_printing', podPackageId: product?.spec.pod_package_id ?? DEFAULT_POD_PACKAGE_ID, shippingLevel: order.shippingLevel }, actionId);
  }

  /** Assigns the request to a member of the team (an elite_team or admin account). */
  async assign(id: string, user: AuthUser, assigneeId: string, actionId?: string): Promise<EliteRequestAdminView> {
    const profile = await this.em.fork().findOne(Profile, { user: assigneeId }, { populate: ['user'] });
    const email = profile?.user.email;
    if (!profile || !BACK_OFFICE_ROLES.includes(profile.role) || !email) throw new UnprocessableEntityException(EliteMessages.notTeam);
    return this.act(id, user, { action: 'assign', assignee: { id: assigneeId, email } }, actionId);
  }

  /**
   * Keeps a revised manuscript (its own copy in storage and an elite_revisions row) and sends it to the request's
   * run, which applies it to the book and rebuilds it. Refused there, nothing of it is kept.
   */
  async uploadRevision(id: string, user: AuthUser, files: UploadedFile[] | undefined, actionId?: string): Promise<EliteRequestAdminView> {
    const em = this.em.fork();
    const row = await this.find(em, id);
    const file = files?.[0];
    if (!file) throw new BadRequestException('Attach the revised manuscript as the multipart file field "manuscript"');
    if (!(ELITE_MANUSCRIPT_TYPES as readonly string[]).includes(extname(file.originalname).toLowerCase())) throw new UnprocessableEntityException(EliteMessages.manuscriptType);
    // Read here as the workflow's activity will read it: a manuscript it would refuse is not kept at all.
    const { problem } = parseManuscript(file.buffer);
    if (problem) throw new UnprocessableEntityException(problem);
    const actor = actorOf(user);
    const revisionId = randomUUID();
    const filename = safeFilename(file.originalname);
    const key = eliteFileKey({ id: row.id, userId: row.user.id }, `revisions/${revisionId}/${filename}`);
    await this.storage.put(key, file.buffer, MANUSCRIPT_CONTENT_TYPE, file.size);
    const revision = em.create(EliteRevision, { id: revisionId, request: row, manuscriptKey: key, filename, by: actor.email, at: new Date() });
    let acted: EliteActed;
    try {
      await em.flush();
      acted = await this.workflow.act(row.id, row.status, { action: 'upload_revision', revisionId, filename, actor }, actionId);
    } catch (error) {
      await em.fork().nativeDelete(EliteRevision, { id: revision.id });
      await this.storage.delete(key);
      throw error;
    }
    return this.answer(id, acted);
  }

  async sendProofFile(res: Response, id: string, round: string, file: EliteProofFile): Promise<void> {
    const em = this.em.fork();
    const row = await this.find(em, id);
    const proof = PROOF_ROUND.test(round) ? await em.findOne(EliteProof, { request: row.id, round: Number(round) }) : null;
    if (!proof) throw new NotFoundException(`No proof round ${round} of this request`);
    await sendEliteProofFile(res, this.storage, row, proof, file);
  }

  async sendManuscript(res: Response, id: string, revisionId: string): Promise<void> {
    const revision = await this.em.fork().findOne(EliteRevision, { id: revisionId, request: id });
    if (!revision) throw new NotFoundException('No such revision of this request');
    await sendObject(res, this.storage, revision.manuscriptKey, { type: MANUSCRIPT_CONTENT_TYPE, name: revision.filename });
  }

  private async find(em: EntityManager, id: string): Promise<EliteRequest> {
    const row = await em.findOne(EliteRequest, { id }, { populate: POPULATE });
    if (!row) throw new NotFoundException(EliteMessages.notFound);
    return row;
  }

  private async views(em: EntityManager, rows: EliteRequest[]): Promise<EliteRequestAdminView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const upFront = rows.flatMap((row) => (row.payment ? [row.payment.id] : []));
    const [base, quotes, revisions, payments] = await Promise.all([
      loadEliteRequestViews(em, rows, 'team', (row) => adminProofUrls(row.id)),
      em.find(EliteQuote, { request: { $in: ids } }, { orderBy: { sentAt: 'desc', id: 'desc' } }),
      em.find(EliteRevision, { request: { $in: ids } }, { orderBy: { at: 'asc', id: 'asc' } }),
      em.find(Payment, { $or: [{ eliteRequestId: { $in: ids } }, { id: { $in: upFront } }] }, { orderBy: { createdAt: 'asc', id: 'asc' } }),
    ]);
    const names = await paymentNames(em, payments);
    return rows.map((row, i) => {
      const view = base[i] as (typeof base)[number];
      const mine = payments.filter((p) => p.eliteRequestId === row.id || p.id === row.payment?.id);
      return {
        ...view,
        user_id: row.user.id,
        assignee: row.assignee ? { id: row.assignee.id, email: row.assignee.email ?? '' } : null,
        quotes: quotes.filter((q) => q.request.id === row.id).map(eliteQuoteView),
        payments: mine.map((p) => toPaymentView(p, names.get(p.id) ?? '', undefined)),
        request_data: row.requestData,
        revisions: revisions
          .filter((r) => r.request.id === row.id)
          .map((r) => ({ id: r.id, filename: r.filename, by: r.by, at: r.at.toISOString(), chapters: r.chapters ?? null, package_run: r.packageRun ?? null })),
        workflow: workflowLink(this.config, eliteWorkflowId(row.id)),
      };
    });
  }
}

const actorOf = (user: AuthUser): EliteActor => ({ id: user.id, email: user.email ?? user.id, role: 'team' });
