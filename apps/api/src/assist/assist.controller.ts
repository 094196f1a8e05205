import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AssistView } from '../../../../libs/contracts/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, OptionalAuth } from '../common/auth.decorators.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { UuidOrNotFound } from '../common/uuid.pipe.ts';
import { NOT_FOUND } from '../projects/projects.module.ts';
import { AssistDto } from './assist.dto.ts';
import { AssistService } from './assist.service.ts';

/** The AI Writing Assistant (document 2, §2.5): a change is proposed here and accepted by saving the chapter with its assist_id. */
@ApiTags('projects')
@OptionalAuth()
@Controller('projects')
export class AssistController {
  constructor(private readonly assist: AssistService) {}

  @Post(':id/chapters/:order/assist')
  @RateLimited('generation')
  @HttpCode(202)
  @ApiOperation({ summary: "Ask the AI Writing Assistant to change a selection (or the whole chapter) on the book's provider; poll the change until it is ready" })
  ask(@UuidOrNotFound(NOT_FOUND) id: string, @Param('order') order: string, @Body() dto: AssistDto, @CurrentUser() user?: AuthUser): Promise<AssistView> {
    return this.assist.ask(id, order, dto, user);
  }

  @Get(':id/assist/:assistId')
  @ApiOperation({ summary: "An assistant change: its proposal and the chapter's text with it in place, once ready" })
  view(@UuidOrNotFound(NOT_FOUND) id: string, @Param('assistId') assistId: string, @CurrentUser() user?: AuthUser): Promise<AssistView> {
    return this.assist.view(id, assistId, user);
  }

  @Post(':id/assist/:assistId/discard')
  @HttpCode(200)
  @ApiOperation({ summary: 'Discard an assistant change (the chapter stays as it is)' })
  discard(@UuidOrNotFound(NOT_FOUND) id: string, @Param('assistId') assistId: string, @CurrentUser() user?: AuthUser): Promise<AssistView> {
    return this.assist.discard(id, assistId, user);
  }
}
