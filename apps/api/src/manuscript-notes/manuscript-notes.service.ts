import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { AcceptSuggestionResponse, ChapterNotesView, CommentThreadView, ManuscriptChaptersView, NotePassage, SuggestionView } from '../../../../libs/contracts/index.ts';
import {
  currentVersion,
  EliteRequest,
  GeneratedChapter,
  GeneratorProject,
  ManuscriptComment,
  ManuscriptReply,
  ManuscriptSuggestion,
  User,
  writeChapter,
} from '../../../../libs/db/index.ts';
import { anchorAt, applySuggestion, EditingMessages, EliteMessages, isFinalEliteStatus, NOTE_LIMITS, NoteMessages, teamMemberPublicName } from '../../../../libs/domain/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { ChaptersService } from '../chapters/chapters.module.ts';
import { BookWorkflowService, NOT_FOUND } from '../projects/projects.module.ts';
import type { CreateCommentDto, CreateSuggestionDto, ReplyDto } from './manuscript-notes.dto.ts';
import { anchorOf, noteNames, suggestionView, threadView, type NoteViewer } from './manuscript-notes.view.ts';

/** One chapter of one book, as one reader reaches it: its author, or a team member through an Elite request on it. */
export interface NoteDesk {
  projectId: string;
  chapter: number;
  viewer: NoteViewer;
  eliteRequestId: string | null;
  /** The Elite request the notes are written for is closed: they are read, no longer written or decided. */
  closed: boolean;
}

/** Comments and suggested changes on a book's chapters, for its author and the Elite team alike. */
@Injectable()
export class ManuscriptNotesService {
  constructor(
    private readonly em: EntityManager,
    private readonly chapters: ChaptersService,
    private readonly book: BookWorkflowService,
  ) {}

  /** The author's desk: only the book's owner reaches it (anyone else, or a book nobody owns, is the same 404). */
  async authorDesk(projectId: string, chapter: number, user: AuthUser): Promise<NoteDesk> {
    const em = this.em.fork();
    const owned = await em.count(GeneratorProject, { id: projectId, user: user.id });
    if (!owned) throw new NotFoundException(NOT_FOUND);
    // The book's notes close with its Elite requests: when it has some and every one has ended.
    const requests = await em.find(EliteRequest, { bookProject: { generatorProject: projectId } }, { fields: ['status'] });
    const closed = requests.length > 0 && requests.every((r) => isFinalEliteStatus(r.status));
    return { projectId, chapter, viewer: { id: user.id, role: 'author' }, eliteRequestId: null, closed };
  }

  /** The team's desk: the book of the Elite request (every member sees every request). */
  async teamDesk(requestId: string, chapter: number, user: AuthUser): Promise<NoteDesk> {
    const request = await this.requestOf(requestId);
    return { projectId: request.projectId, chapter, viewer: { id: user.id, role: 'team' }, eliteRequestId: requestId, closed: isFinalEliteStatus(request.status) };
  }

  /** The request's book's chapters with how many comments are open and suggestions wait on each. */
  async manuscript(requestId: string): Promise<ManuscriptChaptersView> {
    const { projectId } = await this.requestOf(requestId);
    const em = this.em.fork();
    const chapters = await em.find(GeneratedChapter, { project: projectId }, { orderBy: { number: 'asc' }, fields: ['number', 'title'] });
    const open = await em.find(ManuscriptComment, { project: projectId, resolvedAt: null }, { fields: ['chapter'] });
    const pending = await em.find(ManuscriptSuggestion, { project: projectId, status: 'pending' }, { fields: ['chapter'] });
    const count = (rows: { chapter: number }[], n: number) => rows.filter((r) => r.chapter === n).length;
    return {
      project_id: projectId,
      chapters: chapters.map((c) => ({ number: c.number, title: c.title, open_comments: count(open, c.number), pending_suggestions: count(pending, c.number) })),
    };
  }

