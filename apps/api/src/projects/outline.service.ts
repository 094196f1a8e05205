import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import type { TocEntry } from '../../../../libs/contracts/index.ts';
import { applyOutlineEdit, OutlineEditRefused, type EditedChapter, type GeneratorProject, type OutlineChapter } from '../../../../libs/db/index.ts';
import { EditingMessages, OutlineMessages, outlineProblems, wordsOfPages } from '../../../../libs/domain/index.ts';
import { editOutlineUpdate, workflowTakesEdit } from '../../../../workflows/book/messages.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { BookWorkflowService } from './book-workflow.service.ts';
import type { SpecOutlineDto, UpdateOutlineDto } from './outline.dto.ts';
import { ProjectsService } from './projects.service.ts';
import { tocView } from './projects.view.ts';

/** The spec's page estimate for a chapter that has none (document 2, §9). */
const DEFAULT_CHAPTER_PAGES = 10;

const keyPoints = (points: string[]) => points.map((p) => p.trim()).filter(Boolean);

/**
 * The spec's shape as an edit: the list's order is the new order; `number` names the chapter the entry was (a number
 * the outline does not have is a new chapter); what the shape lacks (a description) is kept from that chapter.
 */
function specChapters(outline: SpecOutlineDto, current: OutlineChapter[]): EditedChapter[] {
  return outline.chapters.map((c) => {
    const was = c.number === undefined ? undefined : current.find((x) => x.number === c.number);
    return {
      title: c.title.trim(),
      description: was?.description ?? '',
      key_points: keyPoints(c.topics ?? was?.key_points ?? []),
      target_words: c.estimated_pages !== undefined ? wordsOfPages(c.estimated_pages) : (was?.target_words ?? wordsOfPages(DEFAULT_CHAPTER_PAGES)),
      from: was ? was.number : null,
    };
  });
}

/** Stages after which an auto-mode book writes nothing more by itself. */
const AUTO_ENDED = ['complete', 'failed', 'cancelled'];

/** Editing a book's outline: validated here, applied whole by the book workflow while it is put together, or directly after. */
@Injectable()
export class OutlineService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly book: BookWorkflowService,
    private readonly em: EntityManager,
  ) {}

  async edit(projectId: string, dto: UpdateOutlineDto, user: AuthUser | undefined): Promise<TocEntry[]> {
    const project = await this.projects.owned(projectId, user);
    if (project.mode === 'auto' && project.outline && !AUTO_ENDED.includes(project.stage)) throw new ConflictException(OutlineMessages.autoMode);
    const chapters: EditedChapter[] = dto.outline
      ? specChapters(dto.outline, project.outline ?? [])
      : (dto.chapters ?? []).map((c) => ({ title: c.title.trim(), description: c.description.trim(), key_points: keyPoints(c.key_points), target_words: c.target_words, from: c.from ?? null }));
    const problems = outlineProblems(chapters, project.provider);
    if (problems.length) throw new BadRequestException({ message: problems[0], details: [{ field: dto.outline ? 'outline.chapters' : 'chapters', messages: problems }] });
    if (!workflowTakesEdit(project)) await this.applyHere(project, chapters);
    else await this.applyInWorkflow(projectId, chapters);
    return tocView(await this.projects.owned(projectId, user));
  }

  /** A book no workflow writes any more: the same edit, applied here; a new chapter is there at once, empty, for the author to write. */
  private async applyHere(project: GeneratorProject, chapters: EditedChapter[]): Promise<void> {
    if (!project.outline?.length) throw new ConflictException(OutlineMessages.notOutlined);
    if (await this.book.beingWritten(project.id)) throw new ConflictException(EditingMessages.busy);
    try {
      await applyOutlineEdit(this.em.fork(), project.id, chapters, { newChapters: 'empty' });
    } catch (error) {
      if (error instanceof OutlineEditRefused) throw error.reason === 'stale' ? new ConflictException(error.message) : new BadRequestException(error.message);
      throw error;
    }
  }

  private async applyInWorkflow(projectId: string, chapters: EditedChapter[]): Promise<void> {
    try {
      // A step-mode book put away after a long pause is picked up by a new run first, as for every stage.
      await this.book.stage(projectId, (run) => run.executeUpdate(editOutlineUpdate, { args: [chapters] }));
    } catch (error) {
      // The book refused it for where it stands (a stage running, nothing planned yet, finished): a conflict, not bad input.
      if (error instanceof BadRequestException) throw new ConflictException(error.message);
      throw error;
    }
  }
}
