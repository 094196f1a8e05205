import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import type { Response } from 'express';
import type { BookRequestAdminView, ChangeBookRequestStatusRequest } from '../../../../libs/contracts/index.ts';
import { BookRequest } from '../../../../libs/db/index.ts';
import { BOOK_REQUEST_STATUSES, isUuid, type BookRequestStatus } from '../../../../libs/domain/index.ts';
import type { AuthUser } from '../auth/auth.types.ts';
import { CurrentUser, Roles } from '../auth/public.decorator.ts';
import { BookRequestsService } from '../book-requests/book-requests.service.ts';
import { toBookRequestAdminView } from '../book-requests/book-requests.view.ts';
import { ilikePattern } from '../common/ilike.ts';
import { listFilter, parseListQuery, setContentRange } from './simple-rest.ts';

class ChangeBookRequestStatusDto implements ChangeBookRequestStatusRequest {
  @ApiProperty({ enum: BOOK_REQUEST_STATUSES })
  @IsIn(BOOK_REQUEST_STATUSES, { message: `status must be one of ${BOOK_REQUEST_STATUSES.join(', ')}` })
  status!: BookRequestStatus;
}

const SORTABLE = { created_at: 'createdAt', status: 'status', book_topic: 'bookTopic', email: 'email', name: 'name', respond_by: 'respondBy', overdue_at: 'overdueAt' } as const;

/** Book requests for the back office (react-admin simple-rest): read them, and move them along through their workflow. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/book-requests')
@Roles('elite_team', 'admin')
export class AdminBookRequestsController {
  constructor(
    private readonly em: EntityManager,
    private readonly requests: BookRequestsService,
  ) {}

  @Get()
  async list(@Query() query: { sort?: string; range?: string; filter?: string }, @Res({ passthrough: true }) res: Response): Promise<BookRequestAdminView[]> {
    const { sort, offset, limit, filter } = parseListQuery(query, Object.keys(SORTABLE), { field: 'created_at', order: 'DESC' });
    const where: FilterQuery<BookRequest> = {};
    const like = ilikePattern(filter.q);
    if (like) where.$or = [{ email: { $ilike: like } }, { name: { $ilike: like } }, { bookTopic: { $ilike: like } }];
    const status = listFilter(filter, 'status', BOOK_REQUEST_STATUSES);
    if (status) where.status = status;
    if (typeof filter.overdue === 'boolean') where.overdueAt = filter.overdue ? { $ne: null } : null;
    if (Array.isArray(filter.id)) where.id = { $in: filter.id.map(String).filter(isUuid) };
    const [rows, total] = await this.em.findAndCount(BookRequest, where, {
      orderBy: { [SORTABLE[sort.field as keyof typeof SORTABLE]]: `${sort.order.toLowerCase()} nulls last`, id: 'asc' },
      offset,
      limit,
    });
    setContentRange(res, 'book-requests', offset, rows.length, total);
    return rows.map(toBookRequestAdminView);
  }

  @Get(':id')
  async show(@Param('id', ParseUUIDPipe) id: string): Promise<BookRequestAdminView> {
    return toBookRequestAdminView(await this.requests.find(id));
  }

  @Post(':id/status')
  @HttpCode(200)
  @ApiOperation({ summary: "Change the request's status through its workflow (pending → in_progress | cancelled, in_progress → completed | cancelled)" })
  async changeStatus(@Param('id', ParseUUIDPipe) id: string, @Body() dto: ChangeBookRequestStatusDto, @CurrentUser() user: AuthUser): Promise<BookRequestAdminView> {
    return toBookRequestAdminView(await this.requests.changeStatus(id, dto.status, user.email ?? user.id));
  }
}
