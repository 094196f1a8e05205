import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { Client } from '@temporalio/client';
import type { Config } from '../../../../libs/config/index.ts';
import type { AssistView } from '../../../../libs/contracts/index.ts';
import { AssistChange, ChapterVersion, currentVersion, GeneratedChapter, GeneratorProject } from '../../../../libs/db/index.ts';
import { ASSIST_LIMITS, assistWorkflowId, EditingMessages, isUuid } from '../../../../libs/domain/index.ts';
import type { assistWorkflow } from '../../../../workflows/assist/workflow.ts';
import { ProjectIdAttribute, UserIdAttribute } from '../../../../workflows/search-attributes.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CONFIG } from '../config/config.module.ts';
import { BookWorkflowService, ProjectsService } from '../projects/projects.module.ts';
import type { AssistDto } from './assist.dto.ts';
import { assistView } from './assist.view.ts';

/** The AI Writing Assistant's changes: asked for on a chapter, run by `assist-<id>`, read, and discarded here (accepted by saving the chapter). */
@Injectable()
export class AssistService {
  private readonly logger = new Logger(AssistService.name);

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly em: EntityManager,
    private readonly temporal: Client,
    private readonly projects: ProjectsService,
    private readonly book: BookWorkflowService,
  ) {}

  async ask(projectId: string, order: string, dto: AssistDto, user: AuthUser | undefined): Promise<AssistView> {
    const project = await this.projects.owned(projectId, user);
    const chapter = await this.chapter(project, order);
    if (await this.book.beingWritten(project.id)) throw new ConflictException(EditingMessages.busy);
    const version = await currentVersion(this.em.fork(), project.id, chapter.number);
    if (dto.base_version !== undefined && dto.base_version !== version) throw new ConflictException(EditingMessages.stale);
    const instruction = dto.instruction?.trim() ?? '';
    if (dto.action === 'instruct' && !instruction) throw problem('instruction', EditingMessages.instructionRequired);
    const { selection } = dto;
    if (selection && !(selection.start < selection.end && selection.end <= chapter.content.length && selection.end - selection.start <= ASSIST_LIMITS.selectionMaxChars)) {
      throw problem('selection', EditingMessages.badSelection);
    }
    if (!selection && chapter.content.length > ASSIST_LIMITS.selectionMaxChars) throw problem('selection', EditingMessages.chapterTooLongForAssist);
    // The provider must still be one this caller may use here (a paid one needs its author signed in).
    this.projects.provider(project.provider, user);

    const em = this.em.fork();
    const change = em.create(AssistChange, {
      id: randomUUID(),
      project: em.getReference(GeneratorProject, project.id),
      chapter: chapter.number,
      action: dto.action,
      instruction: dto.action === 'instruct' ? instruction : null,
      selectionStart: selection?.start ?? null,
      selectionEnd: selection?.end ?? null,
      baseVersion: version,
      original: selection ? chapter.content.slice(selection.start, selection.end) : chapter.content,
      provider: project.provider,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.flush();
    try {
      await this.temporal.workflow.start<typeof assistWorkflow>('assistWorkflow', {
        workflowId: assistWorkflowId(change.id),
        taskQueue: this.config.TEMPORAL_TASK_QUEUE,
        args: [change.id],
        typedSearchAttributes: [{ key: ProjectIdAttribute, value: project.id }, ...(project.user ? [{ key: UserIdAttribute, value: project.user.id }] : [])],
      });
    } catch (error) {
      this.logger.error(`assist change ${change.id}: its workflow did not start: ${(error as Error).message}`);
      await em.remove(change).flush();
      throw new ServiceUnavailableException(EditingMessages.assistUnavailable);
    }
    return assistView(change, chapter.content);
  }

  async view(projectId: string, assistId: string, user: AuthUser | undefined): Promise<AssistView> {
    const change = await this.change(projectId, assistId, user);
    return assistView(change, await this.baseContent(change));
  }

  async discard(projectId: string, assistId: string, user: AuthUser | undefined): Promise<AssistView> {
    const change = await this.change(projectId, assistId, user);
    const em = this.em.fork();
    const closed = await em.nativeUpdate(AssistChange, { id: change.id, status: { $nin: ['accepted', 'discarded'] } }, { status: 'discarded', updatedAt: new Date() });
    if (!closed) throw new ConflictException(EditingMessages.assistClosed);
    return this.view(projectId, assistId, user);
  }

  /** A chapter of the project by its number in the path; anything else is not found. */
  private async chapter(project: GeneratorProject, order: string): Promise<GeneratedChapter> {
    const number = /^\d{1,4}$/.test(order) ? Number(order) : NaN;
    const chapter = Number.isInteger(number) ? await this.em.fork().findOne(GeneratedChapter, { project: project.id, number }) : null;
    if (!chapter) throw new NotFoundException(EditingMessages.chapterNotFound);
    return chapter;
  }

  private async change(projectId: string, assistId: string, user: AuthUser | undefined): Promise<AssistChange> {
    const project = await this.projects.owned(projectId, user);
    const change = isUuid(assistId) ? await this.em.fork().findOne(AssistChange, { id: assistId, project: project.id }) : null;
    if (!change) throw new NotFoundException(EditingMessages.assistNotFound);
    return change;
  }

  /** The chapter's text at the change's base version (what its offsets refer to), else as it is now. */
  private async baseContent(change: AssistChange): Promise<string> {
    const em = this.em.fork();
    const version = await em.findOne(ChapterVersion, { project: change.project.id, chapter: change.chapter, version: change.baseVersion });
    if (version) return version.content;
    return (await em.findOne(GeneratedChapter, { project: change.project.id, number: change.chapter }))?.content ?? change.original;
  }
}

const problem = (field: string, message: string) => new BadRequestException({ message, details: [{ field, messages: [message] }] });
