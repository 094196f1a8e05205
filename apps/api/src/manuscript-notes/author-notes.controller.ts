import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AcceptSuggestionResponse, ChapterNotesView, CommentThreadView, SuggestionView } from '../../../../libs/contracts/index.ts';
import { NoteMessages } from '../../../../libs/domain/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser } from '../common/auth.decorators.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { UuidOrNotFound } from '../common/uuid.pipe.ts';
import { chapterNumber } from '../chapters/chapters.module.ts';
import { NOT_FOUND } from '../projects/projects.module.ts';
import { CreateCommentDto, ReplyDto } from './manuscript-notes.dto.ts';
import { ManuscriptNotesService } from './manuscript-notes.service.ts';

const COMMENT = UuidOrNotFound(NoteMessages.commentNotFound, 'commentId');
const SUGGESTION = UuidOrNotFound(NoteMessages.suggestionNotFound, 'suggestionId');

/** The author's side of comments and suggested changes on a book's chapters: the book's owner only (anyone else: 404). */
@ApiTags('projects')
@ApiBearerAuth()
@Controller('projects/:id/chapters/:order')
export class AuthorNotesController {
  constructor(private readonly notes: ManuscriptNotesService) {}

  private desk(id: string, order: string, user: AuthUser) {
    return this.notes.authorDesk(id, chapterNumber(order), user);
  }

  @Get('notes')
  @ApiOperation({ summary: "The chapter's comment threads and suggested changes, each with where its passage is now (or detached)" })
  async list(@UuidOrNotFound(NOT_FOUND) id: string, @Param('order') order: string, @CurrentUser() user: AuthUser): Promise<ChapterNotesView> {
    return this.notes.notes(await this.desk(id, order, user));
  }

  @Post('comments')
  @RateLimited('edits')
  @ApiOperation({ summary: "Comment on a passage of the chapter's current text (409 when the passage is not at those offsets)" })
  async comment(@UuidOrNotFound(NOT_FOUND) id: string, @Param('order') order: string, @Body() dto: CreateCommentDto, @CurrentUser() user: AuthUser): Promise<CommentThreadView> {
    return this.notes.comment(await this.desk(id, order, user), dto);
  }

  @Post('comments/:commentId/replies')
  @RateLimited('edits')
  @ApiOperation({ summary: 'Reply in a comment thread' })
  async reply(@UuidOrNotFound(NOT_FOUND) id: string, @Param('order') order: string, @COMMENT commentId: string, @Body() dto: ReplyDto, @CurrentUser() user: AuthUser): Promise<CommentThreadView> {
    return this.notes.reply(await this.desk(id, order, user), commentId, dto);
  }

  @Post('comments/:commentId/resolve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resolve a comment thread' })
  async resolve(@UuidOrNotFound(NOT_FOUND) id: string, @Param('order') order: string, @COMMENT commentId: string, @CurrentUser() user: AuthUser): Promise<CommentThreadView> {
    return this.notes.resolve(await this.desk(id, order, user), commentId, true);
  }

  @Post('comments/:commentId/reopen')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reopen a resolved comment thread' })
  async reopen(@UuidOrNotFound(NOT_FOUND) id: string, @Param('order') order: string, @COMMENT commentId: string, @CurrentUser() user: AuthUser): Promise<CommentThreadView> {
    return this.notes.resolve(await this.desk(id, order, user), commentId, false);
  }

  @Post('suggestions/:suggestionId/accept')
  @RateLimited('edits')
  @HttpCode(200)
  @ApiOperation({ summary: "Accept a suggested change: applied to the current text as the chapter's next version (409 when its passage has changed since)" })
  async accept(@UuidOrNotFound(NOT_FOUND) id: string, @Param('order') order: string, @SUGGESTION suggestionId: string, @CurrentUser() user: AuthUser): Promise<AcceptSuggestionResponse> {
    return this.notes.accept(await this.desk(id, order, user), suggestionId);
  }

  @Post('suggestions/:suggestionId/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject a suggested change (the text stays as it is)' })
  async reject(@UuidOrNotFound(NOT_FOUND) id: string, @Param('order') order: string, @SUGGESTION suggestionId: string, @CurrentUser() user: AuthUser): Promise<SuggestionView> {
    return this.notes.reject(await this.desk(id, order, user), suggestionId);
  }
}
