import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { ChapterCompareResponse, ChapterVersionDetail, ChapterVersionsResponse, EditableChapterView, RemovedChaptersResponse } from '../../../../libs/contracts/index.ts';
import { AssistChange, ChapterVersion, currentVersion, GeneratedChapter, GeneratorProject, OutlineEditRefused, putBackChapter, removedChapters, writeChapter, type ChapterWrite } from '../../../../libs/db/index.ts';
import { DeskMessages, EditingMessages, isUuid, MAX_CHAPTERS, type ChapterEditorRole } from '../../../../libs/domain/index.ts';
import { workflowTakesEdit } from '../../../../workflows/book/messages.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { BookWorkflowService } from '../projects/projects.module.ts';
import { compareVersions, editableChapterView, versionDetail, versionView } from './chapters.view.ts';
import type { UpdateChapterDto } from './chapters.dto.ts';
import { versionAuthors } from './version-authors.ts';

/** A route's chapter number: a whole number in range, or no such chapter. */
export function chapterNumber(order: string): number {
  const n = /^\d{1,3}$/.test(order) ? Number(order) : 0;
  if (n < 1 || n > MAX_CHAPTERS) throw new NotFoundException(EditingMessages.chapterNotFound);
  return n;
}

/** A route's removed-chapter key: a whole number, or no such removed chapter. */
export function removedKey(key: string): number {
  const n = /^\d{1,6}$/.test(key) ? Number(key) : 0;
  if (n < 1) throw new NotFoundException(EditingMessages.removedNotFound);
  return n;
}

/** What an edit writes, checked and applied in one transaction under the project's lock. */
type Edit = Pick<ChapterWrite, 'title' | 'content' | 'source' | 'by' | 'byUserId' | 'byRole'> & { baseVersion?: number | undefined; assistId?: string | undefined };

/** The author's chapters: read, save, their versions, compare and restore. */
@Injectable()
export class ChaptersService {
  constructor(
    private readonly em: EntityManager,
    private readonly book: BookWorkflowService,
  ) {}

  async chapter(project: GeneratorProject, number: number): Promise<EditableChapterView> {
    const em = this.em.fork();
    const chapter = await em.findOne(GeneratedChapter, { project: project.id, number });
    if (!chapter) throw new NotFoundException(EditingMessages.chapterNotFound);
    const latest = await em.findOne(ChapterVersion, { project: project.id, chapter: number }, { orderBy: { version: 'desc' }, fields: ['version', 'createdAt'] });
    return editableChapterView(chapter, latest);
  }

  /**
   * The author's save, or an assistant change the author accepted (then marked accepted in the same transaction); or
   * a save by the Elite team working the book's request (`as: 'team'`), recorded with the member's id.
   */
  save(project: GeneratorProject, number: number, dto: UpdateChapterDto, user: AuthUser | undefined, as: ChapterEditorRole = 'author'): Promise<EditableChapterView> {
    // The assistant runs on the author's provider and account: its changes are the author's to accept.
    if (as === 'team' && dto.assist_id) throw new BadRequestException(DeskMessages.noAssistant);
    return this.edit(project, number, {
      title: dto.title.trim(),
      content: dto.content,
      source: dto.assist_id ? 'assistant' : 'author',
      ...editorOf(user, as),
      baseVersion: dto.base_version,
      assistId: dto.assist_id,
    });
  }

  /** A new version with an older version's title and text. */
  async restore(project: GeneratorProject, number: number, versionId: string, baseVersion: number | undefined, user: AuthUser | undefined, as: ChapterEditorRole = 'author'): Promise<EditableChapterView> {
    const old = await this.version(project, number, versionId);
    return this.edit(project, number, { title: old.title, content: old.content, source: 'restored', ...editorOf(user, as), baseVersion });
  }

  /** The versions, newest first, each with who made it as `viewer` is told (version-authors.ts). */
  async versions(project: GeneratorProject, number: number, viewer: ChapterEditorRole = 'author'): Promise<ChapterVersionsResponse> {
    const em = this.em.fork();
    const versions = await em.find(ChapterVersion, { project: project.id, chapter: number }, { orderBy: { version: 'desc' }, exclude: ['content'] });
    if (versions.length === 0) throw new NotFoundException(EditingMessages.chapterNotFound);
    const by = await versionAuthors(em, versions, viewer);
    return { chapter: number, current_version: versions[0]?.version ?? 0, versions: versions.map((v) => versionView(v, by(v))) };
  }