  async notes(desk: NoteDesk): Promise<ChapterNotesView> {
    const em = this.em.fork();
    const chapter = await this.chapterOf(em, desk);
    const version = await currentVersion(em, desk.projectId, desk.chapter);
    const where = { project: desk.projectId, chapter: desk.chapter };
    const comments = await em.find(ManuscriptComment, where, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const replies = comments.length ? await em.find(ManuscriptReply, { comment: { $in: comments.map((c) => c.id) } }, { orderBy: { createdAt: 'asc', id: 'asc' } }) : [];
    // A withdrawn suggestion is gone for the author; the team keeps seeing it.
    const suggestions = await em.find(ManuscriptSuggestion, desk.viewer.role === 'author' ? { ...where, status: { $ne: 'withdrawn' } } : where, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const names = await noteNames(em, desk.viewer, [
      ...comments.flatMap((c) => [c.writer?.id, c.resolvedBy?.id]),
      ...replies.map((r) => r.writer?.id),
      ...suggestions.flatMap((s) => [s.writer?.id, s.decidedBy?.id]),
    ]);
    return {
      chapter: { number: chapter.number, title: chapter.title, content: chapter.content, version },
      comments: comments.map((c) =>
        threadView(
          c,
          replies.filter((r) => r.comment.id === c.id),
          chapter.content,
          names,
        ),
      ),
      suggestions: suggestions.map((s) => suggestionView(s, chapter.content, names)),
      read_only: desk.closed ? NoteMessages.requestClosed : null,
    };
  }

  /** A new thread on a passage of the chapter's current text (the passage sent must be there). */
  async comment(desk: NoteDesk, dto: CreateCommentDto): Promise<CommentThreadView> {
    const em = this.em.fork();
    const comment = em.create(ManuscriptComment, { ...(await this.anchorRow(em, desk, dto)), body: dto.body.trim() });
    await em.flush();
    return this.thread(desk, comment.id);
  }

  async reply(desk: NoteDesk, commentId: string, dto: ReplyDto): Promise<CommentThreadView> {
    writable(desk);
    await this.em.fork().transactional(async (tx) => {
      const comment = await tx.findOne(ManuscriptComment, { id: commentId, project: desk.projectId, chapter: desk.chapter }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!comment) throw new NotFoundException(NoteMessages.commentNotFound);
      if ((await tx.count(ManuscriptReply, { comment: comment.id })) >= NOTE_LIMITS.repliesMax) throw new ConflictException(NoteMessages.tooManyReplies);
      tx.create(ManuscriptReply, { id: randomUUID(), comment, writer: tx.getReference(User, desk.viewer.id), writerRole: desk.viewer.role, body: dto.body.trim() });
    });
    return this.thread(desk, commentId);
  }

  /** Resolves a thread, or reopens it; either side may. Doing what is already done changes nothing. */
  async resolve(desk: NoteDesk, commentId: string, resolved: boolean): Promise<CommentThreadView> {
    writable(desk);
    const em = this.em.fork();
    const comment = await em.findOne(ManuscriptComment, { id: commentId, project: desk.projectId, chapter: desk.chapter });
    if (!comment) throw new NotFoundException(NoteMessages.commentNotFound);
    if (resolved && !comment.resolvedAt) Object.assign(comment, { resolvedAt: new Date(), resolvedBy: em.getReference(User, desk.viewer.id), resolvedByRole: desk.viewer.role });
    if (!resolved && comment.resolvedAt) Object.assign(comment, { resolvedAt: null, resolvedBy: null, resolvedByRole: null });
    await em.flush();
    return this.thread(desk, commentId);
  }

  /** A team member's proposal to replace a passage of the chapter's current text. */
  async suggest(desk: NoteDesk, dto: CreateSuggestionDto): Promise<SuggestionView> {
    const em = this.em.fork();
    const row = await this.anchorRow(em, desk, dto);
    if (dto.replacement === row.quote) throw new ConflictException(NoteMessages.sameText);
    const suggestion = em.create(ManuscriptSuggestion, { ...row, replacement: dto.replacement, note: dto.note?.trim() || null });
    await em.flush();
    return this.suggestion(desk, suggestion.id);
  }

  /**
   * The author accepts a suggestion: it is applied where its passage is in the current text, as the chapter's next
   * version (source 'suggestion', saved by the author, naming who suggested it). Refused when the passage has changed
   * since, when it was already decided, or while the book's workflow writes the book.
   */
  async accept(desk: NoteDesk, suggestionId: string): Promise<AcceptSuggestionResponse> {
    writable(desk);
    if (await this.book.beingWritten(desk.projectId)) throw new ConflictException(EditingMessages.busy);
    await this.em.fork().transactional(async (tx) => {
      // Under the project's lock, as every chapter write: no save slips in between reading the text and writing it.
      await tx.findOneOrFail(GeneratorProject, { id: desk.projectId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const suggestion = await this.open(tx, desk, suggestionId);
      const chapter = await this.chapterOf(tx, desk);
      const content = applySuggestion(chapter.content, anchorOf(suggestion), suggestion.replacement);
      if (content === null) throw new ConflictException(NoteMessages.passageChanged);
      const suggester = suggestion.writer ? await tx.findOne(User, { id: suggestion.writer.id }) : null;
      const by = suggestion.writerRole === 'team' ? `the author, suggested by ${teamMemberPublicName(suggester)}` : 'the author';
      const { version } = await writeChapter(tx, { projectId: desk.projectId, number: desk.chapter, title: chapter.title, content, source: 'suggestion', by, byUserId: desk.viewer.id, byRole: 'author' });
      Object.assign(suggestion, { status: 'accepted', decidedAt: new Date(), decidedBy: tx.getReference(User, desk.viewer.id), appliedVersion: version.version });
    });
    const project = await this.em.fork().findOneOrFail(GeneratorProject, { id: desk.projectId });
    return { chapter: await this.chapters.chapter(project, desk.chapter), suggestion: await this.suggestion(desk, suggestionId) };
  }

  async reject(desk: NoteDesk, suggestionId: string): Promise<SuggestionView> {
    writable(desk);
    await this.em.fork().transactional(async (tx) => {
      const suggestion = await this.open(tx, desk, suggestionId);
      Object.assign(suggestion, { status: 'rejected', decidedAt: new Date(), decidedBy: tx.getReference(User, desk.viewer.id) });
    });
    return this.suggestion(desk, suggestionId);
  }

  /**
   * The team member who made a suggestion takes it back while it waits for the author, who no longer sees it.
   * Withdrawing it again changes nothing; another member gets 403, a decided one 409.
   */
  async withdraw(desk: NoteDesk, suggestionId: string): Promise<SuggestionView> {
    writable(desk);
    await this.em.fork().transactional(async (tx) => {
      const suggestion = await this.locked(tx, desk, suggestionId);
      if (suggestion.writer?.id !== desk.viewer.id) throw new ForbiddenException(NoteMessages.notYourSuggestion);
      if (suggestion.status === 'withdrawn') return;
      if (suggestion.status !== 'pending') throw new ConflictException(NoteMessages.suggestionClosed);
      Object.assign(suggestion, { status: 'withdrawn', decidedAt: new Date(), decidedBy: tx.getReference(User, desk.viewer.id) });
    });
    return this.suggestion(desk, suggestionId);
  }

  /** A pending suggestion of this chapter, locked for its decision. */
  private async open(tx: EntityManager, desk: NoteDesk, suggestionId: string): Promise<ManuscriptSuggestion> {
    const suggestion = await this.locked(tx, desk, suggestionId);
    if (suggestion.status === 'withdrawn') throw new ConflictException(NoteMessages.suggestionWithdrawn);
    if (suggestion.status !== 'pending') throw new ConflictException(NoteMessages.suggestionClosed);
    return suggestion;
  }

  private async locked(tx: EntityManager, desk: NoteDesk, suggestionId: string): Promise<ManuscriptSuggestion> {
    const suggestion = await tx.findOne(ManuscriptSuggestion, { id: suggestionId, project: desk.projectId, chapter: desk.chapter }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!suggestion) throw new NotFoundException(NoteMessages.suggestionNotFound);
    return suggestion;
  }

  private async thread(desk: NoteDesk, commentId: string): Promise<CommentThreadView> {
    const thread = (await this.notes(desk)).comments.find((c) => c.id === commentId);
    if (!thread) throw new NotFoundException(NoteMessages.commentNotFound);
    return thread;
  }

  private async suggestion(desk: NoteDesk, suggestionId: string): Promise<SuggestionView> {
    const suggestion = (await this.notes(desk)).suggestions.find((s) => s.id === suggestionId);
    if (!suggestion) throw new NotFoundException(NoteMessages.suggestionNotFound);
    return suggestion;
  }

  private async chapterOf(em: EntityManager, desk: NoteDesk): Promise<GeneratedChapter> {
    const chapter = await em.findOne(GeneratedChapter, { project: desk.projectId, number: desk.chapter });
    if (!chapter) throw new NotFoundException(EditingMessages.chapterNotFound);
    return chapter;
  }

  /**
   * What every new note records: the chapter, who wrote it and in what capacity, the request it was written for, and
   * the passage it is about, which must be what the chapter's current text has at those offsets.
   */
  private async anchorRow(em: EntityManager, desk: NoteDesk, dto: NotePassage) {
    writable(desk);
    const chapter = await this.chapterOf(em, desk);
    const anchor = anchorAt(chapter.content, dto.start, dto.end);
    if (!anchor || anchor.quote !== dto.quote) throw new ConflictException(NoteMessages.quoteMismatch);
    return {
      id: randomUUID(),
      project: em.getReference(GeneratorProject, desk.projectId),
      chapter: desk.chapter,
      eliteRequest: desk.eliteRequestId ? em.getReference(EliteRequest, desk.eliteRequestId) : null,
      writer: em.getReference(User, desk.viewer.id),
      writerRole: desk.viewer.role,
      quote: anchor.quote,
      anchorStart: anchor.start,
      anchorEnd: anchor.end,
      prefix: anchor.prefix,
      suffix: anchor.suffix,
      baseVersion: await currentVersion(em, desk.projectId, desk.chapter),
    };
  }

  private async requestOf(requestId: string): Promise<{ projectId: string; status: EliteRequest['status'] }> {
    const request = await this.em.fork().findOne(EliteRequest, { id: requestId }, { populate: ['bookProject'] });
    if (!request) throw new NotFoundException(EliteMessages.notFound);
    const projectId = request.bookProject?.generatorProject.id;
    if (!projectId) throw new NotFoundException(NoteMessages.noBook);
    return { projectId, status: request.status };
  }
}

/** Notes on a closed request are kept to read: nothing is added, changed or decided any more. */
function writable(desk: NoteDesk): void {
  if (desk.closed) throw new ConflictException(NoteMessages.requestClosed);
}
