import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EliteDeskBookView } from '../../../../../libs/contracts/index.ts';
import { EliteRequest, GeneratedChapter, type GeneratorProject } from '../../../../../libs/db/index.ts';
import { DeskMessages, EliteMessages, isFinalEliteStatus } from '../../../../../libs/domain/index.ts';
import { coverSizeOf } from '../../projects/projects.module.ts';

/**
 * The book an Elite request is about, as the team's desk reaches it: only through the request, so a route names a
 * request and never reaches another book. A closed request's book is read, no longer changed.
 */
@Injectable()
export class EliteDeskService {
  constructor(private readonly em: EntityManager) {}

  /** The book as the desk opens it: its chapters to pick from, and what a cover for it must be. */
  async view(requestId: string): Promise<EliteDeskBookView> {
    const project = await this.book(requestId);
    const chapters = await this.em.fork().find(GeneratedChapter, { project: project.id }, { orderBy: { number: 'asc' }, fields: ['number', 'title', 'wordCount'] });
    return {
      project_id: project.id,
      title: project.title,
      author: project.author,
      language: project.language,
      chapters: chapters.map((c) => ({ number: c.number, title: c.title, words: c.wordCount })),
      page_count: project.pageCount ?? null,
      trim_size: project.trimSize,
      own_cover: project.coverUpload?.kind ?? null,
      cover_size: coverSizeOf(project),
    };
  }

  /** The request's book to read; 404 without the request or before it has a book. */
  async book(requestId: string): Promise<GeneratorProject> {
    return (await this.find(requestId)).project;
  }

  /** The request's book to change: also 409 once the request is closed. */
  async bookToEdit(requestId: string): Promise<GeneratorProject> {
    const { request, project } = await this.find(requestId);
    if (isFinalEliteStatus(request.status)) throw new ConflictException(DeskMessages.closed);
    return project;
  }

  private async find(requestId: string): Promise<{ request: EliteRequest; project: GeneratorProject }> {
    const request = await this.em.fork().findOne(EliteRequest, { id: requestId }, { populate: ['bookProject.generatorProject'] });
    if (!request) throw new NotFoundException(EliteMessages.notFound);
    const project = request.bookProject?.generatorProject;
    if (!project) throw new NotFoundException(DeskMessages.noBook);
    return { request, project };
  }
}
