import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { BookRequestView } from '../../../../libs/contracts/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, OptionalAuth } from '../common/auth.decorators.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { CreateBookRequestDto } from './book-requests.dto.ts';
import { BookRequestsService } from './book-requests.service.ts';
import { toBookRequestView } from './book-requests.view.ts';

/** The author's book requests to the team (Book Requests tab of the dashboard). */
@ApiTags('book requests')
@ApiBearerAuth()
@Controller('book-requests')
export class BookRequestsController {
  constructor(private readonly requests: BookRequestsService) {}

  @Get()
  @ApiOperation({ summary: "The caller's book requests, newest first" })
  async list(@CurrentUser() user: AuthUser): Promise<BookRequestView[]> {
    return (await this.requests.list(user)).map(toBookRequestView);
  }

  /** Open to everyone so that a signed-out visitor hears the spec's message rather than a bare 401. */
  @Post()
  @OptionalAuth()
  @RateLimited('forms')
  @ApiOperation({
    summary: 'Send a book request: stored as pending; the author and support are mailed',
    description: "The request carries the account's own address, whatever `email` says, and is refused (403) until that address is confirmed.",
  })
  async create(@Body() dto: CreateBookRequestDto, @CurrentUser() user?: AuthUser): Promise<BookRequestView> {
    return toBookRequestView(await this.requests.create(dto, user));
  }
}
