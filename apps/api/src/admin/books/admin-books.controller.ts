import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AdminBookView } from '../../../../../libs/contracts/index.ts';
import { Roles } from '../../common/auth.decorators.ts';
import { UuidParam } from '../../common/uuid.pipe.ts';
import { AdminBooksService, BOOK_SORTABLE } from './admin-books.service.ts';
import { parseListQuery, setContentRange } from '../simple-rest.ts';

/** Every author's books for the back office (react-admin simple-rest), read-only, with their files, previews and runs. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/books')
@Roles('elite_team', 'admin')
export class AdminBooksController {
  constructor(private readonly books: AdminBooksService) {}

  @Get()
  @ApiOperation({ summary: 'Filters: stage, failed (true/false), provider, user_id, q (title, author, e-mail), id; newest first by default' })
  async list(@Query() query: { sort?: string; range?: string; filter?: string }, @Res({ passthrough: true }) res: Response): Promise<AdminBookView[]> {
    const parsed = parseListQuery(query, Object.keys(BOOK_SORTABLE), { field: 'created_at', order: 'DESC' });
    const { views, total } = await this.books.list(parsed);
    setContentRange(res, 'books', parsed.offset, views.length, total);
    return views;
  }

  @Get(':id')
  async show(@UuidParam() id: string): Promise<AdminBookView> {
    return this.books.show(id);
  }

  @Get(':id/files/:kind')
  @ApiOperation({ summary: "One of the book's files: pdf, cover, cover-png, epub, docx or zip (?inline=1 to view)" })
  async file(@UuidParam() id: string, @Param('kind') kind: string, @Query('inline') inline: string | undefined, @Res() res: Response): Promise<void> {
    await this.books.sendFile(res, id, kind, inline === '1');
  }

  @Get(':id/previews/:n')
  @ApiOperation({ summary: 'The n-th preview image (PNG) of the PDF' })
  async preview(@UuidParam() id: string, @Param('n') n: string, @Res() res: Response): Promise<void> {
    await this.books.sendPreview(res, id, n);
  }
}
