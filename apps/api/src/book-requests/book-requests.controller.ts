import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Module } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { BookRequestView } from '../../../../libs/contracts/index.ts';
import { BookRequest } from '../../../../libs/db/index.ts';
import type { AuthUser } from '../auth/auth.types.ts';
import { CurrentUser } from '../auth/public.decorator.ts';

export function toBookRequestView(request: BookRequest): BookRequestView {
  return {
    id: request.id,
    user_id: request.user.id,
    name: request.name,
    email: request.email,
    book_topic: request.bookTopic,
    book_style: request.bookStyle ?? null,
    book_description: request.bookDescription,
    additional_notes: request.additionalNotes ?? null,
    status: request.status,
    created_at: request.createdAt.toISOString(),
  };
}

/** The caller's book requests, newest first; filtered on the server, never in the page. */
@ApiTags('book requests')
@ApiBearerAuth()
@Controller('book-requests')
export class BookRequestsController {
  constructor(private readonly em: EntityManager) {}

  @Get()
  async list(@CurrentUser() user: AuthUser): Promise<BookRequestView[]> {
    const rows = await this.em.find(BookRequest, { user: user.id }, { orderBy: { createdAt: 'desc' }, limit: 200 });
    return rows.map(toBookRequestView);
  }
}

@Module({ controllers: [BookRequestsController] })
export class BookRequestsModule {}