  async detail(project: GeneratorProject, number: number, versionId: string, viewer: ChapterEditorRole = 'author'): Promise<ChapterVersionDetail> {
    const version = await this.version(project, number, versionId);
    return versionDetail(version, (await versionAuthors(this.em.fork(), [version], viewer))(version));
  }

  async compare(project: GeneratorProject, number: number, a: string, b: string, viewer: ChapterEditorRole = 'author'): Promise<ChapterCompareResponse> {
    const [older, newer] = [await this.version(project, number, a), await this.version(project, number, b)];
    return compareVersions(older, newer, await versionAuthors(this.em.fork(), [older, newer], viewer));
  }

  async removed(project: GeneratorProject): Promise<RemovedChaptersResponse> {
    const removed = await removedChapters(this.em.fork(), project.id);
    return { removed: removed.map((v) => ({ key: -v.chapter, title: v.title, words: v.words, last_saved_at: v.createdAt.toISOString() })) };
  }

  /** A removed chapter back at the end of the book with its last text (a new version 'restored'); its versions come back with it. */
  async putBack(project: GeneratorProject, key: number, user: AuthUser | undefined): Promise<EditableChapterView> {
    // While a step-mode book is put together its workflow owns the plan, and writes what it adds.
    if (workflowTakesEdit(project)) throw new ConflictException(EditingMessages.putBackWhenDone);
    if (await this.writing(project)) throw new ConflictException(EditingMessages.busy);
    try {
      const written = await putBackChapter(this.em.fork(), project.id, -key, authorOf(user));
      if (!written) throw new NotFoundException(EditingMessages.removedNotFound);
      return editableChapterView(written.chapter, written.version);
    } catch (error) {
      if (error instanceof OutlineEditRefused) throw new BadRequestException(error.message);
      throw error;
    }
  }

  /** One version of this chapter, by id or by version number. */
  private async version(project: GeneratorProject, number: number, ref: string): Promise<ChapterVersion> {
    const byNumber = /^\d{1,9}$/.test(ref) ? Number(ref) : null;
    const where = isUuid(ref) ? { id: ref } : byNumber !== null ? { version: byNumber } : null;
    const version = where ? await this.em.fork().findOne(ChapterVersion, { ...where, project: project.id, chapter: number }) : null;
    if (!version) throw new NotFoundException(EditingMessages.versionNotFound);
    return version;
  }

  private async edit(project: GeneratorProject, number: number, edit: Edit): Promise<EditableChapterView> {
    if (await this.writing(project)) throw new ConflictException(EditingMessages.busy);
    const { chapter, version } = await this.em.fork().transactional(async (tx) => {
      // Under the project's lock: no other save takes a version between this check and this write.
      await tx.findOneOrFail(GeneratorProject, { id: project.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!(await tx.count(GeneratedChapter, { project: project.id, number }))) throw new NotFoundException(EditingMessages.chapterNotFound);
      if (edit.baseVersion !== undefined && edit.baseVersion !== (await currentVersion(tx, project.id, number))) throw new ConflictException(EditingMessages.stale);
      let by = edit.by;
      if (edit.assistId) {
        const change = await tx.findOne(AssistChange, { id: edit.assistId, project: project.id, chapter: number }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!change) throw new NotFoundException(EditingMessages.assistNotFound);
        if (change.status === 'accepted' || change.status === 'discarded') throw new ConflictException(EditingMessages.assistClosed);
        if (change.status !== 'ready') throw new ConflictException(EditingMessages.assistNotReady);
        change.status = 'accepted';
        by = change.model ? `${change.provider}/${change.model}` : change.provider;
      }
      return writeChapter(tx, { projectId: project.id, number, title: edit.title, content: edit.content, source: edit.source, by, byUserId: edit.byUserId ?? null, byRole: edit.byRole ?? null });
    });
    return editableChapterView(chapter, version);
  }

  /** Whether the book's workflow is writing now (one rule for every edit: the run answers, through its door). */
  private writing(project: GeneratorProject): Promise<boolean> {
    return this.book.beingWritten(project.id);
  }
}

const authorOf = (user: AuthUser | undefined) => user?.email ?? 'anonymous';
// A team member is recorded by id only: what an author reads of them is decided when the versions are read.
const editorOf = (user: AuthUser | undefined, as: ChapterEditorRole) => ({ by: as === 'team' ? null : authorOf(user), byUserId: user?.id ?? null, byRole: as });
