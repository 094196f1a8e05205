import { Body, Controller, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { OutlineAnswer } from '../../../../libs/contracts/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, OptionalAuth } from '../common/auth.decorators.ts';
import { UuidOrNotFound } from '../common/uuid.pipe.ts';
import { UpdateOutlineDto } from './outline.dto.ts';
import { OutlineService } from './outline.service.ts';
import { NOT_FOUND } from './projects.service.ts';

/** PUT /api/projects/{id}/outline (document 2, §7.3): the author's own plan, before the chapters are drafted. */
@ApiTags('projects')
@OptionalAuth()
@Controller('projects')
export class OutlineController {
  constructor(private readonly outline: OutlineService) {}

  @Put(':id/outline')
  @ApiOperation({
    summary:
      "Replace the book's outline: rename, describe, reorder, add and remove chapters, their key points and word budgets. " +
      'Written chapters follow their entry (`from`, or `number` in the spec shape). 409 while a stage runs, in auto mode, or once finalized.',
  })
  async edit(@UuidOrNotFound(NOT_FOUND) id: string, @Body() dto: UpdateOutlineDto, @CurrentUser() user?: AuthUser): Promise<OutlineAnswer> {
    return { toc: await this.outline.edit(id, dto, user) };
  }
}
