import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ChapterNotesView, CommentThreadView, ManuscriptChaptersView, SuggestionView } from '../../../../libs/contracts/index.ts';
import { NoteMessages } from '../../../../libs/domain/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, Roles } from '../common/auth.decorators.ts';
import { UuidOrNotFound, UuidParam } from '../common/uuid.pipe.ts';
import { chapterNumber } from '../chapters/chapters.module.ts';
import { CreateCommentDto, CreateSuggestionDto, ReplyDto } from './manuscript-notes.dto.ts';
import { ManuscriptNotesService } from './manuscript-notes.service.ts';

const COMMENT = UuidOrNotFound(NoteMessages.commentNotFound, 'commentId');

/** The Elite team's side, in the back office: comments and suggested changes on the book of an Elite request. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/elite-requests/:id')
@Roles('elite_team', 'admin')
export class TeamNotesController {
  constructor(private readonly notes: ManuscriptNotesService) {}

  private desk(id: string, order: string, user: AuthUser) {
    return this.notes.teamDesk(id, chapterNumber(order), user);
  }

  @Get('manuscript-notes')
  @ApiOperation({ summary: "The request's book's chapters, each with its open comments and waiting suggestions (404 while the request has no book)" })
  async manuscript(@UuidParam() id: string): Promise<ManuscriptChaptersView> {
    return this.notes.manuscript(id);
  }

  @Get('chapters/:order/notes')
  @ApiOperation({ summary: "A chapter's text with its comment threads and suggested changes" })
  async list(@UuidParam() id: string, @Param('order') order: string, @CurrentUser() user: AuthUser): Promise<ChapterNotesView> {
    return this.notes.notes(await this.desk(id, order, user));
  }

  @Post('chapters/:order/comments')
  @ApiOperation({ summary: "Comment on a passage of the chapter's current text; the author sees it with the member's display name" })
  async comment(@UuidParam() id: string, @Param('order') order: string, @Body() dto: CreateCommentDto, @CurrentUser() user: AuthUser): Promise<CommentThreadView> {
    return this.notes.comment(await this.desk(id, order, user), dto);
  }

  @Post('chapters/:order/comments/:commentId/replies')
  @ApiOperation({ summary: 'Reply in a comment thread' })
  async reply(@UuidParam() id: string, @Param('order') order: string, @COMMENT commentId: string, @Body() dto: ReplyDto, @CurrentUser() user: AuthUser): Promise<CommentThreadView> {
    return this.notes.reply(await this.desk(id, order, user), commentId, dto);
  }

  @Post('chapters/:order/comments/:commentId/resolve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resolve a comment thread' })
  async resolve(@UuidParam() id: string, @Param('order') order: string, @COMMENT commentId: string, @CurrentUser() user: AuthUser): Promise<CommentThreadView> {
    return this.notes.resolve(await this.desk(id, order, user), commentId, true);
  }

  @Post('chapters/:order/comments/:commentId/reopen')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reopen a resolved comment thread' })
  async reopen(@UuidParam() id: string, @Param('order') order: string, @COMMENT commentId: string, @CurrentUser() user: AuthUser): Promise<CommentThreadView> {
    return this.notes.resolve(await this.desk(id, order, user), commentId, false);
  }

  @Post('chapters/:order/suggestions')
  @ApiOperation({ summary: 'Suggest replacing a passage (from, to); the author sees it as a tracked change to accept or reject' })
  async suggest(@UuidParam() id: string, @Param('order') order: string, @Body() dto: CreateSuggestionDto, @CurrentUser() user: AuthUser): Promise<SuggestionView> {
    return this.notes.suggest(await this.desk(id, order, user), dto);
  }

  @Post('chapters/:order/suggestions/:suggestionId/withdraw')
  @HttpCode(200)
  @ApiOperation({ summary: 'Withdraw your own suggested change while it waits for the author (the author no longer sees it; 403 for another member, 409 once decided)' })
  async withdraw(@UuidParam() id: string, @Param('order') order: string, @UuidOrNotFound(NoteMessages.suggestionNotFound, 'suggestionId') suggestionId: string, @CurrentUser() user: AuthUser): Promise<SuggestionView> {
    return this.notes.withdraw(await this.desk(id, order, user), suggestionId);
  }
}
