import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import type { Response } from 'express';
import type { BookRequestAdminView, ChangeBookRequestStatusRequest } from '../../../../../libs/contracts/index.ts';
import { BOOK_REQUEST_STATUSES, type BookRequestStatus } from '../../../../../libs/domain/index.ts';
import type { AuthUser } from '../../common/auth.types.ts';
import { CurrentUser, Roles } from '../../common/auth.decorators.ts';
import { UuidParam } from '../../common/uuid.pipe.ts';
import { AdminBookRequestsService, BOOK_REQUEST_SORTABLE } from './admin-book-requests.service.ts';
import { parseListQuery, setContentRange } from '../simple-rest.ts';

class ChangeBookRequestStatusDto implements ChangeBookRequestStatusRequest {
  @ApiProperty({ enum: BOOK_REQUEST_STATUSES })
  @IsIn(BOOK_REQUEST_STATUSES, { message: `status must be one of ${BOOK_REQUEST_STATUSES.join(', ')}` })
  status!: BookRequestStatus;
}

/** Book requests for the back office (react-admin simple-rest): read them, and move them along through their workflow. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/book-requests')
@Roles('elite_team', 'admin')
export class AdminBookRequestsController {
  constructor(private readonly requests: AdminBookRequestsService) {}

  @Get()
  async list(@Query() query: { sort?: string; range?: string; filter?: string }, @Res({ passthrough: true }) res: Response): Promise<BookRequestAdminView[]> {
    const parsed = parseListQuery(query, Object.keys(BOOK_REQUEST_SORTABLE), { field: 'created_at', order: 'DESC' });
    const { views, total } = await this.requests.list(parsed);
    setContentRange(res, 'book-requests', parsed.offset, views.length, total);
    return views;
  }

  @Get(':id')
  async show(@UuidParam() id: string): Promise<BookRequestAdminView> {
    return this.requests.show(id);
  }

  @Post(':id/status')
  @HttpCode(200)
  @ApiOperation({ summary: "Change the request's status through its workflow (pending → in_progress | cancelled, in_progress → completed | cancelled)" })
  async changeStatus(@UuidParam() id: string, @Body() dto: ChangeBookRequestStatusDto, @CurrentUser() user: AuthUser): Promise<BookRequestAdminView> {
    return this.requests.changeStatus(id, dto.status, user.email ?? user.id);
  }
}
