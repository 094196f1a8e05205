import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Response } from 'express';
import type { Config } from '../../../../../libs/config/index.ts';
import type { AdminBookView } from '../../../../../libs/contracts/index.ts';
import { BookProject, GeneratorProject } from '../../../../../libs/db/index.ts';
import { bookWorkflowId, isUuid, ONE_SHOT_STAGES, packageWorkflowId, PROVIDER_IDS, type BookFileKind, type Stage } from '../../../../../libs/domain/index.ts';
import { StorageService } from '../../../../../libs/storage/index.ts';
import { ilikePattern } from '../../common/ilike.ts';
import { CONFIG } from '../../config/config.module.ts';
import { sendPreview } from '../../common/previews.ts';
import { projectFile, sendProjectFile } from '../../common/project-files.ts';
import { listFilter, type ListQuery } from '../simple-rest.ts';
import { workflowLink } from '../workflow-link.ts';

type AdminFileKind = AdminBookView['files'][number]['kind'];
/** The back office's names of a book's files, and the kinds libs/domain keeps them under. */
const FILE_KINDS: Record<AdminFileKind, BookFileKind> = { pdf: 'pdf', cover: 'cover-pdf', 'cover-png': 'cover-png', epub: 'epub', docx: 'docx', zip: 'zip' };
const STAGES = [...ONE_SHOT_STAGES, 'failed', 'cancelled'] as const satisfies readonly Stage[];
export const BOOK_SORTABLE = { created_at: 'createdAt', updated_at: 'updatedAt', stage: 'stage', title: 'title', cost_usd: 'costUsd', page_count: 'pageCount' } as const;

/** A book that failed: its generation stopped at a stage, or its latest packaging run (a rebuild) ended in error. */
const failedWhere = (failed: boolean): FilterQuery<GeneratorProject> =>
  failed ? { $or: [{ stage: 'failed' }, { buildStatus: 'error' }] } : { stage: { $ne: 'failed' }, $or: [{ buildStatus: null }, { buildStatus: { $ne: 'error' } }] };

/** The filters of the back office's list of books (react-admin's filter object). */
function listWhere(filter: ListQuery['filter']): FilterQuery<GeneratorProject> {
  const and: FilterQuery<GeneratorProject>[] = [];
  const like = ilikePattern(filter.q);
  if (like) {
    const id = String(filter.q).trim();
    and.push({ $or: [{ title: { $ilike: like } }, { author: { $ilike: like } }, { user: { email: { $ilike: like } } }, ...(isUuid(id) ? [{ id }] : [])] });
  }
  const stage = listFilter(filter, 'stage', STAGES);
  if (stage) and.push({ stage });
  const provider = listFilter(filter, 'provider', PROVIDER_IDS);
  if (provider) and.push({ provider });
  if (filter.user_id !== undefined && filter.user_id !== '') {
    if (typeof filter.user_id !== 'string' || !isUuid(filter.user_id)) throw new BadRequestException('filter.user_id must be a user id');
    and.push({ user: filter.user_id });
  }
  if (filter.failed !== undefined && filter.failed !== '') {
    if (typeof filter.failed !== 'boolean') throw new BadRequestException('filter.failed must be true or false');
    and.push(failedWhere(filter.failed));
  }
  if (Array.isArray(filter.id)) and.push({ id: { $in: filter.id.map(String).filter(isUuid) } });
  return and.length ? { $and: and } : {};
}

/**
 * Every author's books for the back office, read-only: each generator run with its saved book, where it stands or why
 * it failed, its cost, files, previews and its runs in the Temporal UI.
 */
@Injectable()
export class AdminBooksService {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly em: EntityManager,
    private readonly storage: StorageService,
  ) {}

  async list({ sort, offset, limit, filter }: ListQuery): Promise<{ views: AdminBookView[]; total: number }> {
    const where = listWhere(filter);
    const em = this.em.fork();
    const [rows, total] = await em.findAndCount(GeneratorProject, where, {
      populate: ['user'],
      orderBy: { [BOOK_SORTABLE[sort.field as keyof typeof BOOK_SORTABLE]]: `${sort.order.toLowerCase()} nulls last`, id: 'asc' },
      offset,
      limit,
    });
    return { views: await this.views(em, rows), total };
  }

  async show(id: string): Promise<AdminBookView> {
    const em = this.em.fork();
    return (await this.views(em, [await this.find(em, id)]))[0] as AdminBookView;
  }

  /** One of the book's files by the back office's name of it. */
  async sendFile(res: Response, id: string, kind: string, inline: boolean): Promise<void> {
    const domainKind = Object.hasOwn(FILE_KINDS, kind) ? FILE_KINDS[kind as AdminFileKind] : undefined;
    if (!domainKind) throw new BadRequestException(`Unknown file "${kind}": use ${Object.keys(FILE_KINDS).join(', ')}`);
    await sendProjectFile(res, this.storage, await this.find(this.em.fork(), id), domainKind, inline);
  }

  async sendPreview(res: Response, id: string, n: string): Promise<void> {
    await sendPreview(res, this.storage, await this.find(this.em.fork(), id), n);
  }

  private async find(em: EntityManager, id: string): Promise<GeneratorProject> {
    const project = await em.findOne(GeneratorProject, { id }, { populate: ['user'] });
    if (!project) throw new NotFoundException('Book not found');
    return project;
  }

  private async views(em: EntityManager, projects: GeneratorProject[]): Promise<AdminBookView[]> {
    if (projects.length === 0) return [];
    const ids = projects.map((p) => p.id);
    const [books, words] = await Promise.all([
      em.find(BookProject, { generatorProject: { $in: ids } }),
      em.getConnection().execute<{ project_id: string; words: string }[]>('select project_id, sum(word_count) as words from generated_chapters where project_id in (?) group by project_id', [ids]),
    ]);
    const bookOf = new Map(books.map((b) => [b.generatorProject.id, b]));
    const wordsOf = new Map(words.map((w) => [w.project_id, Number(w.words)]));
    return projects.map((project) => {
      const base = `/api/admin/books/${project.id}`;
      const files = (Object.entries(FILE_KINDS) as [AdminFileKind, BookFileKind][]).flatMap(([kind, domainKind]) => {
        const { key, size } = projectFile(project, domainKind);
        return key ? [{ kind, size: size ?? 0, url: `${base}/files/${kind}` }] : [];
      });
      const runs = Array.from({ length: project.packageRuns }, (_, i) => workflowLink(this.config, packageWorkflowId(project.id, i + 1)));
      return {
        id: project.id,
        book_project_id: bookOf.get(project.id)?.id ?? null,
        user_id: project.user?.id ?? null,
        user_email: project.user?.email ?? null,
        title: project.title,
        author: project.author,
        provider: project.provider,
        mode: project.mode,
        stage: project.stage,
        failed_stage: project.failedStage ?? null,
        error: project.error ?? project.buildError ?? null,
        cost_usd: Number(project.costUsd),
        provider_calls: project.providerCalls,
        page_count: project.pageCount ?? null,
        word_count: wordsOf.get(project.id) ?? 0,
        build_status: project.buildStatus ?? null,
        package_runs: project.packageRuns,
        files,
        preview_urls: (project.previewKeys ?? []).map((_, i) => `${base}/previews/${i + 1}`),
        workflows: [workflowLink(this.config, bookWorkflowId(project.id)), ...runs],
        created_at: project.createdAt.toISOString(),
        updated_at: project.updatedAt.toISOString(),
      };
    });
  }
}
