import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import type { EditedChapter } from '../../../../activities/generation/outline-edit.ts';
import type { TocEntry } from '../../../../libs/contracts/index.ts';
import type { OutlineChapter } from '../../../../libs/db/index.ts';
import { OutlineMessages, outlineProblems, wordsOfPages } from '../../../../libs/domain/index.ts';
import { editOutlineUpdate } from '../../../../workflows/book/messages.ts';
import type { AuthUser } from '../auth/auth.types.ts';
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

/** Editing a book's outline before its chapters are drafted: validated here, applied whole by the book workflow. */
@Injectable()
export class OutlineService {
  constructor(private readonly projects: ProjectsService) {}

  async edit(projectId: string, dto: UpdateOutlineDto, user: AuthUser | undefined): Promise<TocEntry[]> {
    const project = await this.projects.owned(projectId, user);
    // A book whose run has ended cannot answer for itself: these are read from the project.
    if (project.mode === 'auto' && project.outline) throw new ConflictException(OutlineMessages.autoMode);
    if (project.finalizedAt) throw new ConflictException(OutlineMessages.finalized);
    const chapters: EditedChapter[] = dto.outline
      ? specChapters(dto.outline, project.outline ?? [])
      : (dto.chapters ?? []).map((c) => ({ title: c.title.trim(), description: c.description.trim(), key_points: keyPoints(c.key_points), target_words: c.target_words, from: c.from ?? null }));
    const problems = outlineProblems(chapters, project.provider);
    if (problems.length) throw new BadRequestException({ message: problems[0], details: [{ field: dto.outline ? 'outline.chapters' : 'chapters', messages: problems }] });
    try {
      // A step-mode book put away after a long pause is picked up by a new run first, as for every stage.
      await this.projects.step(() => this.projects.handle(projectId).executeUpdate(editOutlineUpdate, { args: [chapters] }));
    } catch (error) {
      // The book refused it for where it stands (a stage running, nothing planned yet, finished): a conflict, not bad input.
      if (error instanceof BadRequestException) throw new ConflictException(error.message);
      throw error;
    }
    return tocView(await this.projects.owned(projectId, user));
  }
}
